package io.gpudoctor.facts;

/** A Deployment or StatefulSet: how many replicas it wants and has ready. */
public record WorkloadFacts(
    String kind, String namespace, String name, int replicas, int readyReplicas, Provenance provenance) {
  public String key() {
    return ObjectKeys.key(namespace, name);
  }
}
