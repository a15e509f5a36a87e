package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.ScaleUpFailed;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Event rows as people paste them, with or without their header, and the pod they are about. */
class EventTextTest {
  private static final Instant CAPTURED = Instant.parse("2026-02-09T15:25:30Z");
  private static final String CAPTURE = "capturedAt: \"2026-02-09T15:25:30Z\"\n";

  @TempDir Path folder;

  private static List<EventText.Row> bare(String... lines) {
    List<TextLine> text = new java.util.ArrayList<>();
    for (int i = 0; i < lines.length; i++) text.add(new TextLine(i + 1, lines[i]));
    return EventText.bareLines(text, null, null);
  }

  @Test
  void aGetEventsRowWithoutItsHeaderNamesItsObject() {
    EventText.Row row = bare("9m48s       Warning   InvalidDiskCapacity       node/aks-ws3943854b9-38472104-vmss000000   "
        + "invalid capacity 0 on image filesystem").get(0);

    assertThat(row).extracting(EventText.Row::kind, EventText.Row::name, EventText.Row::type, EventText.Row::reason,
            EventText.Row::message)
        .containsExactly("Node", "aks-ws3943854b9-38472104-vmss000000", "Warning", "InvalidDiskCapacity",
            "invalid capacity 0 on image filesystem");
    assertThat(row.age().last()).hasSeconds(9 * 60 + 48);
  }

  @Test
  void aGetEventsRowUnderAllNamespacesCarriesItsNamespaceAndCount() {
    EventText.Row row = bare("ml-serving   82s (x17 over 24m)   Warning   FailedScheduling   pod/vllm-phi-3-mini-7c9d8f6b54-ws8jn   "
        + "0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node affinity/selector.").get(0);

    assertThat(row).extracting(EventText.Row::namespace, EventText.Row::kind, EventText.Row::name)
        .containsExactly("ml-serving", "Pod", "vllm-phi-3-mini-7c9d8f6b54-ws8jn");
    assertThat(row.age().count()).isEqualTo(17);
    assertThat(row.message()).startsWith("0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 2 node(s)");
  }

  @Test
  void aWideGetEventsRowKeepsTheMessageApartFromSourceAndTail() {
    EventText.Row row = bare("default   3m          Normal    Pulled   pod/vllm-0   spec.containers{vllm}   kubelet, "
        + "aks-gpunp-12345678-vmss000000   Container image \"vllm/vllm-openai:v0.8.5\" already present on machine   "
        + "41m          6       vllm-0.1822b5e3f0a4c9d7").get(0);

    assertThat(row).extracting(EventText.Row::from, EventText.Row::message)
        .containsExactly("kubelet, aks-gpunp-12345678-vmss000000",
            "Container image \"vllm/vllm-openai:v0.8.5\" already present on machine");
    assertThat(row.age().count()).isEqualTo(6);
    assertThat(row.age().first()).hasMinutes(41);
  }

  @Test
  void aWideRowWithoutSourceStartsItsMessageRightAway() {
    EventText.Row row = bare("12s   Warning   FailedScheduling   pod/vllm-0   0/1 nodes are available: 1 Insufficient nvidia.com/gpu.   "
        + "12s   1   vllm-0.1822b5e3f0a4c9d8").get(0);

    assertThat(row.from()).isNull();
    assertThat(row.message()).isEqualTo("0/1 nodes are available: 1 Insufficient nvidia.com/gpu.");
  }

  @Test
  void theBareKindOfOlderKubectlIsAKindWithoutAName() {
    EventText.Row row = bare("89s         Warning   FailedToScaleUpGroup   ConfigMap   Scale-up failed for group "
        + "aks-gpunp-12345678-vmss: Code=\"OperationNotAllowed\" Message=\"Operation could not be completed as it results in "
        + "exceeding approved standardNCSv3Family Cores quota.\"").get(0);

    assertThat(row).extracting(EventText.Row::kind, EventText.Row::name, EventText.Row::reason)
        .containsExactly("ConfigMap", null, "FailedToScaleUpGroup");
  }

