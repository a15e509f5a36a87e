package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A Karpenter NodeClaim (KAITO's gpu-provisioner, NAP); supplementary evidence only.
 *
 * @param ageAtCaptureMinutes the AGE a {@code kubectl get nodeclaims} table showed, null when the
 *     capture showed none (an object has its creationTimestamp instead)
 */
public record NodeClaimFacts(
    String name, Map<String, String> labels, String instanceType, Instant createdAt,
    List<Condition> conditions, Provenance provenance, Long ageAtCaptureMinutes) {
  public NodeClaimFacts {
    labels = SortedMaps.copyOf(labels);
    conditions = List.copyOf(conditions);
  }

  /** A NodeClaim read from its object or a describe: no age column. */
  public NodeClaimFacts(String name, Map<String, String> labels, String instanceType, Instant createdAt,
      List<Condition> conditions, Provenance provenance) {
    this(name, labels, instanceType, createdAt, conditions, provenance, null);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }
}
