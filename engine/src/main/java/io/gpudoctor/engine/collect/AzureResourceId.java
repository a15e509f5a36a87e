package io.gpudoctor.engine.collect;

import java.util.Locale;

/**
 * The parts of an ARM id such as {@code /subscriptions/<sub>/resourcegroups/<rg>/providers/
 * Microsoft.ContainerService/managedClusters/<name>/agentPools/<pool>}. Segment names are matched
 * ignoring case (ARM returns {@code resourcegroups} and {@code resourceGroups}); redacted parts
 * are unknown.
 */
record AzureResourceId(String subscription, String resourceGroup, String cluster, String agentPool) {

  static AzureResourceId parse(String id) {
    if (id == null) return new AzureResourceId(null, null, null, null);
    String[] parts = id.split("/");
    String sub = null;
    String rg = null;
    String cluster = null;
    String pool = null;
    for (int i = 0; i + 1 < parts.length; i++) {
      String value = Redaction.isRedacted(parts[i + 1]) || parts[i + 1].isBlank() ? null : parts[i + 1];
      switch (parts[i].toLowerCase(Locale.ROOT)) {
        case "subscriptions" -> sub = value;
        case "resourcegroups" -> rg = value;
        case "managedclusters" -> cluster = value;
        case "agentpools" -> pool = value;
        default -> { }
      }
    }
    return new AzureResourceId(sub, rg, cluster, pool);
  }
}
