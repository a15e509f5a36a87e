package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * A scrape of the DCGM exporter in the Prometheus text format ({@code :19400/metrics} on AKS-managed
 * pools, {@code :9400/metrics} for the GPU Operator). Malformed lines are reported one by one as
 * {@code <file>:line N} and skipped; the well-formed series of the same file are kept.
 */
final class PrometheusTextFormat implements TextFormat {
  /** Beyond this many malformed lines in one file, the rest are counted, not listed. */
  static final int MAX_LINE_PROBLEMS = 20;

  @Override
  public boolean recognises(EvidenceFile file, String text) {
    return ExpositionParser.looksLikeExposition(text);
  }

  @Override
  public void read(EvidenceFile file, String text, BundleBuilder out) throws NotReadable {
    Reader reader = new Reader(file.path(), out);
    ExpositionParser.parse(text, reader);
    if (reader.problems > MAX_LINE_PROBLEMS) {
      out.unreadable(file.path() + ":line " + reader.firstUnlisted, (reader.problems - MAX_LINE_PROBLEMS)
          + " more malformed lines from here on were skipped");
    }
    if (reader.samples == 0) {
      if (reader.problems > 0) return; // every line is already reported
      throw new NotReadable("a Prometheus exposition without any sample");
    }
    out.used(Topics.METRICS, file.path());
  }

  private static final class Reader implements ExpositionParser.Sink {
    private final String path;
    private final BundleBuilder out;
    private final Map<String, DcgmSeries> series = new HashMap<>();
    private int samples;
    private int problems;
    private int firstUnlisted;

    Reader(String path, BundleBuilder out) {
      this.path = path;
      this.out = out;
    }

    @Override
    public void sample(String name, Map<String, String> labels, double value, Long timestampMillis, int line) {
      samples++;
      if (!name.startsWith("DCGM_FI_") || io.gpudoctor.facts.GpuMetric.ofSeries(name) == null) return;
      String identity = name + labels;
      DcgmSeries s = series.computeIfAbsent(identity, k -> DcgmSeries.of(name, labels));
      if (s == null) return;
      Instant at = timestampMillis == null ? null : Instant.ofEpochMilli(timestampMillis);
      s.value(value, at, Provenance.of(path, "line " + line), out);
    }

    @Override
    public void problem(int line, String reason) {
      problems++;
      if (problems <= MAX_LINE_PROBLEMS) {
        out.unreadable(path + ":line " + line, reason);
      } else if (problems == MAX_LINE_PROBLEMS + 1) {
        firstUnlisted = line;
      }
    }
  }
}
