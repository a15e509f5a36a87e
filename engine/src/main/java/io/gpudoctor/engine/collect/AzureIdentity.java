package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * What one az output says about which subscription, cluster and API server it describes, each
 * value with where it stands so a conflict can quote it. Null or empty parts were not shown (or
 * were redacted) and are unknown, never a conflict.
 *
 * @param idText the exact ARM id (or subscription id) as written, for quoting
 * @param fqdns the API server FQDNs {@code az aks show} prints ({@code fqdn}, {@code privateFqdn},
 *     {@code azurePortalFqdn})
 * @param pools every pool of the cluster, when the output lists all of them ({@code agentPoolProfiles}
 *     of {@code az aks show}, {@code az aks nodepool list}); null for a single pool or no pools
 */
record AzureIdentity(
    Provenance idAt, String idText, AzureResourceId id,
    List<Fqdn> fqdns, String nodeResourceGroup, Provenance nodeResourceGroupAt,
    List<String> pools, Provenance poolsAt) {

  /** One FQDN field of {@code az aks show} and where it stands. */
  record Fqdn(String field, String host, Provenance at) {}

  static final List<String> FQDN_FIELDS = List.of("fqdn", "privateFqdn", "azurePortalFqdn");

  AzureIdentity {
    fqdns = List.copyOf(fqdns);
    pools = pools == null ? null : List.copyOf(pools);
  }

  String source() {
    return idAt.source();
  }

  /** An ARM id field ({@code id}, {@code resourceId}) alone. */
  static AzureIdentity ofId(JsonNode node, String field, Provenance at) {
    String text = Trees.text(node, field);
    return new AzureIdentity(at.child(field), text, AzureResourceId.parse(text), List.of(), null, null, null, null);
  }

  /** A cluster as {@code az aks show} prints it (whole, or through a {@code --query} projection). */
  static AzureIdentity ofCluster(JsonNode cluster, Provenance at, List<String> pools, Provenance poolsAt) {
    List<Fqdn> fqdns = new ArrayList<>();
    for (String field : FQDN_FIELDS) {
      String host = Trees.text(cluster, field);
      if (host != null && !host.isBlank()) fqdns.add(new Fqdn(field, host.strip().toLowerCase(Locale.ROOT), at.child(field)));
    }
    String text = Trees.text(cluster, "id");
    String nodeRg = Trees.text(cluster, "nodeResourceGroup");
    return new AzureIdentity(at.child("id"), text, AzureResourceId.parse(text), fqdns,
        nodeRg == null || nodeRg.isBlank() ? null : nodeRg, at.child("nodeResourceGroup"), pools, poolsAt);
  }

  boolean namesAnything() {
    return id.subscription() != null || id.resourceGroup() != null || id.cluster() != null || !fqdns.isEmpty()
        || nodeResourceGroup != null || pools != null;
  }
}
