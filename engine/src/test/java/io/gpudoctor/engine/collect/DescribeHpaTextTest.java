package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.HpaFacts;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Read;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kubectl describe hpa, and an HPA conditions table pasted alone. */
class DescribeHpaTextTest {
  private static final String DESCRIBE = """
      Name:                                                  keda-hpa-vllm-phi-4
      Namespace:                                             ml
      Labels:                                                app.kubernetes.io/managed-by=keda-operator
                                                             scaledobject.keda.sh/name=vllm-phi-4
      Annotations:                                           <none>
      CreationTimestamp:                                     Tue, 02 Jun 2026 16:40:11 +0000
      Reference:                                             Deployment/vllm-phi-4
      Metrics:                                               ( current / target )
        "s0-prometheus" (target average value):              <unknown> / 5
        "DCGM_FI_DEV_FB_USED_AVG" on pods:                   <unknown> / 10k
        resource cpu on pods  (as a percentage of request):  12% (480m) / 80%
      Min replicas:                                          1
      Max replicas:                                          20
      Deployment pods:                                       2 current / 2 desired
      Conditions:
        Type            Status  Reason                   Message
        ----            ------  ------                   -------
        AbleToScale     True    SucceededGetScale        the HPA controller was able to get the target's current scale
        ScalingActive   False   FailedGetExternalMetric  the HPA was unable to compute the replica count: unable to get external metric ml/s0-prometheus/&LabelSelector{MatchLabels:map[string]string{scaledobject.keda.sh/name: vllm-phi-4,},MatchExpressions:[]LabelSelectorRequirement{},}: unable to fetch metrics from external metrics API
      Events:
        Type     Reason                   Age                  From                       Message
        ----     ------                   ----                 ----                       -------
        Warning  FailedGetExternalMetric  2m (x30 over 17m)    horizontal-pod-autoscaler  unable to get external metric ml/s0-prometheus/&LabelSelector{MatchLabels:map[string]string{scaledobject.keda.sh/name: vllm-phi-4,},MatchExpressions:[]LabelSelectorRequirement{},}: unable to fetch metrics from external metrics API
      """;

  @TempDir Path folder;

  @Test
  void aDescribedHpaGivesTheFactsItsJsonWould() {
    write(folder, "target.yaml", "capturedAt: \"2026-06-03T10:20:00Z\"\n");
    write(folder, "describe-hpa.txt", DESCRIBE);

    EvidenceBundle bundle = read(folder);
    HpaFacts hpa = only(bundle, HpaFacts.class);
    assertThat(hpa.key()).isEqualTo("ml/keda-hpa-vllm-phi-4");
    assertThat(hpa.targetKind()).isEqualTo("Deployment");
    assertThat(hpa.targetName()).isEqualTo("vllm-phi-4");
    assertThat(hpa.minReplicas()).isEqualTo(1);
    assertThat(hpa.maxReplicas()).isEqualTo(20);
    assertThat(hpa.currentReplicas()).isEqualTo(2);
    assertThat(hpa.desiredReplicas()).isEqualTo(2);
    assertThat(hpa.metrics()).containsExactly("external s0-prometheus", "pods DCGM_FI_DEV_FB_USED_AVG", "resource cpu");
    Condition active = hpa.condition("ScalingActive");
    assertThat(active.isFalse()).isTrue();
    assertThat(active.reason()).isEqualTo("FailedGetExternalMetric");
    assertThat(active.provenance().toString()).isEqualTo("describe-hpa.txt#line 19");
    KubeEvent e = only(bundle, KubeEvent.class);
    assertThat(e.involvedKind()).isEqualTo("HorizontalPodAutoscaler");
    assertThat(e.involvedKey()).isEqualTo("ml/keda-hpa-vllm-phi-4");
    assertThat(e.count()).isEqualTo(30);
    assertThat(bundle.reads()).contains(Read.supplied("hpas", "describe-hpa.txt"));
  }

  @Test
  void theJsonOfTheSameHpaWinsOverItsDescription() {
    write(folder, "describe-hpa.txt", DESCRIBE);
    write(folder, "hpa.json", """
        {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler",
         "metadata": {"name": "keda-hpa-vllm-phi-4", "namespace": "ml"},
         "spec": {"scaleTargetRef": {"kind": "Deployment", "name": "vllm-phi-4"}, "minReplicas": 1, "maxReplicas": 20},
         "status": {"conditions": [{"type": "ScalingActive", "status": "False", "reason": "FailedGetExternalMetric", "message": "m"}]}}
        """);

    assertThat(only(read(folder), HpaFacts.class).provenance().source()).isEqualTo("hpa.json");
  }

  @Test
  void aConditionsTablePastedAloneIsAnHpaNamedByTheTarget() {
    write(folder, "target.yaml", "namespace: ml\nresource: hpa/vllm-phi-4\n");
    write(folder, "issue.md", """
        Our HPA stopped scaling on the DCGM metric. `kubectl describe hpa` shows:

        ```
          Type            Status  Reason               Message
          ----            ------  ------               -------
          AbleToScale     True    SucceededGetScale    the HPA controller was able to get the target's current scale
          ScalingActive   False   FailedGetPodsMetric  the HPA was unable to compute the replica count: unable to get metric DCGM_FI_DEV_FB_USED_AVG: no metrics returned from custom metrics API
          ScalingLimited  False   DesiredWithinRange   the desired count is within the acceptable range
        ```
        """);

    HpaFacts hpa = only(read(folder), HpaFacts.class);
    assertThat(hpa.key()).isEqualTo("ml/vllm-phi-4");
    assertThat(hpa.conditions()).extracting(Condition::type).containsExactly("AbleToScale", "ScalingActive", "ScalingLimited");
    assertThat(hpa.condition("ScalingActive").provenance().toString()).isEqualTo("issue.md#line 7");
  }

  @Test
  void aPodConditionsTableIsNoHpa() {
    write(folder, "conditions.txt", """
        Conditions:
          Type              Status
          PodScheduled      False
        """);
    write(folder, "node-conditions.txt", """
          Type             Status  Reason                       Message
          ----             ------  ------                       -------
          MemoryPressure   False   KubeletHasSufficientMemory   kubelet has sufficient memory available
        """);

    assertThat(facts(read(folder), HpaFacts.class)).isEmpty();
    assertThat(DescribeHpaText.mentions(String.join("\n", List.of("  Type  Status  Reason  Message", "  Ready  True  KubeletReady  ok"))))
        .isFalse();
  }
}
