package io.gpudoctor.facts;

import java.time.Instant;

/** A cluster-autoscaler {@code FailedToScaleUpGroup} event: "Scale-up failed for group %s: %v". */
public record ScaleUpFailed(String group, String error, String message, Instant lastSeen, Provenance provenance) {

  public String pool() {
    return NodeGroupNames.pool(group);
  }

  public Evidence evidence() {
    return provenance.quote("FailedToScaleUpGroup: " + message);
  }
}
