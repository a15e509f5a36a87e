package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One value of one DCGM series at one time: from a scrape of the exporter (Prometheus text) or
 * from the Prometheus HTTP API. Frame-buffer values are MiB. The pod attribution comes from the
 * exporter's {@code pod}/{@code namespace}/{@code container} labels (or {@code exported_*}); it is
 * null when the exporter runs without {@code --kubernetes} or the labels are empty.
 *
 * @param at the sample time; null for a scrape line without a timestamp (then the scrape's capture time applies)
 */
public record GpuMetricSample(
    GpuMetric metric,
    GpuIdentity gpu,
    String namespace,
    String pod,
    String container,
    double value,
    Instant at,
    Provenance provenance) {

  public String gpuKey() {
    return gpu.key();
  }

  public String node() {
    return gpu.node();
  }

  /** {@code namespace/pod} the exporter attributes the GPU to, or null. */
  public String podKey() {
    return pod == null || pod.isBlank() ? null : ObjectKeys.key(namespace, pod);
  }

  public String unit() {
    return metric.unit();
  }

  public String quote() {
    String v = value == Math.rint(value) && !Double.isInfinite(value) ? String.valueOf((long) value) : String.valueOf(value);
    return metric.seriesName() + " " + v + (unit().isEmpty() ? "" : " " + unit()) + " on " + gpu.quote()
        + (podKey() == null ? "" : " (pod " + podKey() + ")") + (at == null ? "" : " at " + at);
  }

  public Evidence evidence() {
    return provenance.quote(quote());
  }
}
