package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the scheduler's and the kubelet's messages, read as they are pasted, lead to beyond the ids and statuses the
 * fixture labels check: the pod the kubelet names, the reads a finding asks for when the pod's size is unknown, and a
 * volume failure the kubelet has since got past.
 */
class SchedulerAndKubeletMessagesRulesTest {
  @TempDir Path folder;

  private static Diagnosis diagnose(Path evidence) {
    return ModuleRules.diagnose(evidence);
  }

  private static Diagnosis fixture(String relative) {
    return ModuleRules.diagnoseFixture(relative);
  }

  private static ReportedFinding only(Diagnosis d, String id) {
    return ModuleRules.onlyFinding(d, id);
  }

  private static List<String> reads(ReportedFinding f) {
    return f.missingEvidence().stream().map(MissingEvidence::read).toList();
  }

  @Test
  void theDriverMismatchIsAboutThePodTheKubeletNamesInItsBackOffMessage() {
    ReportedFinding f = only(fixture("GpuDriverMismatch/fires-back-off-row-names-the-pod-the-kubelet-way"), "GpuDriverMismatch");

    assertThat(f.subject()).isEqualTo("genai/sdxl-api-6c8f9d7b5-m4kzp");
  }

  @Test
  void withNeitherThePodsRequestNorTheNodesCapacityAndAPodTooBigAreBothNamedAndBothReadsAsked() {
    ReportedFinding f = only(fixture("GpuCapacityExhausted/fires-nodes-and-pod-spec-not-read-pod-may-exceed-node"),
        "GpuCapacityExhausted");

    assertThat(f.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(f.summary()).contains("every node it weighed for room lacked nvidia.com/gpu", "GpuPodExceedsNodeSize",
        "both are as likely");
    assertThat(reads(f)).anySatisfy(r -> assertThat(r).contains(" get pod ").endsWith(" -o json"))
        .anySatisfy(r -> assertThat(r).endsWith("get nodes -o json"));
  }

  @Test
  void whenThePodsRequestIsKnownOnlyCapacityIsInDoubt() {
    ReportedFinding f = only(fixture("GpuCapacityExhausted/fires-volcano-older-wording-event"), "GpuCapacityExhausted");

    assertThat(f.summary()).doesNotContain("GpuPodExceedsNodeSize");
    assertThat(reads(f)).noneSatisfy(r -> assertThat(r).contains(" get pod "));
  }

  @Test
  void aNodeShortOfCpuButNotOfTheGpuHadTheGpusFreeSoThePodIsNotTooBigForIt() throws IOException {
    Files.writeString(folder.resolve("target.yaml"), "capturedAt: \"2026-04-20T09:00:00Z\"\n");
    Files.writeString(folder.resolve("issue.md"), """
        # Server pod Pending

        `0/3 nodes are available: 2 Insufficient cpu, 1 Insufficient nvidia.com/gpu.`
        """);

    Diagnosis d = diagnose(folder);

    assertThat(d.findings()).noneSatisfy(f -> assertThat(f.summary()).contains("GpuPodExceedsNodeSize"));
  }

  @Test
  void aConfigMapCacheThatDidNotSyncAsksForThePodsLaterEvents() {
    ReportedFinding f = only(fixture("OutOfScope/fires-configmap-cache-not-synced-alone-unconfirmed"), "OutOfScope");

    assertThat(f.summary()).contains("watch of the ConfigMap or Secret", "no sign that the object is missing");
    assertThat(reads(f)).anySatisfy(r -> assertThat(r).contains("get events -n default")
        .contains("involvedObject.name=workspace-falcon-7b-6d5c9b8f7d-r2x8v"));
  }

  @Test
  void aMountFailureAfterTheImagePullStillHoldsThePod() throws IOException {
    Path near = ModuleRules.fixturesDir().resolve("OutOfScope/near-miss-mount-failed-then-the-kubelet-pulled-the-image");
    Files.copy(near.resolve("target.yaml"), folder.resolve("target.yaml"));
    // The same events in the other order: the volume failed again after the pull (a later sync of the pod).
    Files.writeString(folder.resolve("issue.md"), Files.readString(near.resolve("issue.md"))
        .replace("  Normal   Pulling      21m   kubelet            Pulling image \"mcr.microsoft.com/aks/kaito/kaito-base:0.0.8\"\n", "")
        .replace("  Warning  FailedMount  21m ", "  Normal   Pulling      21m   kubelet            Pulling image "
            + "\"mcr.microsoft.com/aks/kaito/kaito-base:0.0.8\"\n  Warning  FailedMount  2m  ")
        .replace("configmap cache: timed out waiting for the condition", "configmap \"falcon-inference-params\" not found"));

    ReportedFinding f = only(diagnose(folder), "OutOfScope");

    assertThat(f.summary()).contains("configmap \"falcon-inference-params\" not found");
  }
}
