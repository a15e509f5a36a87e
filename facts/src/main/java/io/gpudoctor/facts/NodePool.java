package io.gpudoctor.facts;

import java.util.List;
import java.util.Map;

/**
 * An AKS agent pool from {@code az aks show} / {@code az aks nodepool show|list}, with the
 * observed {@code gpuProfile} kept field by field so rules can tell absent from null.
 */
public record NodePool(
    String name,
    String vmSize,
    Integer count,
    Boolean enableAutoScaling,
    Integer minCount,
    Integer maxCount,
    String mode,
    String provisioningState,
    String powerState,
    String scaleSetPriority,
    String gpuInstanceProfile,
    boolean gpuProfilePresent,
    String driver,
    String driverType,
    boolean nvidiaPresent,
    String managementMode,
    String migStrategy,
    List<String> nodeTaints,
    Map<String, String> nodeLabels,
    Map<String, String> tags,
    Provenance provenance,
    boolean gpuProfileCaptured) {

  /** A pool read from {@code az} JSON: gpuProfile, taints, labels and tags are as the JSON showed them. */
  public NodePool(String name, String vmSize, Integer count, Boolean enableAutoScaling, Integer minCount,
      Integer maxCount, String mode, String provisioningState, String powerState, String scaleSetPriority,
      String gpuInstanceProfile, boolean gpuProfilePresent, String driver, String driverType, boolean nvidiaPresent,
      String managementMode, String migStrategy, List<String> nodeTaints, Map<String, String> nodeLabels,
      Map<String, String> tags, Provenance provenance) {
    this(name, vmSize, count, enableAutoScaling, minCount, maxCount, mode, provisioningState, powerState,
        scaleSetPriority, gpuInstanceProfile, gpuProfilePresent, driver, driverType, nvidiaPresent, managementMode,
        migStrategy, nodeTaints, nodeLabels, tags, provenance, true);
  }

  public NodePool {
    nodeTaints = List.copyOf(nodeTaints);
    nodeLabels = SortedMaps.copyOf(nodeLabels);
    tags = SortedMaps.copyOf(tags);
  }

  public boolean gpuPool() {
    return GpuResources.isNvidiaGpuSku(vmSize) || gpuProfilePresent;
  }

  /** The pre-API managed GPU preview marked pools with this tag instead of {@code gpuProfile.nvidia}. */
  public boolean legacyManagedTag() {
    return tags.entrySet().stream().anyMatch(e -> "EnableManagedGPUExperience".equalsIgnoreCase(e.getKey())
        && "true".equalsIgnoreCase(e.getValue()));
  }

  /** The observed gpuProfile as the JSON showed it, for quoting. */
  public String gpuProfileQuote() {
    if (!gpuProfileCaptured) return "gpuProfile: (not captured: an az table shows no gpuProfile, nodeTaints, nodeLabels or tags)";
    if (!gpuProfilePresent) return "gpuProfile: (absent)";
    StringBuilder sb = new StringBuilder("gpuProfile: {driver: ").append(driver);
    if (driverType != null) sb.append(", driverType: \"").append(driverType).append('"');
    if (!nvidiaPresent) sb.append(", nvidia: null");
    else sb.append(", nvidia: {managementMode: ").append(managementMode).append(", migStrategy: ").append(migStrategy).append('}');
    return sb.append('}').toString();
  }
}
