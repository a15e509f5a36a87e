package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "$ kubectl describe pod -n llm-d decode-0",
      "~ $ kubectl describe pod -n llm-d decode-0",
      "~ [1]$ kubectl describe pod -n llm-d decode-0",
      "\u276F kubectl describe pod -n llm-d decode-0",
      "[root@k8s1 gpu]# kubectl describe pod -n llm-d decode-0",
      "(base) ops@gpu-box:~/charts$ sudo ./k3s kubectl describe pod -n llm-d decode-0",
      "ops@mbp ~ % microk8s kubectl describe pod -n llm-d decode-0",
      "ops@jumpbox:~$ microk8s.kubectl describe pod -n llm-d decode-0",
      "root@master:/# k3s kubectl describe pod -n llm-d decode-0",
      "PS C:\\Users\\ops> kubectl describe pod -n llm-d decode-0"})
  void everyShellPromptAndWrapperBeforeKubectlIsACommandPrompt(String line) {
    assertThat(CommandContext.isCommand(line)).isTrue();
    assertThat(CommandContext.parse(line)).isEqualTo(new CommandContext("llm-d", "Pod", "decode-0"));
    assertThat(CommandContext.kubectlCommand(line)).isEqualTo("kubectl describe pod -n llm-d decode-0");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "Then I ran kubectl describe pod -n llm-d decode-0 and saw nothing",
      "INFO 05-20 20:12:25 [launcher.py:28] kubectl describe pod printed the events",
      "# Why does kubectl describe pod hang?"})
  void proseThatNamesKubectlIsNoCommand(String line) {
    assertThat(CommandContext.isCommand(line)).isFalse();
    assertThat(CommandContext.kubectlCommand(line)).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"az aks nodepool list -g rg-ml --cluster-name aks-ml -o table", "$ az vm list-usage -l eastus -o table",
      "ops@jumpbox:~$az aks show -g rg-ml -n aks-ml", "PS C:\\> az quota list --scope x", "ops@jumpbox:~$ sudo az aks show -g rg -n aks"})
  void azAfterAnyPromptIsACommand(String line) {
    assertThat(CommandContext.isCommand(line)).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"Labels:             kubernetes.azure.com/agentpool=gpunp",
      "                    kubernetes.azure.com/accelerator=nvidia",
      "ProviderID:                   azure:///subscriptions/0000/resourceGroups/mc_rg/providers/Microsoft.Compute/virtualMachineScaleSets/aks-gpunp-1",
      "  Warning  FailedCreate  2m  vmss  lazy az-cli output", "kubectl-ai says the pod is fine", "ops@jumpbox:~$ kubectlx get pods"})
  void aLineThatNamesNeitherToolAsAWordIsNoCommand(String line) {
    assertThat(CommandContext.isCommand(line)).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"~ $ nvidia-smi", "~ [130]$ nvidia-smi -L", "[root@k8s1 gpu]# dmesg -T", "root@node4:~# dmesg",
      "/ # chroot /host", "(venv) ops@gpu-box:~$ python3 check.py", "\u276F helm list -A", "ops@mbp ~ % nvidia-smi"})
  void aPromptBeforeAnyCommandStartsOtherOutput(String line) {
    assertThat(CommandContext.SHELL_PROMPT.matcher(line).find()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).", "> quoted reply", ">>> import torch",
      "% of GPU memory in use", "INFO 05-20 20:12:25 [__init__.py:252] No platform detected", "$HOME/bin/start.sh"})
  void aCommentAQuoteOrAPythonPromptIsNoShellPrompt(String line) {
    assertThat(CommandContext.SHELL_PROMPT.matcher(line).find()).isFalse();
  }
}
