package io.gpudoctor.facts;

import java.util.List;
import java.util.Map;

/** A required node affinity term: all its expressions must match (terms are ORed). */
public record NodeSelectorTerm(List<NodeSelectorRequirement> matchExpressions) {
  public NodeSelectorTerm {
    matchExpressions = List.copyOf(matchExpressions);
  }

  public boolean matches(Map<String, String> labels) {
    return matchExpressions.stream().allMatch(r -> r.matches(labels));
  }

  public String quote() {
    return String.join(", ", matchExpressions.stream().map(NodeSelectorRequirement::quote).toList());
  }
}
