package io.gpudoctor.engine.report;

import java.util.List;
import java.util.Locale;

/**
 * A one-line Unicode sparkline of a GPU's FB_USED inside the incident window, with its minimum and
 * maximum in MiB: enough on a terminal to see memory climb to the limit. Long series are bucketed
 * (the maximum of each bucket, so a spike is never averaged away); the same samples give the same line.
 */
public final class FramebufferSparkline {
  static final String BARS = "▁▂▃▄▅▆▇█";
  static final int MAX_WIDTH = 48;

  private FramebufferSparkline() {}

  /** {@code <gpu> FB_USED ▁▂▅█ min 0 MiB, max 81000 MiB (n samples, start .. end)}, or null without samples in the window. */
  public static String line(FramebufferSeries series) {
    List<FramebufferSeries.Point> points = series.usedInWindow();
    if (points.isEmpty()) return null;
    double[] values = points.stream().mapToDouble(FramebufferSeries.Point::mib).toArray();
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (double v : values) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    return series.title() + " FB_USED " + bars(values, min, max) + String.format(Locale.ROOT,
        " min %s MiB, max %s MiB (%d samples, %s .. %s)", mib(min), mib(max), values.length, series.windowStart(),
        series.windowEnd());
  }

  static String bars(double[] values, double min, double max) {
    int width = Math.min(values.length, MAX_WIDTH);
    StringBuilder sb = new StringBuilder(width);
    for (int b = 0; b < width; b++) {
      int from = (int) ((long) b * values.length / width);
      int to = (int) ((long) (b + 1) * values.length / width);
      double v = Double.NEGATIVE_INFINITY;
      for (int i = from; i < to; i++) v = Math.max(v, values[i]);
      int level = max == min ? 0 : (int) Math.round((v - min) / (max - min) * (BARS.length() - 1));
      sb.append(BARS.charAt(level));
    }
    return sb.toString();
  }

  private static String mib(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
