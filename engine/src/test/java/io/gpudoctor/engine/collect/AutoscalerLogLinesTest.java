package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.ScaleUpSkipped;
import io.gpudoctor.facts.ScaleUpTemplateMismatch;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster autoscaler's klog lines: its events and its scale-up simulation against each group's template. */
class AutoscalerLogLinesTest {
  private static final String TARGET = """
      namespace: ml
      capturedAt: "2026-06-03T10:20:00Z"
      """;

  @TempDir Path folder;

  @Test
  void anEventBroadcasterLineBecomesTheEventTheApiWouldListCountedOverTheLoops() {
    write(folder, "target.yaml", TARGET);
    write(folder, "cluster-autoscaler.log", """
        I0603 10:14:02.118734       1 static_autoscaler.go:290] Starting main loop
        I0603 10:14:02.125012       1 event_sink_logging_wrapper.go:48] Event(v1.ObjectReference{Kind:"Pod", Namespace:"ml", Name:"vllm-0", UID:"4b1e9c2a-7d3f-4a8e-b6c1-2f9e8d7a6c5b", APIVersion:"v1", ResourceVersion:"1204388", FieldPath:""}): type: 'Normal' reason: 'NotTriggerScaleUp' pod didn't trigger scale-up: 2 Insufficient nvidia.com/gpu
        I0603 10:14:12.214630       1 event_sink_logging_wrapper.go:48] Event(v1.ObjectReference{Kind:"Pod", Namespace:"ml", Name:"vllm-0", UID:"4b1e9c2a-7d3f-4a8e-b6c1-2f9e8d7a6c5b", APIVersion:"v1", ResourceVersion:"1204388", FieldPath:""}): type: 'Normal' reason: 'NotTriggerScaleUp' pod didn't trigger scale-up: 2 Insufficient nvidia.com/gpu
        """);

    EvidenceBundle bundle = read(folder);
    KubeEvent e = only(bundle, KubeEvent.class);
    assertThat(e.involvedKey()).isEqualTo("ml/vllm-0");
    assertThat(e.involvedKind()).isEqualTo("Pod");
    assertThat(e.reason()).isEqualTo("NotTriggerScaleUp");
    assertThat(e.component()).isEqualTo("cluster-autoscaler");
    assertThat(e.count()).isEqualTo(2);
    assertThat(e.firstSeen()).as("the capture's year").isEqualTo(Instant.parse("2026-06-03T10:14:02.125012Z"));
    assertThat(e.lastSeen()).isEqualTo(Instant.parse("2026-06-03T10:14:12.214630Z"));
    assertThat(e.provenance().toString()).isEqualTo("cluster-autoscaler.log#line 2");
    assertThat(only(bundle, ScaleUpSkipped.class).resource()).isEqualTo("nvidia.com/gpu");
    assertThat(only(bundle, PodFacts.class).phase()).as("a pod the autoscaler reports on waits for a node").isEqualTo("Pending");
  }

