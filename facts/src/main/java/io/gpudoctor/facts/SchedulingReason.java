package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One reason a pod could not be scheduled, from a FailedScheduling event (or the PodScheduled
 * condition), keyed by the pod. Rules join it to the pod with {@code podKey == $pod.key}.
 */
public record SchedulingReason(
    String podKey,
    int totalNodes,
    int count,
    ReasonCategory category,
    String resource,
    String taintKey,
    String taintValue,
    String text,
    String message,
    Instant lastSeen,
    Provenance provenance) {

  public boolean isGpuShortage() {
    return category == ReasonCategory.INSUFFICIENT_RESOURCE && GpuResources.isGpuResource(resource);
  }

  /** The quote that shows this reason: the whole scheduler message. */
  public Evidence evidence() {
    return provenance.quote(message);
  }
}
