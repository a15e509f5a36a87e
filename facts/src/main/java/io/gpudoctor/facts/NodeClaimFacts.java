package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A Karpenter NodeClaim (KAITO's gpu-provisioner, NAP); supplementary evidence only. */
public record NodeClaimFacts(
    String name, Map<String, String> labels, String instanceType, Instant createdAt,
    List<Condition> conditions, Provenance provenance) {
  public NodeClaimFacts {
    labels = SortedMaps.copyOf(labels);
    conditions = List.copyOf(conditions);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }
}
