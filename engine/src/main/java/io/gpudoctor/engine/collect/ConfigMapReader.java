package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.ConfigMap;
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
    ConfigMap cm = KubeModel.convert(object, ConfigMap.class, at);
    String name = KubeModel.requireName(cm.getMetadata(), "ConfigMap");
    out.fact(new ConfigMapFacts(KubeModel.namespace(cm.getMetadata()), name,
        KubeModel.nonNull(cm.getData()), at));
  }
}
