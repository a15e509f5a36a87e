package io.gpudoctor.facts;

import java.time.Instant;

/** A status condition of a Kubernetes object (pod, node, workspace). */
public record Condition(
    String type, String status, String reason, String message, Instant lastTransitionTime,
    Provenance provenance) {

  public boolean isTrue() {
    return "True".equalsIgnoreCase(status);
  }

  public boolean isFalse() {
    return "False".equalsIgnoreCase(status);
  }

  /** The condition as {@code kubectl describe} would show it, for quoting. */
  public String quote() {
    StringBuilder sb = new StringBuilder(type).append('=').append(status);
    if (reason != null && !reason.isEmpty()) sb.append(' ').append(reason);
    if (message != null && !message.isEmpty()) sb.append(": ").append(message);
    return sb.toString();
  }
}
