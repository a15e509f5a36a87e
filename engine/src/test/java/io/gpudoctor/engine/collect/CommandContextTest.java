package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a pasted prompt line says the output under it is about. */
class CommandContextTest {

  @Test
  void describePodNamesThePodAndItsNamespace() {
    assertThat(CommandContext.parse("$ kubectl describe pod -n ml-serving vllm-0 | grep -A5 Events"))
        .isEqualTo(new CommandContext("ml-serving", "Pod", "vllm-0"));
    assertThat(CommandContext.parse("kubectl -n ml-serving describe po/vllm-0").pod()).isEqualTo("vllm-0");
  }

  @Test
  void describeNodeNamesANodeAndNoPod() {
    CommandContext c = CommandContext.parse("azureuser@jumpbox:~$ kubectl describe node aks-gpunp-12345678-vmss000000");
    assertThat(c.node()).isEqualTo("aks-gpunp-12345678-vmss000000");
    assertThat(c.pod()).isNull();
  }

  @Test
  void logsNamesThePodItTakesBare() {
    assertThat(CommandContext.parse("kubectl logs -n ml-serving vllm-0 -c vllm --previous"))
        .isEqualTo(new CommandContext("ml-serving", "Pod", "vllm-0"));
  }

  @Test
  void eventsOfAnObjectAreAboutThatPod() {
    assertThat(CommandContext.parse("kubectl get events -n batch --field-selector involvedObject.name=embed-1"))
        .isEqualTo(new CommandContext("batch", "Pod", "embed-1"));
    assertThat(CommandContext.parse("kubectl get events -A --sort-by=.lastTimestamp"))
        .isEqualTo(new CommandContext(null, null, null));
  }

  @Test
  void aListOfKindsOrAllNamesNoObject() {
    assertThat(CommandContext.parse("kubectl get pods,nodes -o wide").kind()).isNull();
    assertThat(CommandContext.parse("kubectl get all -n gpu-operator")).isEqualTo(new CommandContext("gpu-operator", null, null));
    assertThat(CommandContext.parse("kubectl get ds -n kube-system nvidia-device-plugin-daemonset"))
        .isEqualTo(new CommandContext("kube-system", "DaemonSet", "nvidia-device-plugin-daemonset"));
  }
}
