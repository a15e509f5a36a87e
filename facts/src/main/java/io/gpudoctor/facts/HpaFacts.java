package io.gpudoctor.facts;

import java.util.List;

/**
 * A HorizontalPodAutoscaler ({@code autoscaling/v2}; KEDA creates one per ScaledObject) with its
 * conditions {@code AbleToScale}, {@code ScalingActive}, {@code ScalingLimited}, from its JSON/YAML
 * or {@code kubectl describe hpa}. {@code metrics} are the metric sources as written (for quoting):
 * {@code pods DCGM_FI_DEV_FB_USED_AVG}, {@code external s0-prometheus}, {@code resource cpu}.
 * {@code name} is null for a conditions table pasted without its describe header.
 */
public record HpaFacts(
    String namespace, String name, String targetKind, String targetName, Integer minReplicas,
    Integer maxReplicas, Integer currentReplicas, Integer desiredReplicas, List<Condition> conditions,
    List<String> metrics, Provenance provenance) {

  public HpaFacts {
    conditions = List.copyOf(conditions);
    metrics = List.copyOf(metrics);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }
}
