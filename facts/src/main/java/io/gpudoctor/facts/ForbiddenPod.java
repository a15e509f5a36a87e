package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The pod an admission refusal names, {@code pods "vllm-0" is forbidden: <reason>} (a generated name cut at its prefix). */
final class ForbiddenPod {
  private static final Pattern POD = Pattern.compile("pods \\\\?\"([a-z0-9][a-z0-9.-]*)\\\\?\" is forbidden");

  private ForbiddenPod() {}

  /** The match of the pod's phrase when it comes before the reason at {@code reasonAt}, else null. */
  static Matcher before(String text, int reasonAt) {
    Matcher pod = POD.matcher(text);
    return pod.find() && pod.start() < reasonAt ? pod : null;
  }
}
