package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/** {@code az aks show}: the cluster binds the target, each of {@code agentPoolProfiles} is a pool. */
final class AksClusterFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode profiles = Trees.field(document.tree(), "agentPoolProfiles");
    return profiles != null && profiles.isArray();
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode cluster = document.tree();
    Provenance at = document.provenance();
    AzureResourceId id = AzureResourceId.parse(Trees.text(cluster, "id"));
    String name = Trees.text(cluster, "name");
    out.clusterBinding(new ClusterBinding(id.subscription(), id.resourceGroup(),
        name != null ? name : id.cluster(), Trees.text(cluster, "location"), at));
    out.used(Topics.CLUSTER, document.path());
    JsonNode profiles = Trees.field(cluster, "agentPoolProfiles");
    Provenance profilesAt = at.child("agentPoolProfiles");
    out.azureIdentity(AzureIdentity.ofCluster(cluster, at, poolNames(profiles), profilesAt));
    for (int i = 0; i < profiles.size(); i++) {
      JsonNode profile = profiles.get(i);
      if (!profile.isObject() || Trees.text(profile, "name") == null) {
        out.unreadable(document.locate(profilesAt.child(i)), "agent pool profile without a name");
        continue;
      }
      out.fact(AgentPools.read(profile, profilesAt.child(i)));
      out.used(Topics.NODEPOOLS, document.path());
    }
  }

  /** Every pool's name; null when one is unnamed (the list is then not known to be complete). */
  static java.util.List<String> poolNames(JsonNode pools) {
    java.util.List<String> names = new java.util.ArrayList<>();
    for (JsonNode pool : pools) {
      String name = Trees.text(pool, "name");
      if (name == null || name.isBlank()) return null;
      names.add(name);
    }
    return names;
  }
}
