package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/**
 * A {@code --query} projection of {@code az aks show} without the pools, as the skill's first read
 * takes it ({@code --query '{id:id,fqdn:fqdn,location:location}'}): an AKS cluster id with its API
 * server FQDNs or node resource group. It binds the cluster and lets the kube context be checked
 * against it. The whole {@code az aks show} is {@link AksClusterFormat}.
 */
final class AksClusterIdentityFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode t = document.tree();
    if (!t.isObject() || Trees.has(t, "agentPoolProfiles") || Trees.has(t, "error")) return false;
    AzureResourceId id = AzureResourceId.parse(Trees.text(t, "id"));
    if (id.cluster() == null || id.agentPool() != null) return false;
    if (Trees.has(t, "nodeResourceGroup")) return true;
    for (String field : AzureIdentity.FQDN_FIELDS) if (Trees.has(t, field)) return true;
    return false;
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode cluster = document.tree();
    Provenance at = document.provenance();
    AzureResourceId id = AzureResourceId.parse(Trees.text(cluster, "id"));
    out.clusterBinding(new ClusterBinding(id.subscription(), id.resourceGroup(), id.cluster(),
        Trees.text(cluster, "location"), at));
    out.azureIdentity(AzureIdentity.ofCluster(cluster, at, null, null));
    out.used(Topics.CLUSTER, document.path());
  }
}
