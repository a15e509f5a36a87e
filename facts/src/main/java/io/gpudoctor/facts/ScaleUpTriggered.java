package io.gpudoctor.facts;

import java.time.Instant;

/**
 * A scale-up the cluster autoscaler started: {@code TriggeredScaleUp} "pod triggered scale-up:
 * [{aks-gpunp-36854149-vmss 0->1 (max: 2)}]" (one fact per group, keyed by the pod) or
 * {@code ScaledUpGroup} "Scale-up: setting group %s size to %d instead of %d (max: %d)" (no pod).
 * It only says a node was asked for, never that one came.
 */
public record ScaleUpTriggered(
    String podKey, String group, int from, int to, int max, String reason, String message, Instant lastSeen,
    Provenance provenance) {

  public String pool() {
    return NodeGroupNames.pool(group);
  }

  public Evidence evidence() {
    return provenance.quote(reason + ": " + message);
  }
}
