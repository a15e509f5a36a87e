package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A GPU node is known by what each platform and GPU component puts on it, not only by AKS labels. */
class NodeFactsTest {
  private static final Map<String, String> CPU_ONLY = Map.of("cpu", "8", "memory", "32Gi", "pods", "110");

  private static NodeFacts node(Map<String, String> labels, Map<String, String> capacity) {
    return new NodeFacts("node-a", labels, List.of(), capacity, capacity, List.of(), false, null,
        Provenance.of("nodes.json", "/items/0"));
  }

  private static NodeFacts labelled(String key, String value) {
    return node(Map.of("kubernetes.io/os", "linux", key, value), CPU_ONLY);
  }

  @Test
  void theDevicePluginsSharingRenameIsAGpuResourceButNotThePlainName() {
    NodeFacts shared = node(Map.of("kubernetes.azure.com/accelerator", "nvidia"),
        Map.of("cpu", "4", "nvidia.com/gpu.shared", "4", "nvidia.com/mig-1g.10gb.shared", "0"));
    assertThat(shared.advertisesGpu()).isFalse();
    assertThat(shared.sharedGpuResources()).containsExactly("nvidia.com/gpu.shared");
    assertThat(shared.advertisesSharedGpu()).isTrue();
    assertThat(GpuResources.isGpuResource("nvidia.com/gpu.shared")).isTrue();
    assertThat(GpuResources.isGpuResource("nvidia.com/mig-3g.40gb.shared")).isTrue();
    assertThat(GpuResources.isSharedGpuResource("nvidia.com/gpu")).isFalse();
    assertThat(GpuResources.isSharedGpuResource("example.com/fpga.shared")).isFalse();
    assertThat(GpuResources.sharedName("nvidia.com/gpu")).isEqualTo("nvidia.com/gpu.shared");
  }

  @Test
  void aksAcceleratorLabelAndNcSizeMakeAGpuNode() {
    assertThat(labelled("kubernetes.azure.com/accelerator", "nvidia").gpuNode()).isTrue();
    assertThat(labelled("node.kubernetes.io/instance-type", "Standard_NC24ads_A100_v4").gpuNode()).isTrue();
  }

  @Test
  void gkeAcceleratorLabelMakesAGpuNodeThatAdvertisesNothingYet() {
    NodeFacts n = labelled("cloud.google.com/gke-accelerator", "nvidia-tesla-t4");
    assertThat(n.gpuNode()).isTrue();
    assertThat(n.advertisesGpu()).isFalse();
  }

  @Test
  void nfdPciLabelOfVendor10deInEachFieldLayoutMakesAGpuNode() {
    assertThat(labelled("feature.node.kubernetes.io/pci-10de.present", "true").gpuNode()).isTrue();
    assertThat(labelled("feature.node.kubernetes.io/pci-0302_10de.present", "true").gpuNode()).isTrue();
    assertThat(labelled("feature.node.kubernetes.io/pci-0300_10de_20b5.present", "true").gpuNode()).isTrue();
  }

  @Test
  void nfdPciLabelOfAnotherVendorIsNoGpuSign() {
    assertThat(labelled("feature.node.kubernetes.io/pci-15b3.present", "true").gpuNode()).isFalse();
    assertThat(labelled("feature.node.kubernetes.io/pci-0300_1002.present", "true").gpuNode()).isFalse();
    assertThat(labelled("feature.node.kubernetes.io/pci-10de.present", "false").gpuNode()).isFalse();
  }

  @Test
  void gpuFeatureDiscoveryAndGpuOperatorLabelsMakeAGpuNode() {
    assertThat(labelled("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB").gpuNode()).isTrue();
    assertThat(labelled("nvidia.com/gpu.count", "8").gpuNode()).isTrue();
    assertThat(labelled("nvidia.com/gpu.count", "0").gpuNode()).isFalse();
    assertThat(labelled("nvidia.com/gpu.deploy.device-plugin", "true").gpuNode()).isTrue();
    assertThat(labelled("nvidia.com/gpu.deploy.driver", "pre-installed").gpuNode()).isTrue();
    assertThat(labelled("nvidia.com/gpu.deploy.operands", "false").gpuNode()).isFalse();
  }

  @Test
  void karpenterGpuLabelsOfAwsEksAutoModeAndAzureMakeAGpuNode() {
    assertThat(labelled("karpenter.k8s.aws/instance-gpu-manufacturer", "nvidia").gpuNode()).isTrue();
    assertThat(labelled("eks.amazonaws.com/instance-gpu-manufacturer", "nvidia").gpuNode()).isTrue();
    assertThat(labelled("karpenter.azure.com/sku-gpu-manufacturer", "nvidia").gpuNode()).isTrue();
    assertThat(labelled("karpenter.azure.com/sku-gpu-count", "1").gpuNode()).isTrue();
  }

