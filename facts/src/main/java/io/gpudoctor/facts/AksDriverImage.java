package io.gpudoctor.facts;

/**
 * AKS's own NVIDIA driver installer image named in the evidence: the node provisioning script (AgentBaker's CSE,
 * {@code /var/log/azure/aks/cluster-provision.log}) pulls and runs {@code mcr.microsoft.com/aks/aks-gpu-cuda:<driver>-<build>}
 * (also {@code aks-gpu-cuda-lts}) or, on GRID sizes (NVadsA10 v5, NCads A10 v4), {@code mcr.microsoft.com/aks/aks-gpu-grid:<driver>-<build>}
 * (also {@code aks-gpu-grid-v20}), only on pools where AKS installs the driver. It shows who installed the node's
 * driver; it says nothing about who runs the device plugin or the exporter (the pool's gpuProfile does).
 *
 * @param image the image reference as written ({@code mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-20260522192315})
 * @param grid whether it is a GRID (vGPU) driver image
 * @param driverVersion the driver version its tag carries ({@code 570.211.01})
 * @param node the node the line was logged on, or null when nothing says which
 * @param nodeFrom how the node is known
 */
public record AksDriverImage(String image, boolean grid, String driverVersion, String node, KernelXid.NodeFrom nodeFrom,
    String line, Provenance provenance) {

  public boolean nodeKnown() {
    return node != null && !node.isBlank();
  }

  /** The exact line, where it was read. */
  public Evidence evidence() {
    return provenance.quote(line);
  }

  /** How a summary names it: {@code AKS's GRID driver installer image mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-...}. */
  public String quote() {
    return "AKS's " + (grid ? "GRID" : "CUDA") + " driver installer image " + image
        + (nodeKnown() ? " on node " + node : " (the node it ran on is not named)");
  }
}
