package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.Topics;
import java.util.List;
import java.util.Map;

/**
 * {@code az aks nodepool list -o table} ({@code Name  OsType  KubernetesVersion  VmSize  Count ...})
 * and {@code az vm list-usage -o table} ({@code Name  CurrentValue  Limit}). A node pool table shows
 * no gpuProfile, taints, labels or tags: the pool says so, and its install profile stays unknown.
 */
final class AzTableText {
  private AzTableText() {}

  static void read(PastedSection section, String path, BundleBuilder out) {
    List<TextLine> lines = section.lines();
    TextTable table = TextTable.fromUnderline(lines.get(0).text(), lines.get(1).text());
    List<TextLine> rows = lines.subList(2, lines.size());
    if (table.has("VMSIZE")) {
      for (TextLine line : rows) {
        Map<String, String> c = table.row(line.text());
        String name = TextValues.value(c.get("NAME"));
        if (name == null) continue;
        NodePool pool = new NodePool(name, TextValues.value(c.get("VMSIZE")), TextValues.integer(c.get("COUNT")),
            null, null, null, TextValues.value(c.get("MODE")), TextValues.value(c.get("PROVISIONINGSTATE")), null, null,
            null, false, null, null, false, null, null, List.of(), Map.of(), Map.of(),
            line.at(path), false);
        out.later(1, at -> {
          if (!at.out().hasFact(pool)) at.out().fact(pool);
        });
      }
      out.used(Topics.NODEPOOLS, path);
    } else {
      for (TextLine line : rows) {
        Map<String, String> c = table.row(line.text());
        String name = TextValues.value(c.get("NAME"));
        Integer current = TextValues.integer(c.get("CURRENTVALUE"));
        Integer limit = TextValues.integer(c.get("LIMIT"));
        if (name == null || current == null || limit == null) continue;
        // The table shows the localized name only; the family key (name.value) is unknown.
        out.fact(new QuotaUsage(null, null, name, current, limit, line.at(path)));
      }
      out.used(Topics.QUOTA, path);
    }
  }
}
