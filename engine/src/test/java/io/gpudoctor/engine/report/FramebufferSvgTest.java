package io.gpudoctor.engine.report;

import static io.gpudoctor.engine.report.FramebufferSamples.GPU0;
import static io.gpudoctor.engine.report.FramebufferSamples.GPU1;
import static io.gpudoctor.engine.report.FramebufferSamples.T0;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.facts.GpuMetric;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class FramebufferSvgTest {
  private static Document parse(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static Element first(Document doc, String tag, String cls) {
    NodeList nodes = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      Element e = (Element) nodes.item(i);
      if (cls == null || cls.equals(e.getAttribute("class"))) return e;
    }
    throw new AssertionError("no <" + tag + " class=" + cls + ">");
  }

  private static double[][] points(Element polyline) {
    String[] pairs = polyline.getAttribute("points").split(" ");
    double[][] xy = new double[pairs.length][];
    for (int i = 0; i < pairs.length; i++) {
      String[] p = pairs[i].split(",");
      xy[i] = new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])};
    }
    return xy;
  }

  private final Diagnosis climbing = FramebufferSamples.diagnosis(FramebufferSamples.target(null, null),
      FramebufferSamples.climbingGpu0(), List.of(FramebufferSamples.window(120, 420)));

  @Test
  void theChartIsWellFormedSvgTitledWithTheGpuIdentity() throws Exception {
    Document doc = parse(FramebufferSvg.chart(climbing));

    Element root = doc.getDocumentElement();
    assertThat(root.getLocalName()).isEqualTo("svg");
    assertThat(root.getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
    assertThat(root.getAttribute("viewBox")).isEqualTo("0 0 640 240");
    assertThat(first(doc, "title", null).getTextContent())
        .isEqualTo("GPU aks-gpunp-41829376-vmss000000/gpu0 NVIDIA A100 80GB PCIe GPU-5f2c1a9e-8b7d-4e3f-9a1c-2d4e6f8a0b1c:"
            + " framebuffer memory (MiB) in the incident window");
    assertThat(root.getTextContent()).contains("MiB").contains("FB_USED").contains("FB_FREE")
        .contains("2026-07-14T10:10:00Z").contains("2026-07-14T10:18:00Z").contains("100000");
  }

  @Test
  void everyPointIsScaledIntoThePlotAreaWithTimeLeftToRightAndMoreMemoryHigher() throws Exception {
    Document doc = parse(FramebufferSvg.chart(climbing));
    double[][] used = points(first(doc, "polyline", "FB_USED"));
    double[][] free = points(first(doc, "polyline", "FB_FREE"));

    assertThat(used.length).isEqualTo(9);
    assertThat(free.length).isEqualTo(9);
    for (double[][] line : List.of(used, free)) {
      for (double[] p : line) {
        assertThat(p[0]).isBetween(FramebufferSvg.LEFT, FramebufferSvg.RIGHT);
        assertThat(p[1]).isBetween(FramebufferSvg.TOP, FramebufferSvg.BOTTOM);
      }
      for (int i = 1; i < line.length; i++) assertThat(line[i][0]).isGreaterThan(line[i - 1][0]);
    }
    assertThat(used[0]).containsExactly(FramebufferSvg.LEFT, FramebufferSvg.BOTTOM);
    assertThat(used[8][0]).isEqualTo(FramebufferSvg.RIGHT);
    // 81050 MiB on an axis that ends at 100000 MiB: 81% of the plot height above the axis
    assertThat(used[6][1]).isCloseTo(FramebufferSvg.BOTTOM - 0.8105 * (FramebufferSvg.BOTTOM - FramebufferSvg.TOP),
        org.assertj.core.data.Offset.offset(0.06));
    assertThat(free[6][1]).isGreaterThan(used[6][1]);
  }

  @Test
  void theIncidentWindowIsAShadedBandOverItsSpanOfTime() throws Exception {
    Document doc = parse(FramebufferSvg.chart(climbing));
    Element band = first(doc, "rect", "incident-window");

    double perSecond = (FramebufferSvg.RIGHT - FramebufferSvg.LEFT) / 480;
    assertThat(Double.parseDouble(band.getAttribute("x"))).isCloseTo(FramebufferSvg.LEFT + 120 * perSecond,
        org.assertj.core.data.Offset.offset(0.06));
    assertThat(Double.parseDouble(band.getAttribute("width"))).isCloseTo(300 * perSecond,
        org.assertj.core.data.Offset.offset(0.11));
    assertThat(band.getAttribute("fill-opacity")).isEqualTo("0.15");
    assertThat(band.getTextContent()).isEqualTo("incident window 2026-07-14T10:12:00Z .. 2026-07-14T10:17:00Z");
  }

  @Test
  void theSameSamplesGiveTheSameBytesWhateverTheirOrderAndLocale() {
    List<Object> reversed = new ArrayList<>(FramebufferSamples.climbingGpu0());
    java.util.Collections.reverse(reversed);
    Diagnosis shuffled = FramebufferSamples.diagnosis(FramebufferSamples.target(null, null), reversed,
        List.of(FramebufferSamples.window(120, 420)));
    java.util.Locale before = java.util.Locale.getDefault();
    try {
      java.util.Locale.setDefault(java.util.Locale.GERMANY);
      assertThat(FramebufferSvg.chart(shuffled)).isEqualTo(FramebufferSvg.chart(climbing)).doesNotContain("0,0 ");
    } finally {
      java.util.Locale.setDefault(before);
    }
  }

  @Test
  void noSeriesOrNoWindowMeansNoChart() {
    assertThat(FramebufferSvg.chart(FramebufferSamples.diagnosis(FramebufferSamples.target(null, null), List.of(),
        List.of(FramebufferSamples.window(120, 420))))).isNull();
    assertThat(FramebufferSvg.chart(FramebufferSamples.diagnosis(FramebufferSamples.target(null, null),
        FramebufferSamples.climbingGpu0(), List.of()))).as("no window").isNull();
    assertThat(FramebufferSvg.render(new FramebufferSeries("n/gpu0", GPU1, T0, T0.plusSeconds(60), List.of(), List.of())))
        .isNull();
  }

  @Test
  void samplesOnlyOutsideTheWindowDrawNoChart() {
    assertThat(FramebufferSvg.chart(FramebufferSamples.diagnosis(FramebufferSamples.target(null, null),
        FramebufferSamples.climbingGpu0(), List.of(FramebufferSamples.window(3600, 4200))))).isNull();
  }

  @Test
  void theTargetsIncidentWindowIsUsedWhenTheRulesDerivedNone() throws Exception {
    Diagnosis d = FramebufferSamples.diagnosis(FramebufferSamples.target(T0.plusSeconds(60), T0.plusSeconds(240)),
        FramebufferSamples.climbingGpu0(), List.of());
    assertThat(first(parse(FramebufferSvg.chart(d)), "rect", "incident-window").getTextContent())
        .isEqualTo("incident window 2026-07-14T10:11:00Z .. 2026-07-14T10:14:00Z");
  }

  @Test
  void eachGpuGetsItsOwnChartInGpuOrder() throws Exception {
    List<Object> facts = new ArrayList<>(FramebufferSamples.climbingGpu0());
    facts.add(0, FramebufferSamples.sample(GpuMetric.FB_USED, GPU1, 180, 512));
    String charts = FramebufferSvg.chart(FramebufferSamples.diagnosis(FramebufferSamples.target(null, null), facts,
        List.of(FramebufferSamples.window(120, 420))));

    String[] svgs = charts.split("\n\n");
    assertThat(svgs).hasSize(2);
    assertThat(first(parse(svgs[0]), "text", null).getTextContent()).startsWith("GPU aks-gpunp-41829376-vmss000000/gpu0");
    assertThat(first(parse(svgs[1]), "text", null).getTextContent()).isEqualTo("GPU aks-gpunp-41829376-vmss000000/gpu1");
    assertThat(parse(svgs[1]).getElementsByTagNameNS("http://www.w3.org/2000/svg", "polyline").getLength()).isEqualTo(1);
    assertThat(charts).as("CommonMark ends an HTML block at a blank line").doesNotContain(">\n\n<polyline");
  }

  @Test
  void markupInTheGpuIdentityIsEscaped() throws Exception {
    FramebufferSeries s = new FramebufferSeries("n/gpu0",
        new io.gpudoctor.facts.GpuIdentity("n", "0", null, "A<100> & \"B\"", null, null), T0, T0.plusSeconds(60),
        List.of(new FramebufferSeries.Point(T0, 1)), List.of());
    assertThat(first(parse(FramebufferSvg.render(s)), "text", null).getTextContent()).isEqualTo("GPU n/gpu0 A<100> & \"B\"");
  }
}
