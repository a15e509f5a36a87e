package io.gpudoctor.facts;

import java.util.List;

/**
 * The devices a pod claims through dynamic resource allocation ({@code spec.resourceClaims}: a ResourceClaim by name,
 * or one made per pod from a ResourceClaimTemplate), not through an extended resource: with NVIDIA's DRA driver a GPU
 * pod requests no {@code nvidia.com/gpu} at all. {@code claims} are the entries as {@code name=claim} or {@code
 * name=template:<template>}; which device class they ask for is in the claims, not the pod.
 */
public record PodResourceClaims(String podKey, List<String> claims, Provenance provenance) {
  public PodResourceClaims {
    claims = List.copyOf(claims);
  }

  public Evidence evidence() {
    return provenance.quote(podKey + " spec.resourceClaims: " + String.join(", ", claims));
  }
}
