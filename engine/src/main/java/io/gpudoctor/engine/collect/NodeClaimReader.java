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
  /** Karpenter for Azure labels a claim with its size here (node.kubernetes.io/instance-type comes at launch). */
  static final String AZURE_SKU_NAME_LABEL = "karpenter.azure.com/sku-name";

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
    if (instanceType == null) instanceType = labels.get(AZURE_SKU_NAME_LABEL);
    out.fact(new NodeClaimFacts(name, labels, instanceType,
        Times.parse(Trees.text(meta, "creationTimestamp")),
        Conditions.read(object, at, out), at, null, provider(object, meta, labels)));
  }

  /**
   * Karpenter for Azure (AKS node auto-provisioning) or AWS, by what the claim carries: the provider's label
   * or annotation keys, its node class ({@code karpenter.azure.com} / {@code AKSNodeClass}), its provider id.
   */
  private static String provider(JsonNode object, JsonNode meta, Map<String, String> labels) {
    String p = NodeClaimFacts.providerOf(labels, null);
    if (p == null) p = NodeClaimFacts.providerOf(Trees.stringMap(Trees.field(meta, "annotations")), null);
    JsonNode ref = Trees.path(object, "spec", "nodeClassRef");
    if (p == null && ref != null) p = NodeClaimFacts.providerOf(null, Trees.text(ref, "group"));
    if (p == null && ref != null) p = NodeClaimFacts.providerOf(null, Trees.text(ref, "kind"));
    if (p == null) p = NodeClaimFacts.providerOf(null, Trees.text(Trees.field(object, "status"), "providerID"));
    return p;
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
