package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

/**
 * {@code az vm list-usage --location <region> -o json}: an array of
 * {@code {currentValue, limit, localName, name: {localizedValue, value}}}. The output does not name
 * its region; the rules take it from the target.
 */
final class VmUsageFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode tree = document.tree();
    if (!tree.isArray() || tree.isEmpty()) return false;
    for (JsonNode item : tree) if (!isUsage(item)) return false;
    return true;
  }

  private static boolean isUsage(JsonNode item) {
    return item.isObject() && Trees.has(item, "currentValue") && Trees.has(item, "limit")
        && Trees.text(Trees.field(item, "name"), "value") != null;
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode tree = document.tree();
    Provenance at = document.provenance();
    for (int i = 0; i < tree.size(); i++) {
      JsonNode item = tree.get(i);
      Long current = number(Trees.field(item, "currentValue"));
      Long limit = number(Trees.field(item, "limit"));
      if (current == null || limit == null) {
        out.unreadable(document.locate(at.child(i)), "usage row without numeric currentValue and limit");
        continue;
      }
      JsonNode name = Trees.field(item, "name");
      String local = Trees.text(item, "localName");
      out.fact(new QuotaUsage(null, Trees.text(name, "value"), local != null ? local : Trees.text(name, "localizedValue"),
          current, limit, at.child(i)));
    }
    out.used(Topics.QUOTA, document.path());
  }

  private static Long number(JsonNode v) {
    if (v == null || v.isNull()) return null;
    if (v.isNumber()) return v.asLong();
    if (v.isString()) {
      try {
        return Long.valueOf(v.asString().trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }
}
