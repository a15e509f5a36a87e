package io.gpudoctor.facts;

/** The DCGM exporter fields gpu-doctor reads (domain 3.1), with their units. */
public enum GpuMetric {
  FB_USED("DCGM_FI_DEV_FB_USED", "MiB"),
  FB_FREE("DCGM_FI_DEV_FB_FREE", "MiB"),
  FB_RESERVED("DCGM_FI_DEV_FB_RESERVED", "MiB"),
  GPU_UTIL("DCGM_FI_DEV_GPU_UTIL", "%"),
  XID_ERRORS("DCGM_FI_DEV_XID_ERRORS", "");

  private final String seriesName;
  private final String unit;

  GpuMetric(String seriesName, String unit) {
    this.seriesName = seriesName;
    this.unit = unit;
  }

  /** The exporter's metric name. */
  public String seriesName() {
    return seriesName;
  }

  /** Frame-buffer values are MiB, not bytes (domain 7 item 1). */
  public String unit() {
    return unit;
  }

  public static GpuMetric ofSeries(String name) {
    for (GpuMetric m : values()) if (m.seriesName.equals(name)) return m;
    return null;
  }
}
