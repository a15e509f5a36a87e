package io.gpudoctor.facts;

/**
 * The cloud provider of Karpenter that a captured object names: a node class object ({@code AKSNodeClass} of
 * {@code karpenter.azure.com}, Karpenter for Azure and AKS node auto-provisioning; {@code EC2NodeClass} of
 * {@code karpenter.k8s.aws}), or a {@code karpenter.sh} NodePool whose {@code spec.template.spec.nodeClassRef}
 * names one by group or kind. {@code provider} is {@link NodeClaimFacts#AZURE} or {@link NodeClaimFacts#AWS};
 * {@code object} is {@code kind/name}.
 */
public record KarpenterNodeClass(String provider, String object, Provenance provenance) {
  public boolean azure() {
    return NodeClaimFacts.AZURE.equals(provider);
  }

  public Evidence evidence() {
    return provenance.quote(object + " (Karpenter " + (azure() ? "for Azure" : "on AWS") + ")");
  }
}
