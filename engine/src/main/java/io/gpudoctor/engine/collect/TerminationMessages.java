package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import java.util.List;

/**
 * The kubelet's termination messages ({@code state/lastState.terminated.message}) of a pod's containers, read
 * as log lines of that container. They hold what the container or the runtime said last: a failed start
 * ({@code StartError}: the NVIDIA hook's {@code nvidia-container-cli: ...}), the file at
 * {@code terminationMessagePath}, or with {@code terminationMessagePolicy: FallbackToLogsOnError} the tail
 * of the log of a crashed run, which is where a crash-looping vLLM's driver error shows when no log was
 * captured. The lines have no time of their own; the termination's time stands for them in the rules.
 */
final class TerminationMessages {
  /** One termination message as the pod reader met it. */
  record Message(String container, boolean previous, String text, Provenance at) {}

  private TerminationMessages() {}

  /** A LogSignal for every classified line of the messages of pod {@code namespace/name}. */
  static void read(String namespace, String name, List<Message> messages, BundleBuilder out) {
    for (Message m : messages) {
      if (m.text() == null || m.text().isBlank()) continue;
      ContainerLogFormat.LogOwner owner = new ContainerLogFormat.LogOwner(namespace, name, m.container(), m.previous());
      for (String line : m.text().split("\\R")) {
        LogClassifier.Classified c = LogClassifier.classify(line);
        if (c != null) out.fact(c.signal(owner, null, line.strip(), m.at()));
      }
    }
  }
}
