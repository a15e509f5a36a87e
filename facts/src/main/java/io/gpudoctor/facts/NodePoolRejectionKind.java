package io.gpudoctor.facts;

/** Why Karpenter (and AKS node auto-provisioning) did not make a node of one NodePool for a pod. */
public enum NodePoolRejectionKind {
  /** The NodePool's {@code spec.limits} are used up: no instance type fits what is left. */
  LIMITS,
  /** No instance type the NodePool allows has the resources (or meets the requirements) the pod asks for. */
  NO_INSTANCE_TYPE,
  /**
   * Instance types meet the pod's requirements and resources, but none has an offering left (a zone and
   * capacity type the NodePool allows that the cloud has not reported out of capacity): "no instance type
   * has the required offering", "no instance type which met the scheduling requirements and had enough
   * resources, had a required offering" (karpenter core's InstanceTypeFilterError, v0.3x and v1).
   */
  NO_OFFERING,
  /** The pod does not tolerate a taint of the NodePool's nodes. */
  UNTOLERATED_TAINT,
  /** The pod's node selector or affinity contradicts the NodePool's requirements or labels. */
  REQUIREMENTS,
  /** "incompatible with nodepool ..." whose reason is not shown (cut off by the paste) or not a known wording. */
  INCOMPATIBLE,
  OTHER;

  /** The NodePool can never hold the pod as the two are written: more capacity would not help. */
  public boolean incompatible() {
    return this == NO_INSTANCE_TYPE || this == UNTOLERATED_TAINT || this == REQUIREMENTS || this == INCOMPATIBLE;
  }
}