  @Test
  void headerlessGetEventsRowsPastedInAnIssueAreEvents() {
    write(folder, "target.yaml", CAPTURE + "namespace: ml-serving\nresource: pod/vllm-0\n");
    write(folder, "issue.md", """
        ```
        89s         Warning   FailedToScaleUpGroup   ConfigMap   Scale-up failed for group aks-gpunp-12345678-vmss: Code="OperationNotAllowed" Message="Operation could not be completed as it results in exceeding approved standardNCSv3Family Cores quota."
        ```
        """);

    EvidenceBundle bundle = read(folder);
    KubeEvent event = only(bundle, KubeEvent.class);
    // About the autoscaler's status ConfigMap, never the target's pod.
    assertThat(event).extracting(KubeEvent::involvedKind, KubeEvent::involvedName, KubeEvent::lastSeen)
        .containsExactly("ConfigMap", null, CAPTURED.minusSeconds(89));
    assertThat(only(bundle, ScaleUpFailed.class).message()).contains("standardNCSv3Family Cores quota");
    assertThat(bundle.warnings()).noneMatch(w -> w.contains("tied to no pod"));
  }

  @Test
  void eventRowsThatNameNoPodAreThePodTheirScheduledRowAssigns() {
    List<EventText.Row> rows = bare(
        "  Normal   Scheduled                 16s   default-scheduler  Successfully assigned ml-serving/vllm-0 to aks-gpunp-12345678-vmss000000",
        "  Warning  UnexpectedAdmissionError  16s   kubelet            Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected");

    assertThat(rows).extracting(EventText.Row::namespace, EventText.Row::kind, EventText.Row::name)
        .containsOnly(tuple("ml-serving", "Pod", "vllm-0"));
  }

  @Test
  void theScheduledRowOfKubernetesBefore112NamesThePodWithoutItsNamespace() {
    List<EventText.Row> rows = bare(
        "  Normal   Scheduled                 1m    default-scheduler  Successfully assigned cuda-vector-add to gpu-node-3",
        "  Warning  UnexpectedAdmissionError  1m    kubelet, gpu-node-3  Update plugin resources failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected.");

    assertThat(rows).extracting(EventText.Row::name).containsOnly("cuda-vector-add");
    assertThat(EventText.assignedNode(rows.get(0).message())).isEqualTo("gpu-node-3");
  }

  @Test
  void twoScheduledPodsLeaveTheRowsUnbound() {
    List<EventText.Row> rows = bare(
        "  Normal   Scheduled  16s   default-scheduler  Successfully assigned ml-serving/vllm-0 to aks-gpunp-12345678-vmss000000",
        "  Normal   Scheduled  12s   default-scheduler  Successfully assigned ml-serving/vllm-1 to aks-gpunp-12345678-vmss000001");

    assertThat(rows).extracting(EventText.Row::name).containsOnlyNulls();
  }

  @Test
  void anOldGetEventsTableWithNameAndKindColumnsNamesTheObject() {
    write(folder, "target.yaml", CAPTURE);
    write(folder, "events.txt", """
        LAST SEEN   FIRST SEEN   COUNT     NAME                 KIND      SUBOBJECT   TYPE      REASON             SOURCE              MESSAGE
        2m          14m          9         vllm-0               Pod                   Warning   FailedScheduling   default-scheduler   0/3 nodes are available: 3 Insufficient nvidia.com/gpu.
        """);

    assertThat(facts(read(folder), KubeEvent.class)).extracting(KubeEvent::involvedKind, KubeEvent::involvedName, KubeEvent::count)
        .containsExactly(tuple("Pod", "vllm-0", 9));
  }

