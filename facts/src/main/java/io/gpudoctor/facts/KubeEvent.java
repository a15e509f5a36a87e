package io.gpudoctor.facts;

import java.time.Instant;

/**
 * A Kubernetes event (core/v1 or events.k8s.io/v1), normalised. {@code component} is the
 * reporting component ({@code default-scheduler}, {@code cluster-autoscaler}, {@code kubelet}).
 */
public record KubeEvent(
    String namespace,
    String involvedKind,
    String involvedName,
    String type,
    String reason,
    String message,
    String component,
    int count,
    Instant firstSeen,
    Instant lastSeen,
    Provenance provenance) {

  public KubeEvent {
    message = message == null ? "" : message;
    reason = reason == null ? "" : reason;
    type = type == null ? "" : type;
    component = component == null ? "" : component;
  }

  /** {@code namespace/name} of the object the event is about. */
  public String involvedKey() {
    return ObjectKeys.key(namespace, involvedName);
  }

  public boolean isWarning() {
    return "Warning".equals(type);
  }

  /** The event as {@code kubectl describe} shows it, for quoting (a row pasted without its type shows none). */
  public String quote() {
    return (type.isEmpty() ? "" : type + " ") + reason + ": " + message;
  }
}
