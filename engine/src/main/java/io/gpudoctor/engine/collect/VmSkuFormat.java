package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.SkuRestriction;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.VmSku;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code az vm list-skus [--location <region>] --resource-type virtualMachines --all -o json}: each
 * VM size with its quota {@code family}, its {@code vCPUs} capability and its {@code restrictions[]}
 * ({@code type} Location|Zone, {@code reasonCode}, {@code restrictionInfo.locations|zones}).
 */
final class VmSkuFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    return Trees.nonEmptyArrayOf(document.tree(),
        item -> item.isObject() && Trees.text(item, "resourceType") != null && Trees.text(item, "name") != null);
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode tree = document.tree();
    Provenance at = document.provenance();
    for (int i = 0; i < tree.size(); i++) {
      JsonNode sku = tree.get(i);
      if (!"virtualMachines".equalsIgnoreCase(Trees.text(sku, "resourceType"))) continue;
      Provenance skuAt = at.child(i);
      String name = Trees.text(sku, "name");
      out.fact(new VmSku(name, Trees.text(sku, "family"), vCpus(Trees.field(sku, "capabilities")),
          Trees.strings(Trees.field(sku, "locations")), skuAt));
      JsonNode restrictions = Trees.field(sku, "restrictions");
      if (restrictions == null || !restrictions.isArray()) continue;
      for (int r = 0; r < restrictions.size(); r++) {
        JsonNode restriction = restrictions.get(r);
        JsonNode info = Trees.field(restriction, "restrictionInfo");
        List<String> locations = Trees.strings(Trees.field(info, "locations"));
        if (locations.isEmpty()) locations = Trees.strings(Trees.field(restriction, "values"));
        out.fact(new SkuRestriction(name, Trees.text(restriction, "type"), Trees.text(restriction, "reasonCode"),
            locations, Trees.strings(Trees.field(info, "zones")), skuAt.child("restrictions").child(r)));
      }
    }
    out.used(Topics.SKUS, document.path());
  }

  private static Integer vCpus(JsonNode capabilities) {
    if (capabilities == null || !capabilities.isArray()) return null;
    for (JsonNode c : capabilities) {
      if ("vCPUs".equals(Trees.text(c, "name"))) return Trees.integer(c, "value");
    }
    return null;
  }
}
