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
    return value != null && REDACTED.matcher(value.trim()).matches();
  }

  /** Removes redacted values in place: object fields become null, array elements disappear. */
  static JsonNode scrub(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> redacted = new ArrayList<>();
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        JsonNode value = field.getValue();
        if (value.isString() && isRedacted(value.asString())) redacted.add(field.getKey());
        else scrub(value);
      }
      for (String name : redacted) object.putNull(name);
    } else if (node instanceof ArrayNode array) {
      for (int i = array.size() - 1; i >= 0; i--) {
        JsonNode value = array.get(i);
        if (value.isString() && isRedacted(value.asString())) array.remove(i);
        else scrub(value);
      }
    }
    return node;
  }
}
