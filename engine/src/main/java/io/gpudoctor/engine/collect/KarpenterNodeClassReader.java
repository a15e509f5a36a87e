package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KarpenterNodeClass;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/**
 * Which cloud's Karpenter made the cluster's nodes, as its own objects name it: an {@code AKSNodeClass}
 * ({@code karpenter.azure.com}) or {@code EC2NodeClass} ({@code karpenter.k8s.aws}), or a {@code karpenter.sh}
 * NodePool whose {@code spec.template.spec.nodeClassRef} names one by group (v1) or kind. A v1beta1 NodePool's
 * reference names only the class ({@code name}) and tells nothing. Nothing else of these objects is read.
 */
final class KarpenterNodeClassReader implements KubeObjectReader {
  @Override
  public boolean handles(String group, String kind) {
    return group.equals("karpenter.azure.com") && kind.equals("AKSNodeClass")
        || group.equals("karpenter.k8s.aws") && kind.equals("EC2NodeClass")
        || group.equals("karpenter.sh") && kind.equals("NodePool");
  }

  @Override
  public String topic() {
    return Topics.OTHER;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) {
    String kind = Trees.text(object, "kind");
    String name = Trees.text(Trees.field(object, "metadata"), "name");
    String provider;
    if ("NodePool".equals(kind)) {
      JsonNode spec = Trees.path(object, "spec", "template", "spec");
      JsonNode ref = Trees.field(spec, "nodeClassRef");
      provider = ref == null ? null : NodeClaimFacts.providerOf(null, Trees.text(ref, "group"));
      if (provider == null && ref != null) provider = NodeClaimFacts.providerOf(null, Trees.text(ref, "kind"));
      if (provider == null) provider = NodeClaimFacts.providerOf(requirementKeys(Trees.field(spec, "requirements")), null);
    } else {
      provider = NodeClaimFacts.providerOf(null, kind);
    }
    if (provider != null) out.fact(new KarpenterNodeClass(provider, kind + "/" + (name == null ? "<unnamed>" : name), at));
  }

  /** The label keys a NodePool's requirements select on (values are not needed). */
  private static java.util.Map<String, String> requirementKeys(JsonNode requirements) {
    java.util.Map<String, String> keys = new java.util.TreeMap<>();
    if (requirements == null || !requirements.isArray()) return keys;
    for (JsonNode r : requirements) {
      String key = Trees.text(r, "key");
      if (key != null) keys.put(key, "");
    }
    return keys;
  }
}
