package io.gpudoctor.facts;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a node's instance type ({@code node.kubernetes.io/instance-type}) says about NVIDIA GPUs, by
 * each cloud's naming. Azure and EC2 sizes fix their GPUs, so a size tells both ways; a GCE N1
 * machine takes attached GPUs, so only GCE's accelerator-optimized types tell, and only that they
 * have one. Any other name (on-premises, kind) tells nothing.
 */
public final class InstanceTypes {
  // EC2 NVIDIA families: p2 (K80), p3 (V100), p4d/p4de (A100), p5/p5e/p5en (H100/H200), p6-b200, p6e-gb200,
  // g3/g3s (M60), g4dn (T4), g5 (A10G), g5g (T4G), g6 (L4), g6e (L40S), g6f, gr6. g4ad carries AMD GPUs.
  private static final Pattern EC2_NVIDIA =
      Pattern.compile("^(?:p[2-9][a-z0-9-]*|g[2-9](?!ad)[a-z0-9-]*|gr6[a-z0-9-]*)\\.[a-z0-9-]+$");
  private static final Pattern EC2_SIZE =
      Pattern.compile("^[a-z][a-z0-9-]*\\.(?:nano|micro|small|medium|large|\\d*xlarge|metal(?:-\\d+xl)?)$");
  // GCE accelerator-optimized types come with their GPUs: a2 (A100), a3 (H100/H200), a4 (B200), a4x (GB200), g2 (L4).
  private static final Pattern GCE_NVIDIA =
      Pattern.compile("^(?:a[2-4]x?-[a-z]+gpu-\\d+g(?:-[a-z0-9]+)?|g2-standard-\\d+)$");
  private static final Pattern AZURE_SIZE = Pattern.compile("(?i)^Standard_[A-Z][A-Za-z0-9_-]*$");
  // AKS installs NVIDIA's GRID (vGPU) driver on the A10 sizes: NVadsA10 v5 (a share of an A10, or all of it) and
  // NCads A10 v4 (AgentBaker's GPU driver table: Nvidia535GridDriver and later GRID branches).
  private static final Pattern AZURE_GRID = Pattern.compile("(?i)^Standard_(?:NV\\d+adm?s_A10_v5|NC\\d+ads_A10_v4)$");


  /**
   * NVIDIA GPUs of each whole-GPU Azure size, as Microsoft's size pages give them (a K80 or M60 board counts as
   * the GPUs Azure gives the size: NC6 and NV6 have one). Keys are lower case, without {@code Standard_}. Sizes that
   * carry a share of a GPU (NVadsA10 v5 below NV36, NCads A10 v4), AMD sizes (NVv4) and sizes not listed are
   * absent: their count is unknown, never guessed.
   */
  private static final Map<String, Integer> AZURE_GPUS = Map.ofEntries(
      // NC (K80), NCv2 (P100), NCv3 (V100)
      Map.entry("nc6", 1), Map.entry("nc12", 2), Map.entry("nc24", 4), Map.entry("nc24r", 4),
      Map.entry("nc6s_v2", 1), Map.entry("nc12s_v2", 2), Map.entry("nc24s_v2", 4), Map.entry("nc24rs_v2", 4),
      Map.entry("nc6s_v3", 1), Map.entry("nc12s_v3", 2), Map.entry("nc24s_v3", 4), Map.entry("nc24rs_v3", 4),
      // NCasT4_v3 (T4)
      Map.entry("nc4as_t4_v3", 1), Map.entry("nc8as_t4_v3", 1), Map.entry("nc16as_t4_v3", 1),
      Map.entry("nc64as_t4_v3", 4),
      // NC A100 v4, NCads H100 v5, NCCads H100 v5 (confidential)
      Map.entry("nc24ads_a100_v4", 1), Map.entry("nc48ads_a100_v4", 2), Map.entry("nc96ads_a100_v4", 4),
      Map.entry("nc40ads_h100_v5", 1), Map.entry("nc80adis_h100_v5", 2), Map.entry("ncc40ads_h100_v5", 1),
      // ND A100 v4, NDm A100 v4, NDv2 (V100), ND H100 v5, ND H200 v5
      Map.entry("nd96asr_v4", 8), Map.entry("nd96amsr_a100_v4", 8), Map.entry("nd40rs_v2", 8),
      Map.entry("nd96isr_h100_v5", 8), Map.entry("nd96isr_h200_v5", 8),
      // NV (M60), NVv3 (M60), NVadsA10 v5 whole GPUs
      Map.entry("nv6", 1), Map.entry("nv12", 2), Map.entry("nv24", 4),
      Map.entry("nv12s_v3", 1), Map.entry("nv24s_v3", 2), Map.entry("nv48s_v3", 4),
      Map.entry("nv36ads_a10_v5", 1), Map.entry("nv72ads_a10_v5", 2));

  private InstanceTypes() {}

  /** An Azure N-series size with NVIDIA GPUs, an EC2 NVIDIA GPU type, or a GCE accelerator-optimized type. */
  public static boolean nvidiaGpu(String instanceType) {
    if (instanceType == null) return false;
    return GpuResources.isNvidiaGpuSku(instanceType) || EC2_NVIDIA.matcher(instanceType).matches()
        || GCE_NVIDIA.matcher(instanceType).matches();
  }

  /** An Azure or EC2 size that has no NVIDIA GPU (CPU-only, or another vendor's accelerator). */
  public static boolean withoutNvidiaGpu(String instanceType) {
    if (instanceType == null || nvidiaGpu(instanceType)) return false;
    return AZURE_SIZE.matcher(instanceType).matches() || EC2_SIZE.matcher(instanceType).matches();
  }

  /** An Azure size whose GPU runs NVIDIA's GRID (vGPU) driver, which needs a license to run unrestricted. */
  public static boolean gridDriver(String instanceType) {
    return instanceType != null && AZURE_GRID.matcher(instanceType.trim()).matches();
  }

  /**
   * The NVIDIA GPUs a whole-GPU Azure size has, by name ({@code Standard_NC24s_v3}, {@code nc24s_v3}: case and the
   * {@code Standard_} prefix do not matter); null when the count is unknown: a fractional size ({@code
   * Standard_NV6ads_A10_v5}), an AMD size, any size not listed, or another cloud's type.
   */
  public static Integer azureGpuCount(String vmSize) {
    return vmSize == null ? null : AZURE_GPUS.get(sizeKey(vmSize));
  }

  /** Whether two texts name the same Azure size, {@code Standard_NC24s_v3} and {@code nc24s_v3} alike. */
  public static boolean sameAzureSize(String a, String b) {
    return a != null && b != null && sizeKey(a).equals(sizeKey(b));
  }

  private static String sizeKey(String vmSize) {
    String key = vmSize.trim().toLowerCase(Locale.ROOT);
    return key.startsWith("standard_") ? key.substring("standard_".length()) : key;
  }
}
