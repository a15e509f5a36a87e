package io.gpudoctor.facts;

/**
 * What a cloud's allocation error means (domain 6.3). Quota, capacity and SKU eligibility are
 * different causes with different owners; an internal allocation failure is none of them. The
 * same kinds hold for the Compute Engine errors GKE's cluster autoscaler reports.
 */
public enum AzureErrorKind {
  /** Regional or VM-family vCPU quota (or, for GCE, a Compute Engine quota): the quota owner can raise it. */
  QUOTA,
  /** A quota of something that is not vCPUs (managed clusters, public IPs, ...): quota alone, never GPU capacity. */
  OTHER_QUOTA,
  /** The size is restricted or not offered for the subscription in the region or zone. */
  SKU_NOT_AVAILABLE,
  /** The cloud has no capacity for the size in the zone. */
  ZONAL_CAPACITY,
  /** The cloud has no capacity for the size in the region. */
  REGIONAL_CAPACITY,
  /** Karpenter/KAITO gave up: every requested instance type was unavailable at launch. */
  INSTANCE_TYPES_UNAVAILABLE,
  /** Capacity exists only without some of the constraints (ephemeral disk, networking, size). */
  OVERCONSTRAINED,
  /** "The VM allocation failed due to an internal error": not quota, not capacity. */
  ALLOCATION_INTERNAL,
  /**
   * The cluster's own setup refused the nodes (GKE: IP space exhausted, a deleted service account, a reservation or TPU
   * setting), or AKS refused the pool request for the cluster's configuration (node auto-provisioning in Auto mode and
   * a pool with the cluster autoscaler): neither quota, SKU nor capacity.
   */
  CONFIGURATION,
  /**
   * AKS refused or abandoned an operation because another one on the cluster or the pool was running: an etag conflict
   * ({@code OriginalEtagNotExpect}, {@code EtagMismatch}), "Another operation (...) is in progress", a preempted
   * operation. A conflict to wait out and reconcile, never quota, capacity or an internal allocation error.
   */
  OPERATION_CONFLICT,
  /** The VMs were asked for but did not register as nodes in time (GKE: "failed to appear in time"). */
  PROVISIONING_TIMEOUT,
  /** The VM was created but its node's bootstrap failed: AKS's provisioning script (vmssCSE) exited with an error code. */
  NODE_BOOTSTRAP,
  OTHER;

  public boolean capacity() {
    return this == ZONAL_CAPACITY || this == REGIONAL_CAPACITY || this == INSTANCE_TYPES_UNAVAILABLE
        || this == OVERCONSTRAINED;
  }
}
