package io.gpudoctor.facts;

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
}
