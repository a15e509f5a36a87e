package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.HpaFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/** {@code autoscaling/v2} (and v1) HorizontalPodAutoscaler: the target, replica counts, metrics and conditions. */
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
        Conditions.read(object, at, out), metrics(spec), at));
  }

  /** v2 {@code spec.metrics[]} as "<type> <name>" (pods DCGM_FI_DEV_FB_USED_AVG); v1's CPU target as "resource cpu". */
  private static List<String> metrics(JsonNode spec) {
    List<String> metrics = new ArrayList<>();
    JsonNode list = Trees.field(spec, "metrics");
    if (list != null && list.isArray()) {
      for (JsonNode m : list) {
        String type = Trees.text(m, "type");
        if (type == null) continue;
        // The source sits under the type's lower-camel key: pods, external, object, resource, containerResource.
        JsonNode source = Trees.field(m, Character.toLowerCase(type.charAt(0)) + type.substring(1));
        String metric = Trees.text(Trees.field(source, "metric"), "name");
        if (metric == null) metric = Trees.text(source, "name");
        metrics.add(type.toLowerCase(Locale.ROOT) + (metric == null ? "" : " " + metric));
      }
    }
    if (Trees.integer(spec, "targetCPUUtilizationPercentage") != null) metrics.add("resource cpu");
    return metrics;
  }
}
