package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.HpaFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/** {@code autoscaling/v2} (and v1) HorizontalPodAutoscaler: the target, replica counts and conditions. */
final class HpaReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.equals("autoscaling") && kind.equals("HorizontalPodAutoscaler");
  }

  @Override
  public String topic() {
    return Topics.HPAS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    JsonNode meta = Trees.field(object, "metadata");
    String name = Trees.text(meta, "name");
    if (name == null) throw new NotReadable("HorizontalPodAutoscaler without metadata.name");
    JsonNode spec = Trees.field(object, "spec");
    JsonNode target = Trees.field(spec, "scaleTargetRef");
    JsonNode status = Trees.field(object, "status");
    out.fact(new HpaFacts(Trees.text(meta, "namespace"), name, Trees.text(target, "kind"), Trees.text(target, "name"),
        Trees.integer(spec, "minReplicas"), Trees.integer(spec, "maxReplicas"),
        Trees.integer(status, "currentReplicas"), Trees.integer(status, "desiredReplicas"),
        Conditions.read(object, at, out), at));
  }
}
