package io.gpudoctor.engine.report;

import io.gpudoctor.engine.reason.Diagnosis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An inline SVG line chart of one GPU's FB_USED and FB_FREE (MiB) over time, the incident window
 * a shaded band, the GPU identity as title. Deterministic bytes: coordinates with one decimal in
 * Locale.ROOT, times only from the samples and the window, no blank line inside (CommonMark ends
 * an HTML block at a blank line).
 */
public final class FramebufferSvg {
  static final int WIDTH = 640;
  static final int HEIGHT = 240;
  static final double LEFT = 72;
  static final double RIGHT = WIDTH - 16;
  static final double TOP = 28;
  static final double BOTTOM = HEIGHT - 40;
  private static final String USED_COLOR = "#d62728";
  private static final String FREE_COLOR = "#1f77b4";
  private static final int Y_TICKS = 4;

  private FramebufferSvg() {}

  /** The charts of every GPU with framebuffer telemetry in an incident window, or null when there is none. */
  public static String chart(Diagnosis diagnosis) {
    String svgs = FramebufferSeries.of(diagnosis).stream().map(FramebufferSvg::render).filter(s -> s != null)
        .collect(Collectors.joining("\n\n"));
    return svgs.isEmpty() ? null : svgs;
  }

  /** The chart of one GPU, or null when it has no point to draw. */
  public static String render(FramebufferSeries series) {
    if (series.used().isEmpty() && series.free().isEmpty()) return null;
    List<FramebufferSeries.Point> all = Stream.concat(series.used().stream(), series.free().stream()).toList();
    long t0 = Math.min(series.windowStart().getEpochSecond(),
        all.stream().mapToLong(p -> p.at().getEpochSecond()).min().orElseThrow());
    long t1 = Math.max(series.windowEnd().getEpochSecond(),
        all.stream().mapToLong(p -> p.at().getEpochSecond()).max().orElseThrow());
    double yMax = niceCeiling(all.stream().mapToDouble(FramebufferSeries.Point::mib).max().orElse(0));
    Scale scale = new Scale(t0, t1, yMax);

    String title = escape("GPU " + series.title());
    StringBuilder svg = new StringBuilder();
    svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
        .append("\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
        .append("\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">\n");
    svg.append("<title>").append(title).append(": framebuffer memory (MiB) in the incident window</title>\n");
    svg.append("<text x=\"").append(num(LEFT)).append("\" y=\"16\" font-size=\"13\" font-weight=\"bold\">")
        .append(title).append("</text>\n");
    double bx0 = scale.x(series.windowStart().getEpochSecond());
    double bx1 = scale.x(series.windowEnd().getEpochSecond());
    svg.append("<rect class=\"incident-window\" x=\"").append(num(bx0)).append("\" y=\"").append(num(TOP))
        .append("\" width=\"").append(num(bx1 - bx0)).append("\" height=\"").append(num(BOTTOM - TOP))
        .append("\" fill=\"#ff7f0e\" fill-opacity=\"0.15\"><title>incident window ")
        .append(series.windowStart()).append(" .. ").append(series.windowEnd()).append("</title></rect>\n");
    for (int i = 0; i <= Y_TICKS; i++) {
      double v = yMax * i / Y_TICKS;
      double y = scale.y(v);
      svg.append("<line x1=\"").append(num(LEFT)).append("\" y1=\"").append(num(y)).append("\" x2=\"").append(num(RIGHT))
          .append("\" y2=\"").append(num(y)).append("\" stroke=\"#dddddd\"/>\n");
      svg.append("<text x=\"").append(num(LEFT - 4)).append("\" y=\"").append(num(y + 4))
          .append("\" text-anchor=\"end\">").append(mib(v)).append("</text>\n");
    }
    svg.append("<text x=\"12\" y=\"").append(num((TOP + BOTTOM) / 2)).append("\" transform=\"rotate(-90 12 ")
        .append(num((TOP + BOTTOM) / 2)).append(")\" text-anchor=\"middle\">MiB</text>\n");
    svg.append("<line x1=\"").append(num(LEFT)).append("\" y1=\"").append(num(BOTTOM)).append("\" x2=\"").append(num(RIGHT))
        .append("\" y2=\"").append(num(BOTTOM)).append("\" stroke=\"#333333\"/>\n");
    svg.append("<text x=\"").append(num(LEFT)).append("\" y=\"").append(num(BOTTOM + 16)).append("\">")
        .append(Instant.ofEpochSecond(t0)).append("</text>\n");
    svg.append("<text x=\"").append(num(RIGHT)).append("\" y=\"").append(num(BOTTOM + 16)).append("\" text-anchor=\"end\">")
        .append(Instant.ofEpochSecond(t1)).append("</text>\n");
    line(svg, "FB_USED", series.used(), scale, USED_COLOR);
    line(svg, "FB_FREE", series.free(), scale, FREE_COLOR);
    legend(svg, 0, "FB_USED", USED_COLOR);
    legend(svg, 1, "FB_FREE", FREE_COLOR);
    svg.append("</svg>");
    return svg.toString();
  }

  private static void line(StringBuilder svg, String name, List<FramebufferSeries.Point> points, Scale scale, String color) {
    if (points.isEmpty()) return;
    List<String> xy = new ArrayList<>();
    for (FramebufferSeries.Point p : points) {
      xy.add(num(scale.x(p.at().getEpochSecond())) + "," + num(scale.y(p.mib())));
    }
    svg.append("<polyline class=\"").append(name).append("\" fill=\"none\" stroke=\"").append(color)
        .append("\" stroke-width=\"2\" points=\"").append(String.join(" ", xy)).append("\"/>\n");
  }

  private static void legend(StringBuilder svg, int i, String name, String color) {
    // below the axis, between the time labels, so a long GPU title never runs into it
    double x = (LEFT + RIGHT) / 2 - 70 + i * 75;
    svg.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(BOTTOM + 26)).append("\" width=\"10\" height=\"10\" fill=\"")
        .append(color).append("\"/><text x=\"").append(num(x + 14)).append("\" y=\"").append(num(BOTTOM + 35)).append("\">")
        .append(name).append("</text>\n");
  }

  /** Maps seconds and MiB into the plot area; a single instant or an all-zero series lands mid-plot or on the axis. */
  record Scale(long t0, long t1, double yMax) {
    double x(long t) {
      return t1 == t0 ? (LEFT + RIGHT) / 2 : LEFT + (RIGHT - LEFT) * (t - t0) / (double) (t1 - t0);
    }

    double y(double mib) {
      return yMax <= 0 ? BOTTOM : BOTTOM - (BOTTOM - TOP) * mib / yMax;
    }
  }

  /** The smallest 1, 2 or 5 times a power of ten at or above the value, so the axis ticks are round. */
  static double niceCeiling(double v) {
    if (v <= 0) return 1;
    double p = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= v) return m * p;
    }
    return 10 * p;
  }

  static String num(double v) {
    String s = String.format(Locale.ROOT, "%.1f", v);
    return s.equals("-0.0") ? "0.0" : s;
  }

  private static String mib(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
