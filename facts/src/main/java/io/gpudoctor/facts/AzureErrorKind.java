package io.gpudoctor.facts;

/**
 * What an Azure allocation error means (domain 6.3). Quota, capacity and SKU eligibility are
 * different causes with different owners; an internal allocation failure is none of them.
 */
public enum AzureErrorKind {
  /** Regional or VM-family vCPU quota: the quota owner can raise it. */
  QUOTA,
  /** The size is restricted or not offered for the subscription in the region or zone. */
  SKU_NOT_AVAILABLE,
  /** Azure has no capacity for the size in the zone. */
  ZONAL_CAPACITY,
  /** Azure has no capacity for the size in the region. */
  REGIONAL_CAPACITY,
  /** Karpenter/KAITO gave up: every requested instance type was unavailable at launch. */
  INSTANCE_TYPES_UNAVAILABLE,
  /** Capacity exists only without some of the constraints (ephemeral disk, networking, size). */
  OVERCONSTRAINED,
  /** "The VM allocation failed due to an internal error": not quota, not capacity. */
  ALLOCATION_INTERNAL,
  OTHER;

  public boolean capacity() {
    return this == ZONAL_CAPACITY || this == REGIONAL_CAPACITY || this == INSTANCE_TYPES_UNAVAILABLE
        || this == OVERCONSTRAINED;
  }
}
