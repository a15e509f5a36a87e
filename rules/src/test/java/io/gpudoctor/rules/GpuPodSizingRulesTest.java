package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a pod too big for the GPU nodes, and the kubelet's own GPU count, are reported as: the
 * sizes compared, the owner who acts, and what the finding must not be mistaken for. Read from the
 * rule fixtures, whose labels check only ids and statuses.
 */
class GpuPodSizingRulesTest {
  private static Diagnosis diagnose(Path folder) {
    return ModuleRules.diagnose(folder);
  }

  private static Diagnosis fixture(String relative) {
    return ModuleRules.diagnoseFixture(relative);
  }

  private static ReportedFinding only(Diagnosis d, String id) {
    return ModuleRules.onlyFinding(d, id);
  }

  private static List<String> ids(Diagnosis d) {
    return d.findings().stream().map(ReportedFinding::id).toList();
  }

  @Test
  void twoContainersWithOneGpuEachNeedTwoOnOneNodeAndAreNoCapacityExhaustion() {
    Diagnosis d = fixture("GpuPodExceedsNodeSize/fires-two-gpu-containers-one-gpu-node");

    ReportedFinding f = only(d, "GpuPodExceedsNodeSize");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.summary()).contains("needs 2 nvidia.com/gpu on one node", "2 containers each ask for GPUs",
        "advertises 1 allocatable");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).endsWith("asr 1, diarizer 1; on one node: 2"));
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("nodepool scale"));
    assertThat(ids(d)).doesNotContain("GpuCapacityExhausted");
  }

  @Test
  void aCpuRequestAboveTheGpuSizeComparesBothQuantitiesInOneUnit() {
    ReportedFinding f = only(fixture("GpuPodExceedsNodeSize/fires-cpu-request-above-gpu-node-size"), "GpuPodExceedsNodeSize");

    assertThat(f.summary()).contains("asks for 8 cpu on one node", "has 5.84 cpu allocatable");
    assertThat(f.handoff()).startsWith("Lower the cpu request");
  }

  @Test
  void withoutAnySchedulerMessageThePodTooBigForEveryNodeIsLikelyAndAsksForItsEvents(@TempDir Path folder) throws IOException {
    Path source = ModuleRules.fixturesDir().resolve("GpuPodExceedsNodeSize/fires-two-gpu-containers-one-gpu-node");
    try (Stream<Path> files = Files.list(source)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (name.equals("events.yaml") || name.equals("expected.yaml")) continue;
        String text = Files.readString(file);
        // The pod as read before the scheduler wrote its PodScheduled condition.
        if (name.equals("pod.yaml")) text = text.substring(0, text.indexOf("  conditions:"));
        Files.writeString(folder.resolve(name), text);
      }
    }

    ReportedFinding f = only(diagnose(folder), "GpuPodExceedsNodeSize");

    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.missingEvidence()).anySatisfy(m -> assertThat(m.read()).contains("get events -n voice"));
  }

  @Test
  void theKubeletCountingNoGpuAtAllGoesToWhoeverRunsTheDevicePlugin() {
    ReportedFinding f = only(fixture("DeviceAllocationFailed/fires-kubelet-count-zero-plugin-not-registered"),
        "DeviceAllocationFailed");

    assertThat(f.owner()).as("driver-only pool: the customer's device plugin").isEqualTo("gpu-stack-owner");
    assertThat(f.summary()).contains("capacity: 0", "counted no allocatable nvidia.com/gpu", "had not registered");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.description()).startsWith("Restart the device plugin pod"));
  }

  @Test
  void theKubeletFindingTheGpusTakenPointsAtHowThePodWasBound() {
    ReportedFinding f = only(fixture("DeviceAllocationFailed/fires-kubelet-count-out-of-gpu-admission"), "DeviceAllocationFailed");

    assertThat(f.owner()).isEqualTo("cluster-operator");
    assertThat(f.summary()).contains("counts 1 of the node's 1 allocatable nvidia.com/gpu", "spec.nodeName");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("allocatable nvidia.com/gpu: 1"));
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.description()).startsWith("Restart the device plugin"));
  }

  @Test
  void theKubeletsHostMemoryRejectionOfAGpuPodIsNoDeviceFinding() {
    assertThat(ids(fixture("DeviceAllocationFailed/near-miss-kubelet-out-of-memory-gpu-pod")))
        .doesNotContain("DeviceAllocationFailed", "GpuPodExceedsNodeSize");
  }

  @Test
  void theAutoscalerStoryOfAGpuPodTooBigForTheGpuGroupNamesItsCpuNotATemplateAtZero() {
    ReportedFinding f = only(fixture("AutoscalerNoMatchingNodeGroup/fires-gpu-group-too-small-for-cpu-request"),
        "AutoscalerNoMatchingNodeGroup");

    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.summary()).contains("'1 Insufficient cpu', '1 Insufficient memory'",
        "'2 Insufficient nvidia.com/gpu' is a group without GPUs").doesNotContain("min-count");
    assertThat(f.rules()).hasSize(1);
  }
}
