package io.gpudoctor.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.Severity;
import java.util.List;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;

class MarkdownReportWriterTest {
  private final Diagnosis diagnosis = SampleDiagnosis.create();

  private static String html(String markdown) {
    Node document = Parser.builder().build().parse(markdown);
    return HtmlRenderer.builder().build().render(document);
  }

  @Test
  void theHandoffRendersWithTheTopFindingItsEvidenceAndTheCommandsToRun() {
    String markdown = new MarkdownReportWriter("0.1.0").write(diagnosis);
    String html = html(markdown);

    assertThat(html).contains("<h1>gpu-doctor handoff: <code>GpuCapacityExhausted</code>")
        .contains("<h2>Top finding: <code>GpuCapacityExhausted</code>")
        .contains("<strong>Status:</strong> likely: the primary signal is present, corroboration is missing")
        .contains("<strong>Confidence:</strong> high (0.90)")
        .contains("From <code>events.json /items/0/message</code>")
        .contains("<pre><code class=\"language-text\">0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n</code></pre>")
        .contains("<pre><code class=\"language-sh\">kubectl get nodes -o json\n</code></pre>")
        .contains("<strong>cluster-operator</strong>: Add GPU capacity to pool gpu or free a GPU.")
        .contains("<strong>Needs authorisation (changes the cluster):</strong> Scale the GPU pool")
        .contains("<strong>Needs authorisation (read-only):</strong> Check what holds the GPUs")
        .contains("az aks nodepool scale -g rg-ml --cluster-name aks-gpu -n gpu --node-count 3")
        .contains("<code>UntoleratedGpuTaint</code>")
        .contains("pods: <code>pod.json</code>")
        .contains("nodes, denied: <code>kubectl get nodes -o json</code> (nodes is forbidden)")
        .contains("<code>junk.bin</code>: binary")
        .contains("<strong>Not bound:</strong> kubeContext");
    assertThat(html).doesNotContain("<svg");
  }

  @Test
  void proseIsEscapedSoKubectlPlaceholdersStayText() {
    ReportedFinding top = diagnosis.findings().get(0);
    ReportedFinding tricky = new ReportedFinding(top.id(), top.subject(), top.route(), top.kind(), top.title(),
        FindingStatus.CONFIRMED, 0.9, "high", Severity.CRITICAL,
        "Node: <none>, taint *sku=gpu* and `ticks` | pipes _under_ [link](x)", top.evidence(), List.of(),
        top.owner(), top.handoff(), List.of(), top.reference(), top.rules());
    Diagnosis d = new Diagnosis(diagnosis.evidence(), diagnosis.profiles(), List.of(tricky), List.of(), List.of(),
        diagnosis.rulesDigest(), 1);

    String html = html(new MarkdownReportWriter("0.1.0").write(d));
    assertThat(html).contains("Node: &lt;none&gt;, taint *sku=gpu* and `ticks` | pipes _under_ [link](x)")
        .doesNotContain("<none>").doesNotContain("<em>sku=gpu</em>").doesNotContain("<em>under</em>").doesNotContain("<a href");
  }

  @Test
  void aChartFromTheFramebufferExtensionPointIsEmbedded() {
    String svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><title>FB_USED GPU 0</title></svg>";
    String markdown = new MarkdownReportWriter("0.1.0").withFramebufferChart(d -> svg).write(diagnosis);
    assertThat(html(markdown)).contains(svg);
  }

  @Test
  void aKaitoDiagnosisCarriesTheDeletionWarning() {
    ReportedFinding top = diagnosis.findings().get(0);
    ReportedFinding kaito = new ReportedFinding("KaitoResourceNotReady", "ml/ws", "kaito", "diagnosis", "t",
        FindingStatus.LIKELY, 0.7, "medium", Severity.WARNING, "s", List.of(), List.of(), "quota-owner", "h",
        List.of(), "references/findings.md#kaitoresourcenotready", List.of("r"));
    Diagnosis d = new Diagnosis(diagnosis.evidence(), List.of(), List.of(kaito, top), List.of(), List.of(),
        diagnosis.rulesDigest(), 1);
    assertThat(html(new MarkdownReportWriter("0.1.0").write(d)))
        .contains("Deleting the Workspace does not remove the GPU node pools");
    assertThat(new MarkdownReportWriter("0.1.0").write(diagnosis)).doesNotContain("Deleting the Workspace");
  }

  @Test
  void theSameDiagnosisGivesTheSameBytes() {
    assertThat(new MarkdownReportWriter("0.1.0").write(diagnosis))
        .isEqualTo(new MarkdownReportWriter("0.1.0").write(SampleDiagnosis.create()));
  }
}
