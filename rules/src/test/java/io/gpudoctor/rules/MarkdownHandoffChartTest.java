package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.report.MarkdownReportWriter;
import io.gpudoctor.engine.report.TextReportWriter;
import java.nio.file.Path;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;

/**
 * The handoff for the CUDA OOM incident with DCGM telemetry, rendered by a real CommonMark
 * renderer: the framebuffer chart of the pod's GPU comes through as inline SVG with the window the
 * rules derived, and the note is the same bytes on every run.
 */
class MarkdownHandoffChartTest {
  private static final Path INCIDENT = ModuleRules.moduleDir()
      .resolve("../references/incidents/2026-07-cuda-oom-confirmed-by-dcgm-window").normalize();

  private static Diagnosis diagnose() throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(INCIDENT));
  }

  @Test
  void theOomHandoffWithTelemetryRendersWithTheFramebufferChartOfTheIncidentWindow() throws Exception {
    Diagnosis diagnosis = diagnose();
    String markdown = new MarkdownReportWriter("0.1.0").write(diagnosis);
    String html = HtmlRenderer.builder().build().render(Parser.builder().build().parse(markdown));

    assertThat(diagnosis.top().id()).isEqualTo("GpuMemoryExhausted");
    assertThat(diagnosis.windows()).extracting(w -> w.podKey() + " " + w.start() + " .. " + w.end())
        .containsExactly("inference/mistral-7b-6d9f7c8b5-x2kqp 2026-07-14T10:05:00Z .. 2026-07-14T10:25:00Z");
    assertThat(html)
        .contains("<h3>Framebuffer memory in the incident window</h3>")
        .contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 640 240\"")
        .contains("<title>GPU aks-gpunp-41829376-vmss000000/gpu0: framebuffer memory (MiB) in the incident window</title>")
        .contains("<rect class=\"incident-window\"")
        .contains("<title>incident window 2026-07-14T10:05:00Z .. 2026-07-14T10:25:00Z</title>")
        .contains("<polyline class=\"FB_USED\"").contains("<polyline class=\"FB_FREE\"")
        .contains("</svg>");
    // the SVG passes through as one HTML block: none of it was turned into a paragraph or escaped
    String svg = html.substring(html.indexOf("<svg"), html.indexOf("</svg>"));
    assertThat(svg).doesNotContain("<p>").doesNotContain("&lt;");
  }

  @Test
  void theHandoffIsTheSameBytesOnEveryRun() throws Exception {
    MarkdownReportWriter writer = new MarkdownReportWriter("0.1.0");
    String first = writer.write(diagnose());
    String second = writer.write(diagnose());
    assertThat(second).isEqualTo(first).contains("<svg");
  }

  @Test
  void theTerminalReportShowsTheClimbOfFbUsedAsASparkline() throws Exception {
    String text = new TextReportWriter("0.1.0").withSparklines(true).write(diagnose());
    assertThat(text).contains("GPU framebuffer in the incident window:")
        .containsPattern("aks-gpunp-41829376-vmss000000/gpu0 FB_USED [▁▂▃▄▅▆▇█]+ min \\d+ MiB, max \\d+ MiB");
    assertThat(new TextReportWriter("0.1.0").write(diagnose())).doesNotContain("FB_USED ▁");
  }
}
