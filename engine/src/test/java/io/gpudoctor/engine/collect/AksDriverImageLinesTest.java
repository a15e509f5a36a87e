package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.AksDriverImage;
import io.gpudoctor.facts.KernelXid;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** AKS's driver installer image where a text names it: which flavour, which driver, which node. */
class AksDriverImageLinesTest {
  private static final String NODE = "aks-nva10-41829376-vmss00000b";

  @TempDir Path dir;

  @Test
  void aProvisioningLogNamesTheGridImageAndItsDriverOncePerNode() {
    Bundles.write(dir, "nodes/" + NODE + "/cluster-provision.log", """
        + NVIDIA_DRIVER_IMAGE=mcr.microsoft.com/aks/aks-gpu-grid
        + ctr -n k8s.io image pull mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-20260522192315
        + ctr -n k8s.io run --privileged --rm --net-host mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-20260522192315 gpuinstall /entrypoint.sh install
        """);
    AksDriverImage image = Bundles.only(Bundles.read(dir), AksDriverImage.class);
    assertThat(image.image()).isEqualTo("mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-20260522192315");
    assertThat(image.grid()).isTrue();
    assertThat(image.driverVersion()).isEqualTo("570.211.01");
    assertThat(image.node()).isEqualTo(NODE);
    assertThat(image.nodeFrom()).isEqualTo(KernelXid.NodeFrom.FILE_PATH);
  }

  @Test
  void theCudaImagesAndARegistryMirrorCount() {
    Bundles.write(dir, "images.txt", """
        REF                                                                 TYPE
        mcr.microsoft.com/aks/aks-gpu-cuda-lts:580.95.05-20251021000000     application/vnd.oci.image.index.v1+json
        myacr.azurecr.io/aks/aks-gpu-cuda:550.90.12-20240301140000           application/vnd.oci.image.index.v1+json
        """);
    List<AksDriverImage> images = Bundles.facts(Bundles.read(dir), AksDriverImage.class);
    assertThat(images).extracting(AksDriverImage::grid, AksDriverImage::driverVersion).containsExactly(
        org.assertj.core.groups.Tuple.tuple(false, "580.95.05"), org.assertj.core.groups.Tuple.tuple(false, "550.90.12"));
    assertThat(images).allSatisfy(i -> assertThat(i.nodeKnown()).isFalse());
  }

  @Test
  void theImageNameWithoutATagOrAnotherProjectsDriverImageIsNoInstall() {
    Bundles.write(dir, "notes.txt", """
        NVIDIA_DRIVER_IMAGE=mcr.microsoft.com/aks/aks-gpu-grid
        Failed to initialize NVML: Driver/library version mismatch
        nvcr.io/nvidia/driver:550.90.07-ubuntu22.04
        """);
    assertThat(Bundles.facts(Bundles.read(dir), AksDriverImage.class)).isEmpty();
  }
}
