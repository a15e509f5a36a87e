package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/** {@code az aks nodepool show} (one object) and {@code az aks nodepool list} (an array of them). */
final class AksNodePoolFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode tree = document.tree();
    if (tree.isObject()) return AgentPools.isAgentPool(tree);
    if (!tree.isArray() || tree.isEmpty()) return false;
    for (JsonNode item : tree) if (!AgentPools.isAgentPool(item)) return false;
    return true;
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode tree = document.tree();
    Provenance at = document.provenance();
    if (tree.isObject()) {
      readPool(tree, at, out);
    } else {
      for (int i = 0; i < tree.size(); i++) readPool(tree.get(i), at.child(i), out);
      // A list is every pool of one cluster: the bound pool can be looked up in it.
      AzureIdentity first = AzureIdentity.ofId(tree.get(0), "id", at.child(0));
      out.azureIdentity(new AzureIdentity(first.idAt(), first.idText(), first.id(), java.util.List.of(), null, null,
          AksClusterFormat.poolNames(tree), at));
    }
    out.used(Topics.NODEPOOLS, document.path());
  }

  private static void readPool(JsonNode pool, Provenance at, BundleBuilder out) {
    out.fact(AgentPools.read(pool, at));
    out.azureIdentity(AzureIdentity.ofId(pool, "id", at));
    AzureResourceId id = AzureResourceId.parse(Trees.text(pool, "id"));
    if (id.subscription() != null || id.resourceGroup() != null || id.cluster() != null) {
      out.clusterBinding(new ClusterBinding(id.subscription(), id.resourceGroup(), id.cluster(), null, at));
    }
  }
}