  @Test
  void anotherManufacturersGpuCountIsNoNvidiaGpu() {
    NodeFacts amd = node(Map.of("karpenter.k8s.aws/instance-gpu-manufacturer", "amd",
        "karpenter.k8s.aws/instance-gpu-count", "1", "node.kubernetes.io/instance-type", "g4ad.xlarge"), CPU_ONLY);
    assertThat(amd.gpuNode()).isFalse();
    assertThat(amd.knownWithoutNvidiaGpu()).isTrue();
  }

  @Test
  void ec2GpuInstanceTypeMakesAGpuNode() {
    assertThat(labelled("node.kubernetes.io/instance-type", "g5.2xlarge").gpuNode()).isTrue();
    assertThat(labelled("node.kubernetes.io/instance-type", "p4d.24xlarge").gpuNode()).isTrue();
  }

  @Test
  void anAzureCpuSizeWithLabelsAndCapacityReadIsKnownWithoutNvidiaGpu() {
    NodeFacts ds2 = labelled("node.kubernetes.io/instance-type", "Standard_DS2_v2");
    assertThat(ds2.gpuNode()).isFalse();
    assertThat(ds2.knownWithoutNvidiaGpu()).isTrue();
  }

  @Test
  void aCpuSizeWhoseCapacityWasNotCapturedIsNotKnownWithoutGpu() {
    NodeFacts fromDescribe = new NodeFacts("node-a", Map.of("node.kubernetes.io/instance-type", "Standard_D8s_v5"),
        List.of(), Map.of(), Map.of(), List.of(), false, null, Provenance.of("describe-node.txt", "line 1"),
        Set.of(NodeFacts.CAPACITY, NodeFacts.ALLOCATABLE));
    assertThat(fromDescribe.knownWithoutNvidiaGpu()).isFalse();
  }

  @Test
  void aGcpN1MachineTellsNothingEitherWayBecauseGpusAttachToIt() {
    NodeFacts n1 = labelled("node.kubernetes.io/instance-type", "n1-standard-8");
    assertThat(n1.gpuNode()).isFalse();
    assertThat(n1.knownWithoutNvidiaGpu()).isFalse();
  }

  @Test
  void aCpuSizeThatAdvertisesGpusAnywayIsAGpuNode() {
    NodeFacts odd = node(Map.of("node.kubernetes.io/instance-type", "Standard_D8s_v5"),
        Map.of("cpu", "8", "nvidia.com/gpu", "1"));
    assertThat(odd.gpuNode()).isTrue();
    assertThat(odd.knownWithoutNvidiaGpu()).isFalse();
  }

  @Test
  void theGpuSignsAreTheLabelsToQuote() {
    NodeFacts gke = node(Map.of("cloud.google.com/gke-accelerator", "nvidia-l4", "cloud.google.com/gke-nodepool", "l4-pool",
        "node.kubernetes.io/instance-type", "g2-standard-8"), CPU_ONLY);
    assertThat(gke.gpuLabels()).containsExactly(Map.entry("cloud.google.com/gke-accelerator", "nvidia-l4"));
    assertThat(labelled("node.kubernetes.io/instance-type", "Standard_NC6s_v3").gpuLabels()).isEmpty();
  }

  @Test
  void theSizesGpuCountComesFromEitherInstanceTypeLabel() {
    assertThat(labelled("node.kubernetes.io/instance-type", "Standard_NC24s_v3").sizeGpus()).isEqualTo(4);
    assertThat(labelled("beta.kubernetes.io/instance-type", "Standard_NC12s_v3").sizeGpus()).isEqualTo(2);
    assertThat(labelled("node.kubernetes.io/instance-type", "Standard_NV6ads_A10_v5").sizeGpus()).isNull();
    assertThat(labelled("kubernetes.io/hostname", "node-a").sizeGpus()).isNull();
  }

  @Test
  void migResourcesAndMigLabelsAreMigSignsButTheirOffValuesAreNot() {
    assertThat(node(Map.of(), Map.of("nvidia.com/gpu", "1", "nvidia.com/mig-1g.10gb", "4")).migSigns())
        .containsExactly("allocatable nvidia.com/mig-1g.10gb: 4", "capacity nvidia.com/mig-1g.10gb: 4");
    assertThat(node(Map.of(), Map.of("nvidia.com/mig-3g.40gb", "0")).migPartitioned()).isTrue();
    assertThat(labelled("nvidia.com/mig.strategy", "mixed").migSigns()).containsExactly("nvidia.com/mig.strategy=mixed");
    assertThat(labelled("nvidia.com/mig.config", "all-1g.10gb").migPartitioned()).isTrue();
    assertThat(labelled("nvidia.com/mig.strategy", "none").migPartitioned()).isFalse();
    assertThat(labelled("nvidia.com/mig.config", "all-disabled").migPartitioned()).isFalse();
    assertThat(labelled("nvidia.com/mig.capable", "true").migPartitioned()).isFalse();
    assertThat(node(Map.of(), Map.of("nvidia.com/gpu", "1", "nvidia.com/gpu.shared", "4")).migPartitioned()).isFalse();
  }
}
