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
    return Trees.nonEmptyArrayOf(document.tree(), VmUsageFormat::isUsage);
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
      Integer current = Trees.integer(item, "currentValue");
      Integer limit = Trees.integer(item, "limit");
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
}
