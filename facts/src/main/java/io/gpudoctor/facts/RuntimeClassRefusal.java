package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's RuntimeClass admission refusing a pod whose {@code runtimeClassName} names no RuntimeClass
 * (plugin/pkg/admission/runtimeclass): {@code pods "cuda-vectoradd" is forbidden: pod rejected: RuntimeClass "nvidia"
 * not found}. The pod is never created: its controller records the refusal as a {@code FailedCreate} event ({@code
 * Error creating: pods "vllm-7d9c5b8f6d-" is forbidden: ...}, the generated name cut at its prefix), kubectl prints it
 * as {@code Error from server (Forbidden): error when creating "pod.yaml": ...}.
 *
 * @param namespace the namespace, when the text around it says; null otherwise
 * @param pod the pod (or the generated name's prefix) the refusal names, null when it names none
 */
public record RuntimeClassRefusal(String namespace, String pod, String runtimeClass, String message, Provenance provenance) {
  private static final Pattern REJECTED = Pattern.compile("pod rejected: RuntimeClass \\\\?\"([a-z0-9][a-z0-9.-]*)\\\\?\" not found");

  public static boolean mentions(String text) {
    return text != null && text.contains("pod rejected: RuntimeClass ");
  }

  /** The refusal the text states, or null. */
  public static RuntimeClassRefusal of(String namespace, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = REJECTED.matcher(text);
    if (!m.find()) return null;
    Matcher pod = ForbiddenPod.before(text, m.start());
    boolean named = pod != null;
    return new RuntimeClassRefusal(namespace, named ? pod.group(1) : null, m.group(1),
        text.substring(named ? pod.start() : m.start(), m.end()), at);
  }

  /** NVIDIA's runtime classes: the GPU Operator's {@code nvidia}, {@code nvidia-cdi}, {@code nvidia-legacy}, and the like. */
  public boolean nvidia() {
    return runtimeClass.contains("nvidia");
  }

  public Evidence evidence() {
    return provenance.quote(message);
  }
}
