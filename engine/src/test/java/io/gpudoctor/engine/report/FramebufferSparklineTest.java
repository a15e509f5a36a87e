package io.gpudoctor.engine.report;

import static io.gpudoctor.engine.report.FramebufferSamples.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FramebufferSparklineTest {
  private final Diagnosis climbing = FramebufferSamples.diagnosis(FramebufferSamples.target(null, null),
      FramebufferSamples.climbingGpu0(), List.of(FramebufferSamples.window(60, 420)));

  @Test
  void theLineShowsFbUsedInTheWindowWithItsMinimumAndMaximum() {
    FramebufferSeries series = FramebufferSeries.of(climbing).get(0);
    assertThat(FramebufferSparkline.line(series)).isEqualTo("aks-gpunp-41829376-vmss000000/gpu0 NVIDIA A100 80GB PCIe"
        + " GPU-5f2c1a9e-8b7d-4e3f-9a1c-2d4e6f8a0b1c FB_USED ▁▂▅▇███ min 0 MiB, max 81050 MiB"
        + " (7 samples, 2026-07-14T10:11:00Z .. 2026-07-14T10:17:00Z)");
  }

  @Test
  void aFlatSeriesIsTheLowestBarAndNoSamplesInTheWindowIsNoLine() {
    assertThat(FramebufferSparkline.bars(new double[] {5, 5, 5}, 5, 5)).isEqualTo("▁▁▁");
    FramebufferSeries outside = new FramebufferSeries("n/gpu0", FramebufferSamples.GPU1, T0.plusSeconds(3600),
        T0.plusSeconds(4200), List.of(new FramebufferSeries.Point(T0, 100)), List.of());
    assertThat(FramebufferSparkline.line(outside)).isNull();
  }

  @Test
  void aLongSeriesIsBucketedByItsMaximumSoASpikeSurvives() {
    double[] values = IntStream.range(0, 480).mapToDouble(i -> i == 241 ? 80000 : 1000).toArray();
    String bars = FramebufferSparkline.bars(values, 1000, 80000);
    assertThat(bars).hasSize(FramebufferSparkline.MAX_WIDTH).isEqualTo("▁".repeat(24) + "█" + "▁".repeat(23));
  }

  @Test
  void theTextReportCarriesSparklinesOnlyWhenAsked() {
    Diagnosis withTop = new Diagnosis(climbing.evidence(), List.of(), SampleDiagnosis.create().findings(), List.of(),
        List.of(), "sha256:0", 1, climbing.windows());
    String plain = new TextReportWriter("0.1.0").write(withTop);
    String terminal = new TextReportWriter("0.1.0").withSparklines(true).write(withTop);

    assertThat(plain).doesNotContain("FB_USED ▁");
    assertThat(terminal).contains("  GPU framebuffer in the incident window:\n    aks-gpunp-41829376-vmss000000/gpu0 ")
        .contains("FB_USED ▁▂▅▇███ min 0 MiB, max 81050 MiB");
    assertThat(new TextReportWriter("0.1.0").withSparklines(true).write(withTop)).isEqualTo(terminal);
  }
}
