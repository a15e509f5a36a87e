package io.gpudoctor.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextReportWriterTest {
  private final TextReportWriter writer = new TextReportWriter("0.1.0");

  @Test
  void topFindingComesFirstWithItsDetails() {
    String text = writer.write(SampleDiagnosis.create());
    int top = text.indexOf("GpuCapacityExhausted");
    assertThat(top).isPositive();
    assertThat(top).isLessThan(text.indexOf("UntoleratedGpuTaint")).isLessThan(text.indexOf("TargetUnbound"));
    assertThat(text).contains("TOP FINDING: GpuCapacityExhausted - Every allocatable GPU");
    assertThat(text).contains("0.90 (high)").contains("likely").contains("critical").contains("ml/vllm-0");
    assertThat(text).contains("The scheduler found no free GPU for ml/vllm-0.");
    assertThat(text).contains("\"0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\"")
        .contains("events.json#/items/0/message");
    assertThat(text).contains("$ kubectl get nodes -o json").contains("to compare allocatable with requested GPUs");
    assertThat(text).contains("Owner:   cluster-operator").contains("Handoff: Add GPU capacity");
    assertThat(text).contains("Scale the GPU pool (mutation, needs authorisation)");
  }

  @Test
  void diagnosesBeforeNotesThenProfilesReadsUnreadableWarnings() {
    String text = writer.write(SampleDiagnosis.create());
    assertThat(text.indexOf("Other diagnoses")).isLessThan(text.indexOf("Notes ("));
    assertThat(text.indexOf("Notes (")).isLessThan(text.indexOf("GPU install profiles"));
    assertThat(text.indexOf("GPU install profiles")).isLessThan(text.indexOf("Reads that ran (2)"));
    assertThat(text.indexOf("Reads that ran (2)")).isLessThan(text.indexOf("Reads that did not run (1)"));
    assertThat(text).contains("denied").contains("nodes is forbidden");
    assertThat(text).contains("junk.bin: binary");
    assertThat(text).contains("- capturedAt taken from target.yaml");
    assertThat(text).contains("gpu: managed_install");
  }

  @Test
  void plainUnlessColourIsAsked() {
    assertThat(writer.write(SampleDiagnosis.create())).doesNotContain("\u001b[");
    assertThat(writer.withColor(true).write(SampleDiagnosis.create())).contains("\u001b[");
  }

  @Test
  void deterministic() {
    assertThat(writer.write(SampleDiagnosis.create())).isEqualTo(writer.write(SampleDiagnosis.create()));
  }

  @Test
  void traceOnlyWhenExplaining() {
    assertThat(writer.write(SampleDiagnosis.create())).doesNotContain("Trace (");
    assertThat(writer.withTrace(true).write(SampleDiagnosis.create()))
        .contains("Trace (7 rule firings)").contains("rule \"insufficient gpu\" -> GpuCapacityExhausted")
        .contains("matched pod ml/vllm-0");
  }
}
