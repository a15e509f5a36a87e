package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ConfigMapFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

final class ConfigMapReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.isEmpty() && kind.equals("ConfigMap");
  }

  @Override
  public String topic() {
    return Topics.CONFIGMAPS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    KubeTree cm = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree meta = KubeModel.metadata(cm);
    String name = KubeModel.requireName(meta, "ConfigMap");
    out.fact(new ConfigMapFacts(meta.string("namespace"), name, cm.stringMap("data"), at));
  }
}
