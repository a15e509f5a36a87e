package io.gpudoctor.facts;

import java.util.Map;

/** A ConfigMap that carries diagnosis data (e.g. {@code kube-system/cluster-autoscaler-status}). */
public record ConfigMapFacts(String namespace, String name, Map<String, String> data, Provenance provenance) {
  public ConfigMapFacts {
    data = SortedMaps.copyOf(data);
  }
}
