package io.gpudoctor.facts;

import java.util.regex.Pattern;

/** Names of the NVIDIA extended resources and Azure GPU VM sizes. */
public final class GpuResources {
  public static final String GPU = "nvidia.com/gpu";
  public static final String MIG_PREFIX = "nvidia.com/mig-";

  // Azure N-series: NC, ND, NV. NVv4 (Standard_NV4as_v4 ...) carries AMD GPUs, not NVIDIA.
  private static final Pattern NVIDIA_SKU = Pattern.compile("(?i)^Standard_N[CDV].*");
  private static final Pattern AMD_NV_V4 = Pattern.compile("(?i)^Standard_NV\\d+as_v4$");

  private GpuResources() {}

  public static boolean isGpuResource(String name) {
    return GPU.equals(name) || isMigResource(name);
  }

  public static boolean isMigResource(String name) {
    return name != null && name.startsWith(MIG_PREFIX);
  }

  public static boolean isNvidiaGpuSku(String vmSize) {
    return vmSize != null && NVIDIA_SKU.matcher(vmSize).matches()
        && !AMD_NV_V4.matcher(vmSize).matches();
  }
}
