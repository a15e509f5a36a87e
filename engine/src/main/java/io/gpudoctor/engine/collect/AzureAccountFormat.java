package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code az account show -o json} (the subscription the CLI is signed in to: {@code id},
 * {@code tenantId}, {@code environmentName} ...) and the skill's projection
 * {@code --query '{subscription:id,tenant:tenantId}'}. It binds the subscription, and an az read
 * that names no subscription of its own ran against this one.
 */
final class AzureAccountFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode t = document.tree();
    if (!t.isObject() || Trees.has(t, "agentPoolProfiles")) return false;
    boolean full = Trees.has(t, "id") && Trees.has(t, "tenantId")
        && (Trees.has(t, "environmentName") || Trees.has(t, "isDefault") || Trees.has(t, "homeTenantId"));
    boolean projection = Trees.has(t, "subscription") && Trees.has(t, "tenant") && t.size() == 2;
    return full || projection;
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode t = document.tree();
    Provenance at = document.provenance();
    String field = Trees.has(t, "tenantId") ? "id" : "subscription";
    String subscription = Trees.text(t, field);
    if (subscription != null && !subscription.isBlank()) {
      subscription = subscription.strip();
      out.clusterBinding(new ClusterBinding(subscription, null, null, null, at));
      out.azureIdentity(new AzureIdentity(at.child(field), subscription,
          new AzureResourceId(subscription, null, null, null), List.of(), null, null, null, null));
    }
    out.used(Topics.CLUSTER, document.path());
  }
}
