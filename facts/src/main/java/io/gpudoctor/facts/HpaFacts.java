package io.gpudoctor.facts;

import java.util.List;

/**
 * A HorizontalPodAutoscaler ({@code autoscaling/v2}; KEDA creates one per ScaledObject) with its
 * conditions {@code AbleToScale}, {@code ScalingActive}, {@code ScalingLimited}.
 */
public record HpaFacts(
    String namespace, String name, String targetKind, String targetName, Integer minReplicas,
    Integer maxReplicas, Integer currentReplicas, Integer desiredReplicas, List<Condition> conditions,
    Provenance provenance) {

  public HpaFacts {
    conditions = List.copyOf(conditions);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }
}
