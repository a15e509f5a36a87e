package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One reason the cluster autoscaler's scale-up simulation gave for not putting a pod on a node
 * group's template node, from its own log (klog, domain 5.2), in the wording of each era:
 * <pre>
 * Scale-up predicate failed: PodFitsResources predicate mismatch, cannot put ml/vllm-0 on template-node-for-gpunp-5829202798403814789, reason: Insufficient nvidia.com/gpu   (CA 1.0-1.2)
 * Pod vllm-0 can't be scheduled on aks-gpunp-12345678-vmss, predicate failed: GeneralPredicates predicate mismatch, reason: Insufficient nvidia.com/gpu             (CA ~1.3-1.18)
 * Pod ml/vllm-0 can't be scheduled on aks-gpunp-12345678-vmss, predicate checking error: Insufficient nvidia.com/gpu; predicateName=NodeResourcesFit; reasons: Insufficient nvidia.com/gpu; debugInfo=   (CA 1.19+)
 * </pre>
 * Unlike a {@code NotTriggerScaleUp} part (aggregated over all groups), it names the group. A
 * group whose template lacks the GPU the pod asks for is one scaled from zero without the GPU in
 * its template: adding a node of it would not help, and the autoscaler does not try.
 */
public record ScaleUpTemplateMismatch(
    String podKey, String group, ReasonCategory category, String resource, String taintKey, String reason,
    String line, Instant at, Provenance provenance) {

  public String pool() {
    return NodeGroupNames.pool(group);
  }

  public boolean gpuMissing() {
    return category == ReasonCategory.INSUFFICIENT_RESOURCE && GpuResources.isGpuResource(resource);
  }

  public Evidence evidence() {
    return provenance.quote(line);
  }
}
