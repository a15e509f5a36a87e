package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The records whose equals and hashCode are written out (to spare a cold start the bootstrap of the
 * generated ones) keep a record's meaning: equal exactly when every component is equal.
 */
class WrittenOutEqualityTest {
  /** The first value equals the second; each of the others differs from it in one component. */
  private static void equalOnlyWhenEveryComponentIs(Object value, Object same, Object... differingInOne) {
    assertThat(value).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(null).isNotEqualTo("value");
    for (Object other : differingInOne) assertThat(value).as("against %s", other).isNotEqualTo(other);
  }

  @Test
  void read() {
    equalOnlyWhenEveryComponentIs(new Read("nodes", "kubectl get nodes", ReadStatus.DENIED, "forbidden"),
        new Read("nodes", "kubectl get nodes", ReadStatus.DENIED, "forbidden"),
        new Read("pods", "kubectl get nodes", ReadStatus.DENIED, "forbidden"),
        new Read("nodes", "nodes.json", ReadStatus.DENIED, "forbidden"),
        new Read("nodes", "kubectl get nodes", ReadStatus.FAILED, "forbidden"),
        new Read("nodes", "kubectl get nodes", ReadStatus.DENIED, "timeout"));
    assertThat(new Read("nodes", null, ReadStatus.RAN, null)).isEqualTo(new Read("nodes", null, ReadStatus.RAN, ""));
  }

  @Test
  void evidence() {
    equalOnlyWhenEveryComponentIs(new Evidence("events.json", "/items/0/message", "0/3 nodes are available"),
        new Evidence("events.json", "/items/0/message", "0/3 nodes are available"),
        new Evidence("pods.json", "/items/0/message", "0/3 nodes are available"),
        new Evidence("events.json", "/items/1/message", "0/3 nodes are available"),
        new Evidence("events.json", "/items/0/message", "0/4 nodes are available"));
    assertThat(new Evidence(null, null, null)).isEqualTo(new Evidence("", "", ""));
  }

  @Test
  void proposedAction() {
    equalOnlyWhenEveryComponentIs(new ProposedAction("Scale the pool", "az aks nodepool scale", true, true),
        new ProposedAction("Scale the pool", "az aks nodepool scale", true, true),
        new ProposedAction("Scale the GPU pool", "az aks nodepool scale", true, true),
        new ProposedAction("Scale the pool", "az aks nodepool show", true, true),
        new ProposedAction("Scale the pool", "az aks nodepool scale", false, true),
        new ProposedAction("Scale the pool", "az aks nodepool scale", true, false));
  }

  @Test
  void gpuProfile() {
    Evidence label = new Evidence("nodes.json", "/items/0/metadata/labels", "gpu-driver=none");
    equalOnlyWhenEveryComponentIs(new GpuProfile("gpunp", InstallProfile.BYO, "label", List.of(label)),
        new GpuProfile("gpunp", InstallProfile.BYO, "label", List.of(label)),
        new GpuProfile("gpunp2", InstallProfile.BYO, "label", List.of(label)),
        new GpuProfile("gpunp", InstallProfile.DRIVER_ONLY, "label", List.of(label)),
        new GpuProfile("gpunp", InstallProfile.BYO, "taint", List.of(label)),
        new GpuProfile("gpunp", InstallProfile.BYO, "label", List.of()));
  }
}