  @Test
  void theStructuredEventLineKeepsItsEscapedQuotesAndItsObject() {
    write(folder, "target.yaml", TARGET);
    write(folder, "ca.txt", """
        I0603 10:14:02.131044       1 event.go:307] "Event occurred" object="ml/vllm-0" fieldPath="" kind="Pod" apiVersion="v1" type="Normal" reason="NotTriggerScaleUp" message="pod didn't trigger scale-up: 1 node(s) had untolerated taint {sku: gpu}, 1 max node group size reached"
        I0603 10:15:40.002117       1 event.go:307] "Event occurred" object="kube-system/cluster-autoscaler-status" fieldPath="" kind="ConfigMap" apiVersion="v1" type="Warning" reason="FailedToScaleUpGroup" message="Scale-up failed for group aks-gpunp-31872604-vmss: Code=\\"OperationNotAllowed\\" Message=\\"Operation results in exceeding quota limits of Core.\\""
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, KubeEvent.class)).extracting(KubeEvent::involvedKey, KubeEvent::reason)
        .containsExactly(tuple("ml/vllm-0", "NotTriggerScaleUp"), tuple("kube-system/cluster-autoscaler-status", "FailedToScaleUpGroup"));
    assertThat(facts(bundle, KubeEvent.class).get(1).message()).contains("Code=\"OperationNotAllowed\" Message=\"Operation");
    assertThat(facts(bundle, ScaleUpSkipped.class)).extracting(ScaleUpSkipped::category)
        .containsExactly(ReasonCategory.UNTOLERATED_TAINT, ReasonCategory.MAX_NODE_GROUP_SIZE);
  }

  @Test
  void theTemplateSimulationIsReadInTheWordingOfEachAutoscalerEra() {
    write(folder, "target.yaml", TARGET);
    write(folder, "ca.log", """
        I0605 11:27:29.865576       1 scale_up.go:54] Pod default/gpu-test-6f48d9555d-l9822 is unschedulable
        I0605 11:27:30.005163       1 scale_up.go:146] Scale-up predicate failed: PodFitsResources predicate mismatch, cannot put default/gpu-test-6f48d9555d-l9822 on template-node-for-gpus.k8s.local-5829202798403814789, reason: Insufficient nvidia.com/gpu
        I0605 11:28:30.117204       1 scale_up.go:300] Pod gpu-test-6f48d9555d-l9822 can't be scheduled on aks-gpunp-31872604-vmss, predicate failed: GeneralPredicates predicate mismatch, reason: Insufficient nvidia.com/gpu
        I0605 11:29:30.402771       1 orchestrator.go:563] Pod default/gpu-test-6f48d9555d-l9822 can't be scheduled on aks-tainted-51872604-vmss, predicate checking error: node(s) had untolerated taint {sku: gpu}; predicateName=TaintToleration; reasons: node(s) had untolerated taint {sku: gpu}; debugInfo=taints on node: []v1.Taint{v1.Taint{Key:"sku", Value:"gpu", Effect:"NoSchedule"}}
        I0605 11:30:30.402771       1 orchestrator.go:563] Pod default/gpu-test-6f48d9555d-l9822 can't be scheduled on aks-system-20417735-vmss, predicate checking error: Insufficient cpu, Insufficient nvidia.com/gpu; predicateName=NodeResourcesFit; reasons: Insufficient cpu, Insufficient nvidia.com/gpu; debugInfo=
        """);

    assertThat(facts(read(folder), ScaleUpTemplateMismatch.class))
        .extracting(ScaleUpTemplateMismatch::podKey, ScaleUpTemplateMismatch::group, ScaleUpTemplateMismatch::pool,
            ScaleUpTemplateMismatch::category, ScaleUpTemplateMismatch::resource, ScaleUpTemplateMismatch::gpuMissing)
        .containsExactly(
            tuple("default/gpu-test-6f48d9555d-l9822", "gpus.k8s.local", "gpus.k8s.local", ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", true),
            // The pod named without its namespace: the "is unschedulable" line of the same log gives it.
            tuple("default/gpu-test-6f48d9555d-l9822", "aks-gpunp-31872604-vmss", "gpunp", ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", true),
            tuple("default/gpu-test-6f48d9555d-l9822", "aks-tainted-51872604-vmss", "tainted", ReasonCategory.UNTOLERATED_TAINT, null, false),
            tuple("default/gpu-test-6f48d9555d-l9822", "aks-system-20417735-vmss", "system", ReasonCategory.INSUFFICIENT_RESOURCE, "cpu", false),
            tuple("default/gpu-test-6f48d9555d-l9822", "aks-system-20417735-vmss", "system", ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", true));
  }

  @Test
  void withoutACaptureTimeAKlogTimeHasNoYearAndStaysUnknown() {
    write(folder, "issue.md", """
        The autoscaler says:
        ```
        I0605 11:27:30.008919       1 factory.go:33] Event(v1.ObjectReference{Kind:"Pod", Namespace:"default", Name:"gpu-test-6f48d9555d-l9822", UID:"3416d787-68b3-11e8-8e8f-0639a6e973b0", APIVersion:"v1", ResourceVersion:"12429157", FieldPath:""}): type: 'Normal' reason: 'NotTriggerScaleUp' pod didn't trigger scale-up (it wouldn't fit if a new node is added)
        ```
        """);

    KubeEvent e = only(read(folder), KubeEvent.class);
    assertThat(e.lastSeen()).isNull();
    assertThat(e.message()).isEqualTo("pod didn't trigger scale-up (it wouldn't fit if a new node is added)");
  }

  @Test
  void kubectlLogsTimestampsGiveTheYearTheKlogHeaderLacks() {
    write(folder, "logs/kube-system/cluster-autoscaler-7c9d8b6f5-k2m4x/cluster-autoscaler.log", """
        2025-12-31T23:59:58.125012345Z I1231 23:59:58.125012       1 event_sink_logging_wrapper.go:48] Event(v1.ObjectReference{Kind:"Pod", Namespace:"ml", Name:"vllm-0", UID:"u", APIVersion:"v1", ResourceVersion:"1", FieldPath:""}): type: 'Normal' reason: 'NotTriggerScaleUp' pod didn't trigger scale-up: 1 max node group size reached
        """);

    assertThat(only(read(folder), KubeEvent.class).lastSeen()).isEqualTo(Instant.parse("2025-12-31T23:59:58.125012345Z"));
  }

  @Test
  void anEventListInYamlThatQuotesTheReasonIsNoAutoscalerLog() {
    String yaml = """
        apiVersion: v1
        kind: Event
        message: "pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpu"
        reason: NotTriggerScaleUp
        """;
    assertThat(AutoscalerLogLines.mentions(yaml)).isFalse();
    assertThat(AutoscalerLogLines.mentions("I0603 10:14:02.118734       1 static_autoscaler.go:290] Starting main loop")).isFalse();
  }
}
