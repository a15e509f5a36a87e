package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A KAITO Workspace ({@code kaito.sh/v1alpha1} or {@code v1beta1}; {@code resource} and
 * {@code inference} sit at the top level, there is no {@code spec}).
 */
public record WorkspaceFacts(
    String apiVersion,
    String namespace,
    String name,
    String instanceType,
    Integer count,
    Map<String, String> labelSelector,
    String preset,
    Instant createdAt,
    List<Condition> conditions,
    Provenance provenance) {

  public WorkspaceFacts {
    labelSelector = SortedMaps.copyOf(labelSelector);
    conditions = List.copyOf(conditions);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }
}
