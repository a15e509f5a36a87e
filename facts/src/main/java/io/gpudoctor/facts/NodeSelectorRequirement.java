package io.gpudoctor.facts;

import java.util.List;
import java.util.Map;

/** One {@code matchExpressions} entry of a required node affinity term. */
public record NodeSelectorRequirement(String key, String operator, List<String> values) {
  public NodeSelectorRequirement {
    values = values == null ? List.of() : List.copyOf(values);
  }

  public boolean matches(Map<String, String> labels) {
    String v = labels.get(key);
    switch (operator) {
      case "In": return v != null && values.contains(v);
      case "NotIn": return v == null || !values.contains(v);
      case "Exists": return v != null;
      case "DoesNotExist": return v == null;
      case "Gt": return v != null && !values.isEmpty() && compare(v, values.get(0)) > 0;
      case "Lt": return v != null && !values.isEmpty() && compare(v, values.get(0)) < 0;
      default: return false;
    }
  }

  private static int compare(String a, String b) {
    try {
      return Long.compare(Long.parseLong(a), Long.parseLong(b));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  public String quote() {
    return key + " " + operator + (values.isEmpty() ? "" : " " + values);
  }
}
