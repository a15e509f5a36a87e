package io.gpudoctor.facts;

import java.util.regex.Pattern;

/** Names of the NVIDIA extended resources and Azure GPU VM sizes. */
public final class GpuResources {
  public static final String GPU = "nvidia.com/gpu";
  public static final String MIG_PREFIX = "nvidia.com/mig-";
  private static final String SHARED_SUFFIX = ".shared";

  // Azure N-series: NC, ND, NV. NVv4 (Standard_NV4as_v4 ...) carries AMD GPUs, not NVIDIA.
  private static final Pattern NVIDIA_SKU = Pattern.compile("(?i)^Standard_N[CDV].*");
  private static final Pattern AMD_NV_V4 = Pattern.compile("(?i)^Standard_NV\\d+as_v4$");

  private GpuResources() {}

  /**
   * {@code nvidia.com/gpu}, a MIG profile, or either as the device plugin renames it when it shares
   * the GPUs (time-slicing or MPS with {@code renameByDefault: true}, v0.12+): {@code nvidia.com/gpu.shared},
   * {@code nvidia.com/mig-1g.10gb.shared}.
   */
  public static boolean isGpuResource(String name) {
    return GPU.equals(name) || isMigResource(name) || isSharedGpuResource(name);
  }

  /** A GPU resource under the device plugin's sharing rename: the name of one with {@code .shared} appended. */
  public static boolean isSharedGpuResource(String name) {
    if (name == null || !name.endsWith(SHARED_SUFFIX)) return false;
    String base = name.substring(0, name.length() - SHARED_SUFFIX.length());
    return GPU.equals(base) || isMigResource(base);
  }

  /** The name the device plugin gives a GPU resource when it shares it with renameByDefault. */
  public static String sharedName(String resource) {
    return resource + SHARED_SUFFIX;
  }

  public static boolean isMigResource(String name) {
    return name != null && name.startsWith(MIG_PREFIX);
  }

  public static boolean isNvidiaGpuSku(String vmSize) {
    return vmSize != null && NVIDIA_SKU.matcher(vmSize).matches()
        && !AMD_NV_V4.matcher(vmSize).matches();
  }
}