  @Test
  void aRowWrappedAfterACommaKeepsItsContinuation() {
    List<EventText.Row> rows = bare(
        "Normal   NotTriggerScaleUp  4m (x12 over 1h)  cluster-autoscaler  pod didn't trigger scale-up: 1 in backoff after failed scale-up,",
        "3 node(s) had untolerated taint {sku: gpu}",
        "Warning  FailedScheduling   4m                default-scheduler   0/3 nodes are available: 3 Insufficient nvidia.com/gpu.");

    assertThat(rows).extracting(EventText.Row::reason, EventText.Row::message).containsExactly(
        tuple("NotTriggerScaleUp", "pod didn't trigger scale-up: 1 in backoff after failed scale-up, 3 node(s) had untolerated taint {sku: gpu}"),
        tuple("FailedScheduling", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."));
  }

  @Test
  void aLineThatStartsAnAutoscalerPartContinuesTheRowAboveItAndProseDoesNot() {
    List<EventText.Row> rows = bare(
        "Normal   NotTriggerScaleUp  2m  cluster-autoscaler  pod didn't trigger scale-up: 2 max node group size reached",
        "1 Insufficient nvidia.com/mig-2g.20gb",
        "Normal   NotTriggerScaleUp  1m  cluster-autoscaler  pod didn't trigger scale-up: 2 max node group size reached",
        "which is odd since the pool has room");

    assertThat(rows).extracting(EventText.Row::message).containsExactly(
        "pod didn't trigger scale-up: 2 max node group size reached 1 Insufficient nvidia.com/mig-2g.20gb",
        "pod didn't trigger scale-up: 2 max node group size reached");
  }

  @Test
  void aWrappedRowOfADescribeEventsTableKeepsItsContinuation() {
    List<TextLine> body = List.of(
        new TextLine(1, "  Type     Reason             Age   From                Message"),
        new TextLine(2, "  ----     ------             ----  ----                -------"),
        new TextLine(3, "  Normal   NotTriggerScaleUp  3m    cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached,"),
        new TextLine(4, "  2 Insufficient nvidia.com/gpu"));

    assertThat(EventText.describeTable(body, "ml", "Pod", "vllm-0")).singleElement().extracting(EventText.Row::message)
        .isEqualTo("pod didn't trigger scale-up: 1 max node group size reached, 2 Insufficient nvidia.com/gpu");
  }

  @Test
  void aWrappedRowPastedInAnIssueIsOneEvent() {
    write(folder, "target.yaml", CAPTURE + "namespace: ml\nresource: pod/vllm-0\n");
    write(folder, "issue.md", """
        ```
        Normal   NotTriggerScaleUp  51m  cluster-autoscaler  pod didn't trigger scale-up: 1 max node group size reached,
        2 node(s) didn't match Pod's node affinity/selector, 1 Insufficient nvidia.com/mig-1g.10gb
        ```
        """);

    assertThat(only(read(folder), KubeEvent.class).message()).isEqualTo("pod didn't trigger scale-up: 1 max node group size "
        + "reached, 2 node(s) didn't match Pod's node affinity/selector, 1 Insufficient nvidia.com/mig-1g.10gb");
  }

  @Test
  void aGetEventsRowWhoseObjectHoldsAPlaceholderWithSpacesIsKept() {
    EventText.Row row = bare("4m11s       Warning   Evicted               pod/worker-<pod id>    The node was low on resource: "
        + "memory. Container worker was using 6120448Ki, which exceeds its request of 0.").get(0);

    assertThat(row).extracting(EventText.Row::kind, EventText.Row::name, EventText.Row::reason)
        .containsExactly("Pod", "worker-<pod id>", "Evicted");
    assertThat(row.message()).startsWith("The node was low on resource: memory.");
  }

  @Test
  void aKubectlEventsRowWithoutItsLastSeenCellNamesItsObject() {
    EventText.Row row = bare("Warning  UnexpectedAdmissionError  pod/llama-3-8b-5c9f7d8b6d-q2x7m  Allocate failed due to "
        + "requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected").get(0);

    assertThat(row).extracting(EventText.Row::kind, EventText.Row::name, EventText.Row::type, EventText.Row::reason)
        .containsExactly("Pod", "llama-3-8b-5c9f7d8b6d-q2x7m", "Warning", "UnexpectedAdmissionError");
    assertThat(row.message()).startsWith("Allocate failed due to requested number").endsWith("which is unexpected");
    assertThat(row.age()).isNull();
  }

  @Test
  void anObjectNameCutToAnEllipsisIsNoName() {
    EventText.Row row = bare("Warning  FailedScheduling  pod/...  0/4 nodes are available: 4 Insufficient nvidia.com/gpu.").get(0);

    assertThat(row).extracting(EventText.Row::kind, EventText.Row::name).containsExactly("Pod", null);
  }

  @Test
  void anAdmissionMessageWrappedBeforeItsWhichIsUnexpectedGoesOnOverItsLines() {
    write(folder, "issue.md", """
        ```
        Warning  UnexpectedAdmissionError  pod/embedder-0  Allocate failed due to device plugin Allocate rpc failed
        with err: rpc error: code = Unknown desc = failed to get allocate response:
        unable to find device GPU-5d1b7c3e-0a9f-4e21-8c6d-2f7e9b1a4c08, which is unexpected
        ```
        The pod stays in UnexpectedAdmissionError.
        """);

    KubeEvent event = only(read(folder), KubeEvent.class);
    assertThat(event.involvedName()).isEqualTo("embedder-0");
    assertThat(event.message()).isEqualTo("Allocate failed due to device plugin Allocate rpc failed with err: rpc error: "
        + "code = Unknown desc = failed to get allocate response: unable to find device "
        + "GPU-5d1b7c3e-0a9f-4e21-8c6d-2f7e9b1a4c08, which is unexpected");
  }

  @Test
  void aHookErrorGoesOnOverTheLinesOfItsStderrUntilRuncsUnknown() {
    write(folder, "issue.md", """
        ```
        $ kubectl get events -n ml-serving
        LAST SEEN   TYPE      REASON   OBJECT                           MESSAGE
        2m          Warning   Failed   pod/qwen-7b-5c4d8f9b7-2xk4q      Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'
        nvidia-container-cli: container error: cgroup subsystem devices not found: unknown
        The pod never starts.
        ```
        """);

    KubeEvent event = only(read(folder), KubeEvent.class);
    assertThat(event.message()).startsWith("Error: failed to create containerd task")
        .endsWith("Auto-detected mode as 'legacy' nvidia-container-cli: container error: cgroup subsystem devices not found: unknown");
  }

  @Test
  void aCompleteAdmissionMessageTakesNoProseAfterIt() {
    List<EventText.Row> rows = bare(
        "Warning  UnexpectedAdmissionError  pod/embedder-0  Allocate failed due to no healthy devices present; cannot "
            + "allocate unhealthy devices nvidia.com/gpu, which is unexpected",
        "and then the deployment created another pod");

    assertThat(rows).singleElement().extracting(EventText.Row::message).asString().endsWith("which is unexpected");
  }

  @Test
  void aDescribeRowCutBeforeItsReasonIsReadWithItsTypeUnknown() {
    EventText.Row row = bare("FailedScheduling   2m21s (x42 over 60m)  default-scheduler  1 node(s) had untolerated taint "
        + "{nvidia.com/gpu: present}").get(0);

    assertThat(row).extracting(EventText.Row::type, EventText.Row::reason, EventText.Row::from, EventText.Row::message)
        .containsExactly(null, "FailedScheduling", "default-scheduler", "1 node(s) had untolerated taint {nvidia.com/gpu: present}");
    assertThat(row.age().count()).isEqualTo(42);
  }

  @Test
  void aTypelessRowPastedInAnIssueIsAnEventOfTheOnlyPendingPod() {
    write(folder, "target.yaml", CAPTURE);
    write(folder, "issue.md", """
        ```
        NAME                        READY   STATUS    RESTARTS   AGE
        kvcache-7c984cdff8-xq5pk    0/1     Pending   0          65m
        ```
        The describe shows:
        ```
        FailedScheduling   2m21s (x42 over 60m)  default-scheduler  1 node(s) had untolerated taint {nvidia.com/gpu: present}
        ```
        """);

    KubeEvent e = only(read(folder), KubeEvent.class);
    assertThat(e).extracting(KubeEvent::involvedName, KubeEvent::type, KubeEvent::reason, KubeEvent::count, KubeEvent::quote)
        .containsExactly("kvcache-7c984cdff8-xq5pk", "", "FailedScheduling", 42,
            "FailedScheduling: 1 node(s) had untolerated taint {nvidia.com/gpu: present}");
  }

  @Test
  void rowsThatNameNoObjectAreThePodTheKubeletNamesInItsBackOffMessage() {
    List<EventText.Row> rows = bare(
        "  Normal   Created  115s                kubelet  Created container kserve-container",
        "  Warning  BackOff  29s (x8 over 104s)  kubelet  Back-off restarting failed container kserve-container in pod "
            + "hf-predictor-7f4b8d4dx6q5_default(4dd91701-b2ab-4441-ae75-dba42264ef38)");

    assertThat(rows).extracting(EventText.Row::namespace, EventText.Row::kind, EventText.Row::name)
        .containsOnly(tuple("default", "Pod", "hf-predictor-7f4b8d4dx6q5"));
  }

  @Test
  void rowsOfTwoPodsTheKubeletNamesAreEachTheirOwnAndTheOthersStayUnbound() {
    List<EventText.Row> rows = bare(
        "  Warning  Failed   1m  kubelet  Error: container create failed",
        "  Warning  BackOff  1m  kubelet  Back-off restarting failed container a in pod a-0_ml(4dd91701-b2ab-4441-ae75-dba42264ef38)",
        "  Warning  BackOff  1m  kubelet  Back-off restarting failed container b in pod b-0_ml(5ee91701-b2ab-4441-ae75-dba42264ef39)");

    assertThat(rows).extracting(EventText.Row::name).containsExactly(null, "a-0", "b-0");
  }

  @Test
  void anUnderscoreNameWithoutTheKubeletsUidNamesNoPod() {
    assertThat(EventText.kubeletPod("Back-off restarting failed container api in pod my_pod (see above)")).isNull();
    assertThat(EventText.kubeletPod("restarting failed container=api pod=vllm-0_ml(0b6f3c2e-5d1a-4e7b-9c8d-2f4a6b8c0d1e)"))
        .containsExactly("ml", "vllm-0");
  }
}
