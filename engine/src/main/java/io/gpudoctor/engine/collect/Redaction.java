package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values people blank out before sharing evidence ({@code <redacted>}, {@code ***},
 * {@code REDACTED}, {@code xxxx}, {@code xxxxxxxx-xxxx-...}) are unknown, never evidence: they are
 * removed from the tree before any fact is built.
 */
final class Redaction {
  private static final Pattern REDACTED = Pattern.compile(
      "(?i)[<\\[(]?redacted[>\\])]?|\\*{3,}|(?=.*x)[x*]{4,}(?:-[x*]+)*|<[a-z_-]*(?:secret|token|hidden)[a-z_-]*>");

  private Redaction() {}

  static boolean isRedacted(String value) {
    return value != null && mayBeRedacted(value) && REDACTED.matcher(value.trim()).matches();
  }

  /**
   * Every alternative of {@link #REDACTED} starts with one of {@code < [ ( r R x X *}; checking the
   * first character of the trimmed value first spares the regex for nearly every value of a tree.
   */
  private static boolean mayBeRedacted(String value) {
    int i = 0;
    int n = value.length();
    while (i < n && value.charAt(i) <= ' ') i++; // what String.trim() strips
    if (i == n) return false;
    char c = value.charAt(i);
    return c == '<' || c == '[' || c == '(' || c == 'r' || c == 'R' || c == 'x' || c == 'X' || c == '*';
  }

  /** Removes redacted values in place: object fields become null, array elements disappear. */
  static JsonNode scrub(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> redacted = null; // nearly always none: no list per object of a 100k-item file
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        JsonNode value = field.getValue();
        if (value.isString() && isRedacted(value.asString())) {
          if (redacted == null) redacted = new ArrayList<>();
          redacted.add(field.getKey());
        } else if (value.isContainer()) {
          scrub(value);
        }
      }
      if (redacted != null) for (String name : redacted) object.putNull(name);
    } else if (node instanceof ArrayNode array) {
      for (int i = array.size() - 1; i >= 0; i--) {
        JsonNode value = array.get(i);
        if (value.isString() && isRedacted(value.asString())) array.remove(i);
        else if (value.isContainer()) scrub(value);
      }
    }
    return node;
  }
}
