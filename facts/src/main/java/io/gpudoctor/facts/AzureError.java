package io.gpudoctor.facts;

import java.time.Instant;

/**
 * A cloud allocation error as some read shows it: an operation ({@code az aks operation show-latest}),
 * the activity log, a NodeClaim {@code Launched} message, a Workspace condition, an autoscaler event
 * or backoff. Mostly Azure's; {@code cloud} is {@link #GCE} for the Compute Engine failures GKE's
 * cluster autoscaler reports on a pod. {@code origin} says which read (e.g. {@code nodeclaim
 * ws3943854b9}); {@code workspace} and {@code nodeGroup} link it to a KAITO Workspace or an agent
 * pool / autoscaler group when the read names one. The quota numbers are those the message carries,
 * null when it carries none. {@code quotaResource} is what a quota counts as the message names it
 * ({@link #VCPUS} for every vCPU form), null when only the code was read. {@code defaultVmSize}:
 * the command that failed gave no VM size, so AKS used its default (a general-purpose size).
 */
public record AzureError(
    String code,
    String message,
    AzureErrorKind kind,
    String tier,
    String family,
    String region,
    String zone,
    String vmSize,
    Integer currentLimit,
    Integer currentUsage,
    Integer additionalRequired,
    Integer newLimitRequired,
    Integer requested,
    Integer remaining,
    String origin,
    String workspace,
    String nodeGroup,
    Instant at,
    Provenance provenance,
    String cloud,
    String quotaResource,
    boolean defaultVmSize) {

  public static final String TIER_FAMILY = "family";
  public static final String TIER_REGIONAL = "regional";
  public static final String AZURE = "Azure";
  public static final String GCE = "GCE";
  /** EC2's launch errors, as Karpenter on AWS and the cluster autoscaler's ASG activities relay them. */
  public static final String AWS = "AWS";
  public static final String VCPUS = "vCPUs";

  public AzureError {
    code = code == null ? "" : code;
    message = message == null ? "" : message;
    cloud = cloud == null ? AZURE : cloud;
  }

  /** An Azure error whose quota resource, when it is a quota, is not stated. */
  public AzureError(String code, String message, AzureErrorKind kind, String tier, String family, String region,
      String zone, String vmSize, Integer currentLimit, Integer currentUsage, Integer additionalRequired,
      Integer newLimitRequired, Integer requested, Integer remaining, String origin, String workspace,
      String nodeGroup, Instant at, Provenance provenance) {
    this(code, message, kind, tier, family, region, zone, vmSize, currentLimit, currentUsage, additionalRequired,
        newLimitRequired, requested, remaining, origin, workspace, nodeGroup, at, provenance, AZURE, null, false);
  }

  public boolean azure() {
    return AZURE.equals(cloud);
  }

  /** The message says the quota counts vCPUs (cores); false when only the code was read. */
  public boolean vcpuQuota() {
    return VCPUS.equals(quotaResource);
  }

  /**
   * The minimum new limit: as the message states it, else what ARM itself computes for its
   * "(Minimum) New Limit Required": Current Usage + Additional Required (limit 100, usage 56,
   * +64 needs 120, not 164; "Maximum allowed: 10, Current in use: 7, Additional requested: 4"
   * needs 11). The current limit does not enter it: usage below the limit is headroom already.
   */
  public Integer minimumNewLimit() {
    if (newLimitRequired != null) return newLimitRequired;
    if (currentUsage != null && additionalRequired != null) return currentUsage + additionalRequired;
    return null;
  }

  /** The error as the read shows it, for quoting. */
  public String quote() {
    String where = origin == null || origin.isEmpty() ? "" : origin + ": ";
    return where + (code.isEmpty() ? message : message.isEmpty() ? code : code + ": " + message);
  }

  /**
   * Only the code was read, its message is not shown (a code named bare in prose): the code says what kind of
   * error it is, and nothing of its details (size, zone, numbers) or that it is still the operation's error.
   */
  public boolean codeOnly() {
    return message.isEmpty() && !code.isEmpty();
  }

  /** The agent pool a node group names ({@code aks-gpunp-36854149-vmss} is {@code gpunp}), or the group itself. */
  public String pool() {
    return NodeGroupNames.pool(nodeGroup);
  }

  /** The same error with the VM size the read that carried it asked for, when the message names none. */
  public AzureError withVmSize(String size) {
    if (vmSize != null || size == null) return this;
    return new AzureError(code, message, kind, tier, family, region, zone, size, currentLimit, currentUsage,
        additionalRequired, newLimitRequired, requested, remaining, origin, workspace, nodeGroup, at, provenance,
        cloud, quotaResource, false);
  }

  /** The same error about nodes of AKS's default size: the command that failed named none. */
  public AzureError withDefaultVmSize() {
    if (vmSize != null) return this;
    return new AzureError(code, message, kind, tier, family, region, zone, null, currentLimit, currentUsage,
        additionalRequired, newLimitRequired, requested, remaining, origin, workspace, nodeGroup, at, provenance,
        cloud, quotaResource, true);
  }
}
