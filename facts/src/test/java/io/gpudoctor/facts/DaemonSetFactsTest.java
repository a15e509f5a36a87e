package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DaemonSetFactsTest {
  private static final NodeFacts GPU_NODE = new NodeFacts("aks-gpunp-12345678-vmss000000",
      Map.of("kubernetes.azure.com/agentpool", "gpunp"), List.of(new Taint("sku", "gpu", "NoSchedule")), Map.of(),
      Map.of(), List.of(), false, null, Provenance.of("nodes.json", "/items/0"));

  private static DaemonSetFacts plugin(List<Toleration> tolerations, Map<String, String> selector, Set<String> unknown) {
    return new DaemonSetFacts("kube-system", "nvidia-device-plugin-daemonset", List.of(), tolerations, selector,
        List.of(), List.of(), 0, 0, 0, 0, Provenance.of("ds.txt", "line 2"), unknown);
  }

  @Test
  void tolerationsThatWereReadAndMissTheTaintNameIt() {
    DaemonSetFacts read = plugin(List.of(new Toleration("nvidia.com/gpu", "Exists", "", "NoSchedule")), Map.of(), Set.of());
    assertThat(read.untoleratedTaint(GPU_NODE)).isEqualTo(new Taint("sku", "gpu", "NoSchedule"));
    assertThat(read.tolerationsQuote()).isEqualTo("nvidia.com/gpu op=Exists:NoSchedule");
  }

  @Test
  void tolerationsNotCapturedNameNoUntoleratedTaint() {
    DaemonSetFacts table = plugin(List.of(), Map.of(), Set.of(DaemonSetFacts.TOLERATIONS, DaemonSetFacts.AFFINITY));
    assertThat(table.untoleratedTaint(GPU_NODE)).isNull();
    assertThat(table.tolerationsQuote()).isEqualTo("(not captured)");
    assertThat(table.known(DaemonSetFacts.TOLERATIONS)).isFalse();
  }

  @Test
  void aSelectorTheNodeLacksExcludesItWhateverTheAffinity() {
    DaemonSetFacts table = plugin(List.of(), Map.of("nvidia.com/gpu.deploy.device-plugin", "true"),
        Set.of(DaemonSetFacts.TOLERATIONS, DaemonSetFacts.AFFINITY));
    assertThat(table.selectsNode(GPU_NODE.labels())).isFalse();
  }

  @Test
  void aDaemonSetReadFromItsObjectKnowsEveryField() {
    DaemonSetFacts json = new DaemonSetFacts("kube-system", "nvidia-device-plugin-daemonset", List.of(), List.of(),
        Map.of(), List.of(), List.of(), 1, 1, 1, 1, Provenance.of("ds.json", ""));
    assertThat(json.fieldsUnknown()).isEmpty();
    assertThat(json.tolerationsQuote()).isEqualTo("(none)");
  }
}
