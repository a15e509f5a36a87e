package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import tools.jackson.databind.JsonNode;

/** Reads one Kubernetes kind into facts. */
interface KubeObjectReader {

  /** @param group the API group ({@code ""} for core), e.g. {@code apps}, {@code kaito.sh} */
  boolean handles(String group, String kind);

  String topic();

  void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable;
}
