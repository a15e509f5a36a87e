package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A Karpenter NodeClaim (KAITO's gpu-provisioner, NAP); supplementary evidence only.
 *
 * @param ageAtCaptureMinutes the AGE a {@code kubectl get nodeclaims} table showed, null when the
 *     capture showed none (an object has its creationTimestamp instead)
 * @param provider the cloud provider whose Karpenter made it: {@link #AZURE} (Karpenter for Azure, which AKS
 *     runs as node auto-provisioning: a {@code karpenter.azure.com} label, annotation or node class group, an
 *     {@code AKSNodeClass}, an {@code azure://} provider id), {@link #AWS}, or null when nothing captured says
 */
public record NodeClaimFacts(
    String name, Map<String, String> labels, String instanceType, Instant createdAt,
    List<Condition> conditions, Provenance provenance, Long ageAtCaptureMinutes, String provider) {
  public static final String AZURE = "azure";
  public static final String AWS = "aws";

  public NodeClaimFacts {
    labels = SortedMaps.copyOf(labels);
    conditions = List.copyOf(conditions);
    if (provider == null) provider = providerOf(labels, null);
  }

  /** A NodeClaim read from its object or a describe: no age column; the provider from its labels. */
  public NodeClaimFacts(String name, Map<String, String> labels, String instanceType, Instant createdAt,
      List<Condition> conditions, Provenance provenance) {
    this(name, labels, instanceType, createdAt, conditions, provenance, null, null);
  }

  /** A NodeClaim of a table: the provider from its labels (a table shows none). */
  public NodeClaimFacts(String name, Map<String, String> labels, String instanceType, Instant createdAt,
      List<Condition> conditions, Provenance provenance, Long ageAtCaptureMinutes) {
    this(name, labels, instanceType, createdAt, conditions, provenance, ageAtCaptureMinutes, null);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }

  /**
   * The GPUs per node the provider's label gives the claim's size ({@code karpenter.azure.com/sku-gpu-count},
   * {@code karpenter.k8s.aws/instance-gpu-count}), or null when it carries neither.
   */
  public Integer labelledGpuCount() {
    for (String key : List.of("karpenter.azure.com/sku-gpu-count", "karpenter.k8s.aws/instance-gpu-count")) {
      String v = labels.get(key);
      if (v == null) continue;
      try {
        return Integer.valueOf(v.trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  /** Made by Karpenter for Azure: AKS's node auto-provisioning, or the same provider self-hosted on AKS. */
  public boolean azureProvider() {
    return AZURE.equals(provider);
  }

  /**
   * The provider that a claim's label or annotation keys, or a further hint (a node class group or kind, a
   * provider id) name, or null.
   */
  public static String providerOf(Map<String, String> keys, String hint) {
    if (hint != null) {
      String h = hint.trim();
      if (h.startsWith("azure://") || h.equals("karpenter.azure.com") || h.equals("AKSNodeClass")) return AZURE;
      if (h.startsWith("aws://") || h.equals("karpenter.k8s.aws") || h.equals("EC2NodeClass")) return AWS;
    }
    if (keys != null) {
      for (String k : keys.keySet()) {
        if (k.startsWith("karpenter.azure.com/")) return AZURE;
        if (k.startsWith("karpenter.k8s.aws/")) return AWS;
      }
    }
    return null;
  }
}
