package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ScaledObjectFacts;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/** KEDA {@code keda.sh/v1alpha1} ScaledObject: what it scales, its HPA, its triggers as written. */
final class ScaledObjectReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.equals("keda.sh") && kind.equals("ScaledObject");
  }

  @Override
  public String topic() {
    return Topics.SCALEDOBJECTS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    JsonNode meta = Trees.field(object, "metadata");
    String name = Trees.text(meta, "name");
    if (name == null) throw new NotReadable("ScaledObject without metadata.name");
    JsonNode spec = Trees.field(object, "spec");
    List<String> triggers = new ArrayList<>();
    JsonNode list = Trees.field(spec, "triggers");
    if (list != null && list.isArray()) {
      for (JsonNode trigger : list) {
        Map<String, String> metadata = new TreeMap<>(Trees.stringMap(Trees.field(trigger, "metadata")));
        StringBuilder sb = new StringBuilder(String.valueOf(Trees.text(trigger, "type")));
        metadata.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        triggers.add(sb.toString());
      }
    }
    out.fact(new ScaledObjectFacts(Trees.text(meta, "namespace"), name,
        Trees.text(Trees.field(spec, "scaleTargetRef"), "name"),
        Trees.text(Trees.field(object, "status"), "hpaName"), triggers, Conditions.read(object, at, out), at));
  }
}
