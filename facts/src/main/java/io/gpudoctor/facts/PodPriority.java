package io.gpudoctor.facts;

/**
 * A pod's place in preemption: its uid (the scheduler's {@code Preempted} event names the preemptor by uid), its
 * resolved {@code spec.priority} (null when the spec does not show it) and {@code spec.priorityClassName} (null:
 * none, so the cluster's global default class, else 0). Read from a pod's whole object.
 */
public record PodPriority(String podKey, String uid, Integer priority, String priorityClassName, Provenance provenance) {

  /** The pod's priority as a reader would say it: {@code priority 1000000, class training-high}. */
  public String describe() {
    String value = priority == null ? "priority not shown" : "priority " + priority;
    return value + (priorityClassName == null || priorityClassName.isBlank() ? ", no PriorityClass" : ", class " + priorityClassName);
  }
}
