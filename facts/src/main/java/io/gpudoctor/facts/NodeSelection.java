package io.gpudoctor.facts;

import java.util.List;
import java.util.Map;

/** The scheduler's node filter for a pod template: every nodeSelector label, and one affinity term. */
final class NodeSelection {
  private NodeSelection() {}

  static boolean matches(Map<String, String> nodeSelector, List<NodeSelectorTerm> requiredNodeAffinity,
      Map<String, String> nodeLabels) {
    for (Map.Entry<String, String> e : nodeSelector.entrySet()) {
      if (!e.getValue().equals(nodeLabels.get(e.getKey()))) return false;
    }
    return requiredNodeAffinity.isEmpty() || requiredNodeAffinity.stream().anyMatch(t -> t.matches(nodeLabels));
  }
}
