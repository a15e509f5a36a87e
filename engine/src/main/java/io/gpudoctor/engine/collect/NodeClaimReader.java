package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Karpenter NodeClaim (KAITO gpu-provisioner, NAP), and the older Machine of early KAITO add-ons. */
final class NodeClaimReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return (group.equals("karpenter.sh") && (kind.equals("NodeClaim") || kind.equals("Machine")))
        || (group.equals("kaito.sh") && kind.equals("Machine"));
  }

  @Override
  public String topic() {
    return Topics.NODECLAIMS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    JsonNode meta = Trees.field(object, "metadata");
    String name = Trees.text(meta, "name");
    if (name == null) throw new NotReadable(Trees.text(object, "kind") + " without metadata.name");
    Map<String, String> labels = Trees.stringMap(Trees.field(meta, "labels"));
    String instanceType = requiredInstanceType(Trees.path(object, "spec", "requirements"));
    if (instanceType == null) instanceType = labels.get(NodeFacts.INSTANCE_TYPE_LABEL);
    out.fact(new NodeClaimFacts(name, labels, instanceType,
        Times.parse(Trees.text(meta, "creationTimestamp")),
        Conditions.read(object, at, out), at));
  }

  private static String requiredInstanceType(JsonNode requirements) {
    if (requirements == null || !requirements.isArray()) return null;
    for (JsonNode r : requirements) {
      if (NodeFacts.INSTANCE_TYPE_LABEL.equals(Trees.text(r, "key")) && "In".equals(Trees.text(r, "operator"))) {
        List<String> values = Trees.strings(Trees.field(r, "values"));
        if (!values.isEmpty()) return values.get(0);
      }
    }
    return null;
  }
}
