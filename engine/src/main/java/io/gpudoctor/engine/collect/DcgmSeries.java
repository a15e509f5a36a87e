package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.GpuIdentity;
import io.gpudoctor.facts.GpuMetric;
import io.gpudoctor.facts.GpuMetricSample;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.XidError;
import java.time.Instant;
import java.util.Map;

/**
 * Turns one DCGM series (its labels) and its values into facts, the same way for a scrape and for
 * a Prometheus query result. Labels per dcgm-exporter's render template (domain 3.2): {@code gpu},
 * {@code UUID} (or {@code uuid}), {@code Hostname} (renamed {@code hostname} on newer exporters),
 * {@code modelName}, {@code GPU_I_PROFILE}/{@code GPU_I_ID} for MIG, {@code pod}/{@code namespace}/
 * {@code container} with {@code --kubernetes}, or {@code exported_*} when Prometheus renamed them.
 */
final class DcgmSeries {
  private final GpuMetric metric;
  private final GpuIdentity gpu;
  private final String namespace;
  private final String pod;
  private final String container;
  private final String xidMessage;
  private double lastXid = 0;

  private DcgmSeries(GpuMetric metric, Map<String, String> labels) {
    this.metric = metric;
    this.gpu = new GpuIdentity(
        first(labels, "Hostname", "hostname", "instance"),
        first(labels, "gpu"),
        first(labels, "UUID", "uuid"),
        first(labels, "modelName"),
        first(labels, "GPU_I_PROFILE"),
        first(labels, "GPU_I_ID"));
    this.namespace = first(labels, "namespace", "exported_namespace");
    this.pod = first(labels, "pod", "exported_pod");
    this.container = first(labels, "container", "exported_container");
    this.xidMessage = first(labels, "err_msg");
  }

  /** The series if it is a DCGM field gpu-doctor reads, else null. */
  static DcgmSeries of(String metricName, Map<String, String> labels) {
    GpuMetric metric = GpuMetric.ofSeries(metricName);
    return metric == null ? null : new DcgmSeries(metric, labels);
  }

  /**
   * Adds the facts of one value. An Xid gauge holds the last Xid, so it is one error when the value
   * first turns non-zero or changes, not one per sample.
   */
  void value(double value, Instant at, Provenance where, BundleBuilder out) {
    out.observed(at);
    if (metric == GpuMetric.XID_ERRORS) {
      if (value > 0 && value != lastXid && value == Math.rint(value)) {
        out.fact(new XidError((int) value, xidMessage, gpu, namespace, pod, at, where));
      }
      lastXid = value;
      return;
    }
    if (Double.isNaN(value)) return; // no measurement at that time
    out.fact(new GpuMetricSample(metric, gpu, namespace, pod, container, value, at, where));
  }

  /** The first non-empty value among the label names; exporters emit {@code pod=""} when unattributed. */
  private static String first(Map<String, String> labels, String... names) {
    for (String n : names) {
      String v = labels.get(n);
      if (v != null && !v.isBlank()) return v;
    }
    return null;
  }
}
