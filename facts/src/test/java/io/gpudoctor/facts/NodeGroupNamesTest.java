package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NodeGroupNamesTest {

  @Test
  void anAksNodeNameCarriesItsPool() {
    assertThat(NodeGroupNames.poolOfNode("aks-gpunp-36854149-vmss000002")).isEqualTo("gpunp");
    assertThat(NodeGroupNames.aksNode("aks-a10x8811f-36662775-vmss00002a")).isTrue();
  }

  @Test
  void theHostnameOfAnAksNodeMayEndInUpperCase() {
    assertThat(NodeGroupNames.poolOfNode("aks-a10x8811f-36662775-vmss00002A")).isEqualTo("a10x8811f");
  }

  @Test
  void otherNamesCarryNoPool() {
    assertThat(NodeGroupNames.poolOfNode("gpu-worker-3")).isNull();
    assertThat(NodeGroupNames.poolOfNode("aks-gpunp-36854149-vmss")).isNull();
    assertThat(NodeGroupNames.poolOfNode("vllm-7d9f8c7b5d-x7k2p")).isNull();
    assertThat(NodeGroupNames.poolOfNode(null)).isNull();
  }

  @Test
  void aScaleSetGroupIsNotANode() {
    assertThat(NodeGroupNames.pool("aks-gpunp-36854149-vmss")).isEqualTo("gpunp");
    assertThat(NodeGroupNames.aksNode("aks-gpunp-36854149-vmss")).isFalse();
  }
}
