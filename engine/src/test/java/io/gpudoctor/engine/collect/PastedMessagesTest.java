package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The message of an event pasted without its event row (prose, inline code, a title, a YAML
 * {@code message:} field, a component's log line) is the event the component records with it.
 */
class PastedMessagesTest {
  private static final String SCHEDULER = "0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) didn't match "
      + "Pod's node affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, "
      + "3 Preemption is not helpful for scheduling.";

  @TempDir Path folder;

  private KubeEvent onlyEvent() {
    return only(read(folder), KubeEvent.class);
  }

  @Test
  void bareSchedulerMessageInProseBecomesAFailedSchedulingEvent() {
    write(folder, "issue.md", "# GPU pod pending\n\nThe pod never starts, it says `" + SCHEDULER + "` and waits.\n");

    EvidenceBundle bundle = read(folder);

    KubeEvent e = only(bundle, KubeEvent.class);
    assertThat(e).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component, KubeEvent::message, KubeEvent::count)
        .containsExactly("Warning", "FailedScheduling", "default-scheduler", SCHEDULER, 1);
    // No pod is named anywhere: the message is about a pod whose name was not captured.
    assertThat(e.involvedName()).isEqualTo(PodFacts.UNNAMED);
    assertThat(e.provenance().source()).isEqualTo("issue.md");
    assertThat(e.provenance().pointer()).isEqualTo("line 3");
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.EVENTS, "issue.md"));
    assertThat(bundle.warnings()).noneMatch(w -> w.contains("tied to no pod"));
  }

  @Test
  void theCommandPastedAboveTheMessageNamesItsPod() {
    write(folder, "issue.md", """
        ```
        $ kubectl get pod vllm-mistral-0 -n llm -o jsonpath='{.status.conditions[0].message}'
        %s
        ```
        """.formatted(SCHEDULER));

    KubeEvent e = onlyEvent();

    assertThat(e.involvedKey()).isEqualTo("llm/vllm-mistral-0");
    assertThat(e.involvedKind()).isEqualTo("Pod");
    assertThat(e.provenance().pointer()).isEqualTo("line 3");
  }

  @Test
  void withoutANamedPodTheMessageIsAboutTheTargetPod() {
    write(folder, "target.yaml", "namespace: llm\nresource: pod/vllm-mistral-0\n");
    write(folder, "notes.txt", "scheduler: " + SCHEDULER + "\n");

    assertThat(onlyEvent().involvedKey()).isEqualTo("llm/vllm-mistral-0");
  }

  @Test
  void aMessageWrappedInInlineCodeOverTwoLinesIsJoined() {
    write(folder, "issue.md", "I got this error message:\n\n`0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are\navailable: 2 No preemption victims found for incoming pod.`\n");

    assertThat(onlyEvent().message()).isEqualTo("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 "
        + "nodes are available: 2 No preemption victims found for incoming pod.");
  }

  @Test
  void aFoldedYamlMessageIsJoinedAndNamedByItsFirstLine() {
    write(folder, "status.txt", """
        status:
          conditions:
          - lastTransitionTime: "2026-06-11T12:02:44Z"
            message: >-
              0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu},
              2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3
              Preemption is not helpful for scheduling.
            reason: Unschedulable
        """);

    KubeEvent e = onlyEvent();

    assertThat(e.message()).isEqualTo("0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, 2 Insufficient "
        + "nvidia.com/gpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
    assertThat(e.provenance().pointer()).isEqualTo("line 5");
  }

  @Test
  void theSchedulersOwnLogLineNamesThePod() {
    write(folder, "scheduler.txt", "I0611 12:02:44.118233       1 schedule_one.go:1050] \"Unable to schedule pod; no fit; waiting\" "
        + "pod=\"llm/vllm-mistral-0\" err=\"0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are "
        + "available: 3 No preemption victims found for incoming pod.\"\n");

    KubeEvent e = onlyEvent();

    assertThat(e.involvedKey()).isEqualTo("llm/vllm-mistral-0");
    assertThat(e.message()).endsWith("No preemption victims found for incoming pod.");
  }

  @Test
  void noNodesAvailableIsAFailedSchedulingToo() {
    write(folder, "issue.md", "### Events\n\nOnly `no nodes available to schedule pods` in the events.\n");

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::message)
        .containsExactly("FailedScheduling", "no nodes available to schedule pods");
  }

  @Test
  void kubeletAdmissionMessagesInEveryPrefixBecomeUnexpectedAdmissionErrors() {
    write(folder, "issue.md", """
        ## What happened

        Pods on aks-gpunp-31245678-vmss000002 end up `Failed` with:

        ```
        $ kubectl get pod vllm-mistral-7c9f8d6b5-qx2lw -n llm -o jsonpath='{.status.message}'

        Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        ```

        On the older node pool (1.24) the same reads `Pod Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected`.
        The kubelet log has "Allocate failed due to rpc error: code = Unavailable desc = error reading from server: EOF, which is unexpected" too.
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(facts(bundle, KubeEvent.class))
        .allSatisfy(e -> assertThat(e).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component)
            .containsExactly("Warning", "UnexpectedAdmissionError", "kubelet"))
        .extracting(KubeEvent::message, e -> e.provenance().pointer())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("Pod was rejected: Allocate failed due to requested number of devices "
                + "unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected", "line 8"),
            org.assertj.core.groups.Tuple.tuple("Pod Allocate failed due to no healthy devices present; cannot allocate "
                + "unhealthy devices nvidia.com/gpu, which is unexpected", "line 11"),
            org.assertj.core.groups.Tuple.tuple("Allocate failed due to rpc error: code = Unavailable desc = error reading "
                + "from server: EOF, which is unexpected", "line 12"));
  }

  @Test
  void autoscalerMessagesOfEveryVersionBecomeNotTriggerScaleUp() {
    write(folder, "issue.md", """
        # GPU pool does not scale from zero

        Cluster autoscaler 1.19 said `pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 Insufficient nvidia.com/gpu`,
        after the upgrade to 1.29 it says `pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector`.
        """);

    assertThat(facts(read(folder), KubeEvent.class))
        .allSatisfy(e -> assertThat(e).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component)
            .containsExactly("Normal", "NotTriggerScaleUp", "cluster-autoscaler"))
        .extracting(KubeEvent::message)
        .containsExactly("pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 Insufficient nvidia.com/gpu",
            "pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector");
  }

  @Test
  void aMessageOfAnEventRowIsNotReadASecondTime() {
    write(folder, "issue.md", """
        # vllm-mistral-0 Pending

        $ kubectl describe pod vllm-mistral-0 -n llm
        Name:             vllm-mistral-0
        Namespace:        llm
        Status:           Pending
        Events:
          Type     Reason            Age   From               Message
          ----     ------            ----  ----               -------
          Warning  FailedScheduling  2m    default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.

        So the scheduler says `0/2 nodes are available: 2 Insufficient nvidia.com/gpu.` but the node has a GPU.
        """);

    KubeEvent e = onlyEvent();

    assertThat(e.involvedKey()).isEqualTo("llm/vllm-mistral-0");
    assertThat(e.provenance().pointer()).isEqualTo("line 10");
  }

  @Test
  void aTitleThatRepeatsTheBodysMessageCountsOnceAtTheBody() {
    write(folder, "issue.md", """
        # Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected

        The pod's status says the same: `Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected`
        """);

    assertThat(onlyEvent().provenance().pointer()).isEqualTo("line 3");
  }

  @Test
  void aTitleAloneStillCarriesTheMessage() {
    write(folder, "issue.md", "# " + SCHEDULER + "\n\nAny idea what is wrong with my affinity?\n");

    assertThat(onlyEvent()).extracting(KubeEvent::message, e -> e.provenance().pointer()).containsExactly(SCHEDULER, "line 1");
  }

  @Test
  void kubeletResourceRejectionsInEveryPrefixBecomeOutOfResourceEvents() {
    write(folder, "issue.md", """
        ## Pods fail on the new node

        The pod's message is `Pod was rejected: Node didn't have enough resource: cpu, requested: 8000, used: 1930, capacity: 7820`
        and on the 1.19 cluster it read "Pod Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 1".
        """);

    assertThat(facts(read(folder), KubeEvent.class))
        .allSatisfy(e -> assertThat(e).extracting(KubeEvent::type, KubeEvent::component).containsExactly("Warning", "kubelet"))
        .extracting(KubeEvent::reason, KubeEvent::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("OutOfcpu",
                "Pod was rejected: Node didn't have enough resource: cpu, requested: 8000, used: 1930, capacity: 7820"),
            org.assertj.core.groups.Tuple.tuple("OutOfnvidia.com/gpu",
                "Pod Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 1"));
  }

  @Test
  void evictionMessagesBecomeEvictedEventsOfAFailedPodNotNamed() {
    write(folder, "issue.md", """
        Our embedding pod keeps getting evicted: `The node was low on resource: memory. Threshold quantity: 100Mi, available: 91820Ki. Container embed was using 7340212Ki, which exceeds its request of 2Gi.`
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, KubeEvent.class)).extracting(KubeEvent::reason, KubeEvent::component)
        .containsExactly("Evicted", "kubelet");
    PodFacts pod = only(bundle, PodFacts.class);
    assertThat(pod).extracting(PodFacts::name, PodFacts::phase, PodFacts::reason)
        .containsExactly(PodFacts.UNNAMED, "Failed", "Evicted");
    assertThat(pod.message()).endsWith("which exceeds its request of 2Gi.");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "Pod ephemeral local storage usage exceeds the total limit of containers 20Gi.",
      "Container vllm exceeded its local ephemeral storage limit \"50Gi\".",
      "Usage of EmptyDir volume \"hf-cache\" exceeds the limit \"100Gi\"."})
  void evictionsOverThePodsOwnEphemeralStorageLimitsAreEvictedEventsToo(String message) {
    write(folder, "issue.md", "The model server is evicted a few minutes after each start:\n\n    " + message + "\n");

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, KubeEvent.class)).extracting(KubeEvent::reason, KubeEvent::component)
        .containsExactly("Evicted", "kubelet");
    assertThat(only(bundle, PodFacts.class)).extracting(PodFacts::phase, PodFacts::reason, PodFacts::message)
        .containsExactly("Failed", "Evicted", message);
  }

  @Test
  void theOomWatchersMessageIsAboutTheNodeTheLastCommandNames() {
    write(folder, "issue.md", """
        $ kubectl describe node aks-gpua100-28173645-vmss000001 | grep -c SystemOOM
        14
        Its events say "System OOM encountered, victim process: python3, pid: 88213" every few minutes.
        """);

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::component, KubeEvent::involvedKind,
            KubeEvent::involvedName, KubeEvent::message)
        .containsExactly("SystemOOM", "kubelet", "Node", "aks-gpua100-28173645-vmss000001",
            "System OOM encountered, victim process: python3, pid: 88213");
  }

  @Test
  void theOomWatchersOldMessageWithoutACommandIsAboutANodeNotNamed() {
    write(folder, "issue.md", "On 1.9 the node only said System OOM encountered\n");

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::involvedKind, KubeEvent::involvedName)
        .containsExactly("SystemOOM", "Node", null);
  }

  @Test
  void theKubeletsPullFailureInProseIsAFailedEventButATitleAboutAPullIsNot() {
    write(folder, "issue.md", """
        # Failed to pull image "curlimages/curl" on the tuning job

        The pod shows Failed to pull image "curlimages/curl:8.7.1": rpc error: code = Unknown desc = failed to pull and unpack image "docker.io/curlimages/curl:8.7.1": failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/curlimages/curl/manifests/sha256:9a1e: 429 Too Many Requests - Server message: toomanyrequests: You have reached your pull rate limit.
        then `Back-off pulling image "curlimages/curl:8.7.1"`.
        """);

    assertThat(facts(read(folder), KubeEvent.class)).extracting(KubeEvent::reason, e -> e.provenance().pointer())
        .containsExactly(org.assertj.core.groups.Tuple.tuple("Failed", "line 3"),
            org.assertj.core.groups.Tuple.tuple("BackOff", "line 4"));
  }

  @Test
  void aTitlesMessageEndsWhereItsInlineCodeEnds() {
    write(folder, "issue.md", "# pod fails with `Node didn't have enough resource: memory` on busy nodes\n");

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::message)
        .containsExactly("OutOfmemory", "Node didn't have enough resource: memory");
  }

  @Test
  void gkesFailedScaleUpInProseIsTheAutoscalersEventAndComputeEnginesError() {
    write(folder, "issue.md", """
        # L4 node never comes up

        The pod stays Pending and GKE shows Node scale up in zones europe-west4-a associated with this pod failed: GCE quota exceeded. Pod is at risk of not being scheduled. The quota page looks fine to me.
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, KubeEvent.class)).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component)
        .containsExactly("Warning", "FailedScaleUp", "cluster-autoscaler");
    assertThat(only(bundle, io.gpudoctor.facts.AzureError.class)).satisfies(e -> {
      assertThat(e.kind()).isEqualTo(io.gpudoctor.facts.AzureErrorKind.QUOTA);
      assertThat(e.cloud()).isEqualTo(io.gpudoctor.facts.AzureError.GCE);
      assertThat(e.region()).isEqualTo("europe-west4");
      assertThat(e.message()).isEqualTo("Node scale up in zones europe-west4-a associated with this pod failed: GCE quota "
          + "exceeded. Pod is at risk of not being scheduled.");
    });
  }

  @Test
  void karpentersProvisionerLogLinesOfEveryVersionBecomeItsFailedSchedulingEvent() {
    write(folder, "issue.md", """
        v0.37, JSON encoder:

        {"level":"ERROR","time":"2026-03-02T11:40:18.204Z","logger":"controller.provisioner","message":"Could not schedule pod, incompatible with nodepool \\"gpu\\", daemonset overhead={\\"cpu\\":\\"200m\\"}, no instance type satisfied resources {\\"nvidia.com/gpu\\":\\"2\\"} and requirements karpenter.sh/nodepool In [gpu] (no instance type has enough resources)","commit":"a1b2c3d","pod":"ml/vllm-0"}

        v0.31, console encoder:

        2026-03-02T11:40:18.204Z	ERROR	controller.provisioner	Could not schedule pod, incompatible with provisioner "gpu", daemonset overhead={"cpu":"200m"}, did not tolerate sku=gpu:NoSchedule	{"commit": "322822a", "pod": "ml/vllm-1"}

        v1.1, the errors apart:

        {"level":"ERROR","time":"2026-03-02T11:40:18.204Z","logger":"controller","message":"could not schedule pod","Pod":{"name":"vllm-2","namespace":"ml"},"error":"incompatible with nodepool \\"gpu\\", daemonset overhead={\\"cpu\\":\\"200m\\"}, incompatible requirements, key nvidia.com/gpu.product, nvidia.com/gpu.product In [A100] not in nvidia.com/gpu.product In [T4]"}
        """);

    assertThat(facts(read(folder), KubeEvent.class))
        .allSatisfy(e -> assertThat(e).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component)
            .containsExactly("Warning", "FailedScheduling", "karpenter"))
        .extracting(KubeEvent::involvedKey, KubeEvent::message)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml/vllm-0", "Could not schedule pod, incompatible with nodepool \"gpu\", "
                + "daemonset overhead={\"cpu\":\"200m\"}, no instance type satisfied resources {\"nvidia.com/gpu\":\"2\"} "
                + "and requirements karpenter.sh/nodepool In [gpu] (no instance type has enough resources)"),
            org.assertj.core.groups.Tuple.tuple("ml/vllm-1", "Could not schedule pod, incompatible with provisioner \"gpu\", "
                + "daemonset overhead={\"cpu\":\"200m\"}, did not tolerate sku=gpu:NoSchedule"),
            org.assertj.core.groups.Tuple.tuple("ml/vllm-2", "Failed to schedule pod, incompatible with nodepool \"gpu\", "
                + "daemonset overhead={\"cpu\":\"200m\"}, incompatible requirements, key nvidia.com/gpu.product, nvidia.com/gpu.product In [A100] not in "
                + "nvidia.com/gpu.product In [T4]"));
  }

  @Test
  void anotherComponentsCouldNotSchedulePodIsNoKarpenterEvent() {
    write(folder, "notes.txt", "scheduler-plugins: Could not schedule pod, waiting for the PodGroup to reach minMember\n");

    assertThat(facts(read(folder), KubeEvent.class)).isEmpty();
  }

  @Test
  void volcanosFitErrorsQuotedAfterTheComponentInOneCodeSpanAreAVolcanoFailedScheduling() {
    write(folder, "issue.md", "The worker stays Pending with `volcano  0/6 nodes are unavailable: 2 node(s) didn't match "
        + "Pod's node affinity/selector, 4 Insufficient nvidia.com/gpu.` even though the serving pods rank lower.\n");

    KubeEvent e = onlyEvent();
    assertThat(e).extracting(KubeEvent::type, KubeEvent::reason, KubeEvent::component, KubeEvent::message)
        .containsExactly("Warning", "FailedScheduling", "volcano",
            "0/6 nodes are unavailable: 2 node(s) didn't match Pod's node affinity/selector, 4 Insufficient nvidia.com/gpu.");
  }

  @Test
  void olderVolcanosAllNodesAreUnavailableIsAVolcanoFailedSchedulingToo() {
    write(folder, "notes.txt", "all nodes are unavailable: 3 Insufficient nvidia.com/gpu.\n");

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::component, KubeEvent::message)
        .containsExactly("FailedScheduling", "volcano", "all nodes are unavailable: 3 Insufficient nvidia.com/gpu.");
  }

  @Test
  void aMessageGluedToCjkTextStartsAtItsFirstWordAndEndsBeforeTheFullWidthStop() {
    write(folder, "issue.md", "创建Pod时出现UnexpectedAdmissionError，具体信息是Allocate failed due to requested number of "
        + "devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected。但删除这一行后可以调度\n");

    assertThat(onlyEvent()).extracting(KubeEvent::reason, KubeEvent::message)
        .containsExactly("UnexpectedAdmissionError", "Allocate failed due to requested number of devices unavailable for "
            + "nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected");
  }

  @Test
  void aSchedulerMessageInFullWidthQuotesEndsAtTheClosingQuote() {
    write(folder, "issue.md", "イベントには「0/2 nodes are available: 2 Insufficient nvidia.com/gpu」と出ています。\n");

    assertThat(onlyEvent().message()).isEqualTo("0/2 nodes are available: 2 Insufficient nvidia.com/gpu");
  }

  @Test
  void aMessageBareInCjkProseEndsWhereTheProseGoesOn() {
    write(folder, "issue.md", "调度失败：0/2 nodes are available: 2 Insufficient nvidia.com/gpu。节点是A100。\n");

    assertThat(onlyEvent().message()).isEqualTo("0/2 nodes are available: 2 Insufficient nvidia.com/gpu");
  }

  @Test
  void theFirstWordOfAMessageInsideALongerAsciiWordStartsNoMessage() {
    write(folder, "notes.txt", "preAllocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
        + "Requested: 1, Available: 0, which is unexpected\n");

    assertThat(facts(read(folder), KubeEvent.class)).isEmpty();
  }

  @Test
  void theKubeletsUnstructuredLogLineNamesItsPodTheKubeletWay() {
    assertThat(PastedEventMessages.loggedPod("E0610 08:14:02.117 2214 pod_workers.go:190] Error syncing pod "
        + "4dd91701-b2ab-4441-ae75-dba42264ef38 (\"sdxl-api-0_genai(4dd91701-b2ab-4441-ae75-dba42264ef38)\"), skipping: "
        + "failed to \"StartContainer\" for \"api\" with CrashLoopBackOff"))
        .containsExactly("genai", "sdxl-api-0");
  }

  @Test
  void kedaOperatorsScalerFailurePastedBareIsItsEventAboutAScaledObject() {
    write(folder, "issue.md", """
        The KEDA operator error:

        ```
        KEDAScalerFailed: error parsing prometheus metadata:
          missing required parameter "serverAddress" in [triggerMetadata]
        Reason: ScaledObjectCheckFailed  ->  Ready=False, Active=Unknown
        ```
        """);

    KubeEvent e = onlyEvent();

    assertThat(e).extracting(KubeEvent::reason, KubeEvent::component, KubeEvent::involvedKind, KubeEvent::involvedName)
        .containsExactly("KEDAScalerFailed", "keda-operator", "ScaledObject", null);
    assertThat(e.message()).isEqualTo("error parsing prometheus metadata: missing required parameter \"serverAddress\" in "
        + "[triggerMetadata]");
  }
}
