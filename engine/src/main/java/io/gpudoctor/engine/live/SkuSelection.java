package io.gpudoctor.engine.live;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * {@code az vm list-skus --all} lists every size of the region (tens of megabytes); the rules need
 * only the sizes the cluster uses or asks for: the pools' {@code vmSize}, KAITO Workspaces'
 * {@code resource.instanceType} and NodeClaims' instance-type requirement. Without the pools there
 * is nothing to filter by, and the whole list is kept.
 */
final class SkuSelection {
  private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  private static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";

  private SkuSelection() {}

  /** The sizes in use, lower-cased; empty when the pools were not read. */
  static Set<String> wanted(JsonNode nodepools, JsonNode workspaces, JsonNode nodeclaims) {
    Set<String> names = new TreeSet<>();
    if (nodepools == null) return names;
    for (JsonNode pool : nodepools) add(names, pool.path("vmSize"));
    if (workspaces != null) {
      for (JsonNode w : workspaces.path("items")) add(names, w.path("resource").path("instanceType"));
    }
    if (nodeclaims != null) {
      for (JsonNode c : nodeclaims.path("items")) {
        add(names, c.path("metadata").path("labels").path(INSTANCE_TYPE));
        for (JsonNode r : c.path("spec").path("requirements")) {
          if (INSTANCE_TYPE.equals(r.path("key").asString(""))) r.path("values").forEach(v -> add(names, v));
        }
      }
    }
    return names;
  }

  private static void add(Set<String> names, JsonNode value) {
    if (value.isString() && !value.asString().isBlank()) names.add(value.asString().toLowerCase(Locale.ROOT));
  }

  /** The list with only the wanted sizes; the body unchanged when nothing is wanted or it is not a list. */
  static byte[] keep(byte[] skus, Set<String> wanted) {
    if (wanted.isEmpty()) return skus;
    JsonNode list;
    try {
      list = JSON.readTree(skus);
    } catch (RuntimeException e) {
      return skus;
    }
    if (!list.isArray()) return skus;
    ArrayNode kept = JSON.createArrayNode();
    for (JsonNode sku : list) {
      if (wanted.contains(sku.path("name").asString("").toLowerCase(Locale.ROOT))) kept.add(sku);
    }
    return (JSON.writeValueAsString(kept) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
