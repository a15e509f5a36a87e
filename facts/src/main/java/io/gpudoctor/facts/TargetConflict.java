package io.gpudoctor.facts;

import java.util.List;

/**
 * One value of the evidence that contradicts the bound target, both sides quoted: the API server
 * of the kube context against the AKS cluster's FQDNs, the nodes' node resource group against the
 * cluster's, an az output's subscription, resource group or cluster against target.yaml (or the
 * first az output), the bound pool against the cluster's pool list, the bound node's pool label
 * against the bound pool. Found only between two values that are both present: an absent value is
 * unknown, never a conflict. {@code bound} quotes the target's side (target.yaml, or the cluster
 * the target names); {@code observed} the evidence that disagrees with it; {@code aspect} what is
 * compared: {@code server}, {@code identity} (an az output's subscription, resource group or
 * cluster), {@code nodeResourceGroup} or {@code pool}.
 *
 * <p>{@code setAside} lists the az outputs kept out of the diagnosis because of it (empty when the
 * conflict says nothing about whether the Azure evidence describes this cluster, e.g. a pool).
 */
public record TargetConflict(
    String subject, String aspect, List<Evidence> bound, List<Evidence> observed, List<String> setAside) {
  public TargetConflict {
    bound = List.copyOf(bound);
    observed = List.copyOf(observed);
    setAside = setAside == null ? List.of() : List.copyOf(setAside);
  }

  /** Whether the Azure evidence was set aside: then no Azure-derived conclusion is drawn. */
  public boolean azureSetAside() {
    return !setAside.isEmpty();
  }
}
