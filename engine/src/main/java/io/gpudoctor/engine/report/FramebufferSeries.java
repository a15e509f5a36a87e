package io.gpudoctor.engine.report;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.facts.GpuIdentity;
import io.gpudoctor.facts.GpuMetric;
import io.gpudoctor.facts.GpuMetricSample;
import io.gpudoctor.facts.IncidentWindow;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The FB_USED and FB_FREE series (MiB) of one GPU together with the incident window they are read
 * against: what the Markdown chart draws and the terminal sparkline summarises. Only GPUs with at
 * least one FB_USED or FB_FREE sample inside a window are kept, so a chart never shows telemetry
 * that has nothing to do with the incident.
 *
 * @param used FB_USED points by time (one per instant, the first read), possibly outside the window
 * @param free FB_FREE points by time, likewise
 */
public record FramebufferSeries(String gpuKey, GpuIdentity gpu, Instant windowStart, Instant windowEnd,
    List<Point> used, List<Point> free) {

  public FramebufferSeries {
    used = List.copyOf(used);
    free = List.copyOf(free);
  }

  /** One value at one time. */
  public record Point(Instant at, double mib) {}

  /** The FB_USED points inside the window. */
  public List<Point> usedInWindow() {
    return used.stream().filter(p -> !p.at().isBefore(windowStart) && !p.at().isAfter(windowEnd)).toList();
  }

  /** {@code <node>/gpu<index>}, then the model and UUID when the exporter named them. */
  public String title() {
    StringBuilder sb = new StringBuilder(gpuKey);
    if (gpu.modelName() != null && !gpu.modelName().isBlank()) sb.append(' ').append(gpu.modelName());
    if (gpu.uuid() != null && !gpu.uuid().isBlank()) sb.append(' ').append(gpu.uuid());
    return sb.toString();
  }

  /**
   * One series per GPU in gpuKey order. The window of a GPU: the rules' window for the pod the
   * exporter attributes the GPU to, else the first rules' window holding one of its samples, else
   * the target's incident.start/end. Untimed scrape lines count at the capture time, as in the rules.
   */
  public static List<FramebufferSeries> of(Diagnosis diagnosis) {
    Target target = diagnosis.evidence().target();
    Instant capturedAt = target == null ? null : target.capturedAt();
    List<IncidentWindow> windows = new ArrayList<>(diagnosis.windows());
    if (windows.isEmpty() && target != null && target.incidentStart() != null && target.incidentEnd() != null
        && !target.incidentEnd().isBefore(target.incidentStart())) {
      windows.add(new IncidentWindow(null, target.incidentStart(), target.incidentEnd(), "target.yaml", List.of()));
    }
    if (windows.isEmpty()) return List.of();

    Map<String, List<GpuMetricSample>> byGpu = new TreeMap<>();
    for (GpuMetricSample s : diagnosis.gpuSamples()) {
      if (s.gpuKey() == null || (s.metric() != GpuMetric.FB_USED && s.metric() != GpuMetric.FB_FREE)) continue;
      if (time(s, capturedAt) == null || !Double.isFinite(s.value())) continue;
      byGpu.computeIfAbsent(s.gpuKey(), k -> new ArrayList<>()).add(s);
    }

    List<FramebufferSeries> out = new ArrayList<>();
    for (Map.Entry<String, List<GpuMetricSample>> e : byGpu.entrySet()) {
      IncidentWindow window = windowFor(e.getValue(), windows, capturedAt);
      if (window == null) continue;
      out.add(new FramebufferSeries(e.getKey(), e.getValue().get(0).gpu(), window.start(), window.end(),
          points(e.getValue(), GpuMetric.FB_USED, capturedAt), points(e.getValue(), GpuMetric.FB_FREE, capturedAt)));
    }
    return out;
  }

  private static IncidentWindow windowFor(List<GpuMetricSample> samples, List<IncidentWindow> windows, Instant capturedAt) {
    for (IncidentWindow w : windows) {
      if (w.podKey() == null) continue;
      for (GpuMetricSample s : samples) {
        if (w.podKey().equals(s.podKey()) && w.contains(time(s, capturedAt))) return w;
      }
    }
    for (IncidentWindow w : windows) {
      for (GpuMetricSample s : samples) if (w.contains(time(s, capturedAt))) return w;
    }
    return null;
  }

  private static List<Point> points(List<GpuMetricSample> samples, GpuMetric metric, Instant capturedAt) {
    TreeMap<Instant, Double> byTime = new TreeMap<>();
    for (GpuMetricSample s : samples) {
      if (s.metric() == metric) byTime.putIfAbsent(Objects.requireNonNull(time(s, capturedAt)), s.value());
    }
    return byTime.entrySet().stream().map(x -> new Point(x.getKey(), x.getValue())).toList();
  }

  private static Instant time(GpuMetricSample s, Instant capturedAt) {
    return s.at() != null ? s.at() : capturedAt;
  }
}
