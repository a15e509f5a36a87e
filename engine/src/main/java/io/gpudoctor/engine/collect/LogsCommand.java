package io.gpudoctor.engine.collect;

import java.util.List;
import java.util.Set;

/**
 * Whose log a pasted {@code kubectl logs} command line prints:
 * {@code $ kubectl logs [-n NS] POD [-c CONTAINER] [--previous|-p]} behind any shell prompt and wrapper
 * ({@code sudo}, {@code k3s}, {@code microk8s}: {@link CommandContext}), also {@code pod/POD},
 * {@code --namespace=NS}, {@code --container=C}, and flags in any order. {@code deploy/NAME} or a
 * label selector name no one pod: the pod stays unknown.
 */
final class LogsCommand {
  /** kubectl logs flags that take a value (kubectl 1.2x-1.3x). */
  private static final Set<String> WITH_VALUE = Set.of("-n", "--namespace", "-c", "--container", "--context",
      "--kubeconfig", "--cluster", "--user", "-l", "--selector", "--since", "--since-time", "--tail", "--limit-bytes",
      "--max-log-requests", "--pod-running-timeout", "-s", "--server", "--token", "--as");

  private LogsCommand() {}

  /** The owner of the log lines that follow, or null when the line is not a {@code kubectl logs} command. */
  static ContainerLogFormat.LogOwner owner(String line) {
    if (!line.contains("logs")) return null;
    // After the prompt and wrapper: a prompt or host may itself say "kubectl" (user@kubectl-jumpbox:~$).
    String command = CommandContext.kubectlCommand(line);
    if (command == null) return null;
    if (command.contains("|")) command = command.substring(0, command.indexOf('|'));
    List<String> words = List.of(command.trim().split("\\s+"));
    int logs = words.indexOf("logs");
    if (words.isEmpty() || !words.get(0).equals("kubectl") || logs < 0) return null;
    String namespace = null;
    String pod = null;
    String container = null;
    boolean previous = false;
    boolean named = false;
    for (int i = 1; i < words.size(); i++) {
      String w = words.get(i);
      String next = i + 1 < words.size() ? words.get(i + 1) : null;
      String flag = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
      String value = w.contains("=") ? w.substring(w.indexOf('=') + 1) : next;
      if (flag.equals("-n") || flag.equals("--namespace")) namespace = value;
      else if (flag.equals("-c") || flag.equals("--container")) container = value;
      else if (flag.equals("-p") || flag.equals("--previous")) previous = !w.endsWith("=false");
      if (w.startsWith("-")) {
        if (WITH_VALUE.contains(flag) && !w.contains("=")) i++;
        continue;
      }
      if (i <= logs || named) continue;
      named = true;
      // kubectl logs deploy/x (or job/x) picks one pod of its own: which one is not known.
      if (!w.contains("/")) pod = w;
      else if (w.startsWith("pod/") || w.startsWith("pods/") || w.startsWith("po/")) pod = w.substring(w.indexOf('/') + 1);
      // "kubectl logs POD CONTAINER": the second word is the container.
      if (i + 1 < words.size() && !words.get(i + 1).startsWith("-") && container == null) container = words.get(++i);
    }
    return new ContainerLogFormat.LogOwner(namespace, pod, container, previous);
  }
}
