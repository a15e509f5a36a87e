package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A sentence that says how many GPUs a node shows, as people write it. */
class ReportedGpuCountTest {
  private static final Provenance AT = Provenance.of("issue.md", "line 3");

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "After the upgrade only one GPU is visible on each node.|1",
      "`kubectl` shows 1 as the amount of available `nvidia.com/gpu` resources.|1",
      "The node only advertises 2 nvidia.com/gpu although it is an NC24.|2",
      "nvidia-smi lists only 3 GPUs on the host|3",
      "- a single GPU is detected by the device plugin|1"
  })
  void theCountIsReadFromEitherOrderOfCountAndVerb(String line, int count) {
    ReportedGpuCount r = ReportedGpuCount.of(line, "Standard_NC24s_v3", AT);
    assertThat(r.count()).isEqualTo(count);
    assertThat(r.sizeGpus()).isEqualTo(4);
    assertThat(r.sentence()).doesNotContain("`").doesNotStartWith("-");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "The pod requests 1 nvidia.com/gpu.",
      "resources: limits: nvidia.com/gpu: 1",
      "Why is only one GPU visible?",
      "Each node should expose the correct number of GPUs (NC12 - 2 GPUs, NC24 - 4 GPUs)",
      "We run 3 GPU nodes in the pool."
  })
  void requestsQuestionsAndExpectationsAreNoReport(String line) {
    assertThat(ReportedGpuCount.of(line, "Standard_NC24s_v3", AT)).isNull();
  }

  @Test
  void aTextAboutMigPartitionsReportsNoCount() {
    assertThat(ReportedGpuCount.reportedIn("only one GPU is visible\nthe pool uses MIG 1g.10gb")).isFalse();
    assertThat(ReportedGpuCount.reportedIn("only one GPU is visible on the node")).isTrue();
  }

  @Test
  void anUnnamedOrUnknownSizeHasNoGpuCount() {
    assertThat(ReportedGpuCount.of("only one GPU is visible", null, AT).sizeGpus()).isNull();
    assertThat(ReportedGpuCount.of("only one GPU is visible", "Standard_NV6ads_A10_v5", AT).sizeGpus()).isNull();
  }
}
