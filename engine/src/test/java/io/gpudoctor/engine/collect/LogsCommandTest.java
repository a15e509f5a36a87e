package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Whose log a pasted {@code kubectl logs} line prints, in the flag orders people type. */
class LogsCommandTest {

  @Test
  void namespacePodContainerAndPreviousInAnyOrder() {
    assertThat(LogsCommand.owner("$ kubectl logs -n llm vllm-0 -c vllm --previous"))
        .isEqualTo(new ContainerLogFormat.LogOwner("llm", "vllm-0", "vllm", true));
    assertThat(LogsCommand.owner("kubectl logs --previous --namespace=llm --container=vllm pod/vllm-0"))
        .isEqualTo(new ContainerLogFormat.LogOwner("llm", "vllm-0", "vllm", true));
    assertThat(LogsCommand.owner("user@jumpbox:~$ kubectl -n kube-system logs nvidia-device-plugin-daemonset-4xkq7 -p --tail 200"))
        .isEqualTo(new ContainerLogFormat.LogOwner("kube-system", "nvidia-device-plugin-daemonset-4xkq7", null, true));
  }

  @Test
  void theSecondWordAfterThePodIsItsContainer() {
    assertThat(LogsCommand.owner("kubectl logs vllm-0 vllm -n llm"))
        .isEqualTo(new ContainerLogFormat.LogOwner("llm", "vllm-0", "vllm", false));
  }

  @Test
  void aWorkloadOrASelectorNamesNoOnePod() {
    assertThat(LogsCommand.owner("kubectl logs deploy/vllm-mistral -n llm").pod()).isNull();
    assertThat(LogsCommand.owner("kubectl logs -l app=vllm -n llm --all-containers").pod()).isNull();
    assertThat(LogsCommand.owner("kubectl logs -n llm -l app=vllm").namespace()).isEqualTo("llm");
  }

  @Test
  void otherCommandsAreNoLogsCommand() {
    assertThat(LogsCommand.owner("kubectl get pods -n llm")).isNull();
    assertThat(LogsCommand.owner("$ az aks show -g rg -n aks-logs")).isNull();
    assertThat(LogsCommand.owner("the logs of kubectl say nothing")).isNull();
  }

  @Test
  void aPromptOrWrapperBeforeKubectlHidesNoPod() {
    ContainerLogFormat.LogOwner decode = new ContainerLogFormat.LogOwner("llm-d", "decode-69bbb879cd-45jwg", null, false);
    assertThat(LogsCommand.owner("~ [1]$ kubectl logs decode-69bbb879cd-45jwg -n llm-d")).isEqualTo(decode);
    assertThat(LogsCommand.owner("\u276F kubectl logs decode-69bbb879cd-45jwg -n llm-d")).isEqualTo(decode);
    assertThat(LogsCommand.owner("[root@k8s1 gpu]# kubectl logs decode-69bbb879cd-45jwg -n llm-d")).isEqualTo(decode);
    assertThat(LogsCommand.owner("(base) ops@gpu-box:~$ sudo ./k3s kubectl logs decode-69bbb879cd-45jwg -n llm-d")).isEqualTo(decode);
    assertThat(LogsCommand.owner("ops@mbp ~ % microk8s kubectl logs -n llm-d decode-69bbb879cd-45jwg")).isEqualTo(decode);
  }

  @Test
  void aHostNamedAfterKubectlIsPartOfThePrompt() {
    assertThat(LogsCommand.owner("ops@kubectl-jumpbox:~$ kubectl logs -n llm-d decode-0 -c vllm"))
        .isEqualTo(new ContainerLogFormat.LogOwner("llm-d", "decode-0", "vllm", false));
  }
}
