package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import tools.jackson.databind.JsonNode;

/**
 * One agent pool as {@code az aks show} (in {@code agentPoolProfiles}) or {@code az aks nodepool
 * show|list} prints it, also through {@code --query} projections with capitalised keys.
 * {@code gpuProfile} is kept as observed: absent or JSON null is not the same as present.
 */
final class AgentPools {
  private AgentPools() {}

  static NodePool read(JsonNode pool, Provenance at) {
    JsonNode gpuProfile = Trees.field(pool, "gpuProfile");
    boolean gpuProfilePresent = Trees.present(gpuProfile);
    JsonNode nvidia = gpuProfilePresent ? Trees.field(gpuProfile, "nvidia") : null;
    boolean nvidiaPresent = Trees.present(nvidia);
    String name = Trees.text(pool, "name");
    if (name == null) name = AzureResourceId.parse(Trees.text(pool, "id")).agentPool();
    return new NodePool(
        name,
        Trees.text(pool, "vmSize"),
        Trees.integer(pool, "count"),
        Trees.bool(pool, "enableAutoScaling"),
        Trees.integer(pool, "minCount"),
        Trees.integer(pool, "maxCount"),
        Trees.text(pool, "mode"),
        Trees.text(pool, "provisioningState"),
        Trees.text(Trees.field(pool, "powerState"), "code"),
        Trees.text(pool, "scaleSetPriority"),
        Trees.text(pool, "gpuInstanceProfile"),
        gpuProfilePresent,
        gpuProfilePresent ? Trees.text(gpuProfile, "driver") : null,
        gpuProfilePresent ? Trees.text(gpuProfile, "driverType") : null,
        nvidiaPresent,
        nvidiaPresent ? Trees.text(nvidia, "managementMode") : null,
        nvidiaPresent ? Trees.text(nvidia, "migStrategy") : null,
        Trees.strings(taints(pool)),
        Trees.stringMap(Trees.field(pool, "nodeLabels")),
        Trees.stringMap(Trees.field(pool, "tags")),
        at);
  }

  /** {@code nodeTaints}, or {@code Taints} in the projection the AKS labs use. */
  private static JsonNode taints(JsonNode pool) {
    JsonNode taints = Trees.field(pool, "nodeTaints");
    return taints != null ? taints : Trees.field(pool, "taints");
  }

  /** An object that is an agent pool: a VM size plus any field only agent pools have. */
  static boolean isAgentPool(JsonNode node) {
    if (node == null || !node.isObject() || Trees.text(node, "vmSize") == null) return false;
    return Trees.has(node, "gpuProfile") || Trees.has(node, "enableAutoScaling")
        || Trees.has(node, "orchestratorVersion")
        || "Microsoft.ContainerService/managedClusters/agentPools".equalsIgnoreCase(Trees.text(node, "type"))
        || Trees.text(node, "id") != null && Trees.text(node, "id").toLowerCase().contains("/agentpools/");
  }
}
