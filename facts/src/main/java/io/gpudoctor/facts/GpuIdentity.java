package io.gpudoctor.facts;

/**
 * Which GPU a DCGM series describes. {@code node} is the {@code Hostname}/{@code hostname} label,
 * else {@code instance} (Azure Managed Prometheus sets it to the node name and drops UUID and
 * Hostname); {@code gpu} is the index on that node. MIG instances add {@code GPU_I_PROFILE}/{@code GPU_I_ID}.
 */
public record GpuIdentity(String node, String gpu, String uuid, String modelName, String migProfile, String migInstance) {

  /** {@code <node>/gpu<index>}: the join key of everything measured on one GPU; null when either part is unknown. */
  public String key() {
    if (node == null || node.isBlank() || gpu == null || gpu.isBlank()) return null;
    return node + "/gpu" + gpu + (migInstance == null || migInstance.isBlank() ? "" : "/mig" + migInstance);
  }

  public String quote() {
    StringBuilder sb = new StringBuilder("gpu=\"").append(gpu).append('"');
    if (uuid != null) sb.append(", UUID=\"").append(uuid).append('"');
    if (node != null) sb.append(", node ").append(node);
    if (modelName != null) sb.append(", modelName=\"").append(modelName).append('"');
    if (migProfile != null) sb.append(", GPU_I_PROFILE=\"").append(migProfile).append('"');
    return sb.toString();
  }
}
