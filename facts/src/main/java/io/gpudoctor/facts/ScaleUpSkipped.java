package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One {@code <count> <reason>} part of a cluster-autoscaler {@code NotTriggerScaleUp} event
 * ("pod didn't trigger scale-up: 1 max node group size reached, 1 node(s) had untolerated taint
 * {sku: gpu}"), keyed by the pod. The parts are aggregated over all node groups: a part does not
 * say which group it is about.
 */
public record ScaleUpSkipped(
    String podKey, int count, ReasonCategory category, String resource, String taintKey, String text,
    String message, Instant lastSeen, Provenance provenance) {

  public Evidence evidence() {
    return provenance.quote("NotTriggerScaleUp: " + message);
  }
}
