package io.gpudoctor.facts;

import java.time.Instant;

/**
 * An Azure error as some read shows it: an operation ({@code az aks operation show-latest}), the
 * activity log, a NodeClaim {@code Launched} message, a Workspace condition, an autoscaler event
 * or backoff. {@code origin} says which (e.g. {@code nodeclaim ws3943854b9}); {@code workspace}
 * and {@code nodeGroup} link it to a KAITO Workspace or an agent pool / autoscaler group when the
 * read names one. The quota numbers are those the message carries, null when it carries none.
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
    Provenance provenance) {

  public static final String TIER_FAMILY = "family";
  public static final String TIER_REGIONAL = "regional";

  public AzureError {
    code = code == null ? "" : code;
    message = message == null ? "" : message;
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
    return where + (code.isEmpty() ? message : code + ": " + message);
  }

  /** The agent pool a node group names ({@code aks-gpunp-36854149-vmss} is {@code gpunp}), or the group itself. */
  public String pool() {
    return NodeGroupNames.pool(nodeGroup);
  }

  /** The same error with the VM size the read that carried it asked for, when the message names none. */
  public AzureError withVmSize(String size) {
    if (vmSize != null || size == null) return this;
    return new AzureError(code, message, kind, tier, family, region, zone, size, currentLimit, currentUsage,
        additionalRequired, newLimitRequired, requested, remaining, origin, workspace, nodeGroup, at, provenance);
  }
}
