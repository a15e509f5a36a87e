package io.gpudoctor.engine.live;

import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Blanks what must not leave the cluster in a collected file: the values of environment variables
 * with secret-like names, and anywhere in any string or log line bearer tokens, SAS signatures,
 * storage account keys, Hugging Face tokens and kubeconfig credentials, replaced by
 * {@code <redacted>} (which the evidence reader treats as unknown, never as evidence). Counts what
 * it blanked.
 */
final class SecretRedactor {
  static final String REDACTED = "<redacted>";
  private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(password|passwd|secret|token|key).*");
  /** Group 1 is kept, the rest of the match blanked. */
  private static final Pattern[] IN_TEXT = {
      Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]{8,}"),
      Pattern.compile("([?&]sig=)[A-Za-z0-9%+/=]{8,}"),
      Pattern.compile("(?i)(AccountKey=)[A-Za-z0-9+/=]{8,}"),
      Pattern.compile("()\\bhf_[A-Za-z0-9]{20,}"),
      Pattern.compile("((?<![A-Za-z0-9_])(?:client-key-data|client-certificate-data|token|password)[\"']?\\s*:\\s*[\"']?)[A-Za-z0-9+/=._-]{8,}"),
  };

  private int count;

  int count() {
    return count;
  }

  JsonNode redact(JsonNode node) {
    if (node instanceof ObjectNode object) {
      JsonNode name = object.get("name");
      JsonNode value = object.get("value");
      if (name != null && name.isString() && value != null && value.isString() && object.has("name")
          && SECRET_NAME.matcher(name.asString()).matches() && !value.asString().isEmpty()) {
        object.put("value", REDACTED);
        count++;
      }
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        JsonNode v = field.getValue();
        if (v.isString()) {
          String scrubbed = scrub(v.asString());
          if (scrubbed != null) object.put(field.getKey(), scrubbed);
        } else {
          redact(v);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode v = array.get(i);
        if (v.isString()) {
          String scrubbed = scrub(v.asString());
          if (scrubbed != null) array.set(i, array.stringNode(scrubbed));
        } else {
          redact(v);
        }
      }
    }
    return node;
  }

  /** A log or other text with every credential the patterns know blanked. */
  String redactText(String text) {
    String scrubbed = scrub(text);
    return scrubbed == null ? text : scrubbed;
  }

  /** The text with credentials blanked, or null when it has none. */
  private String scrub(String text) {
    String current = text;
    boolean changed = false;
    for (Pattern p : IN_TEXT) {
      var m = p.matcher(current);
      if (!m.find()) continue;
      StringBuilder out = new StringBuilder();
      m.reset();
      while (m.find()) {
        count++;
        m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(m.group(1) + REDACTED));
      }
      m.appendTail(out);
      current = out.toString();
      changed = true;
    }
    return changed ? current : null;
  }
}
