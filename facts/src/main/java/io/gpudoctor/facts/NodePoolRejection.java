package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One NodePool's part of a Karpenter {@code FailedScheduling} pod event (source {@code karpenter},
 * domain 5.3): "Failed to schedule pod, incompatible with nodepool "spot-pool", daemonset
 * overhead={...}, no instance type has enough resources; all available instance types exceed
 * limits for nodepool (NodePool=gpu-nodepool)". {@code nodePool} is null when the part names none;
 * {@code requestsGpu} is what the event's {@code resources={...}} say the pod asks for.
 */
public record NodePoolRejection(
    String podKey, String nodePool, NodePoolRejectionKind kind, String text, boolean requestsGpu, String message,
    Instant lastSeen, Provenance provenance) {

  public Evidence evidence() {
    return provenance.quote("FailedScheduling (karpenter): " + message);
  }
}
