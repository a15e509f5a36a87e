package io.gpudoctor.engine.reason;

import static io.gpudoctor.engine.reason.Catalogue.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What checking a rule set against the contract found: the digest of its texts, its catalogue and
 * its rules with the file (a name in the rule folder) and line each is declared at. Stored in the
 * compiled rules' cache entry, so a cold start that loads them skips reading, hashing and
 * checking ~230 KB of texts it would only find unchanged (the entry's key names the same texts).
 */
record RuleSetDescription(String digest, List<CatalogueEntry> catalogue, List<RuleInfo> rules) {
  /** Its name in a cache entry. */
  static final String ENTRY = "gpu-doctor/rule-set.json";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  RuleSetDescription {
    catalogue = List.copyOf(catalogue);
    rules = List.copyOf(rules);
  }

  /** The rules, their files named as these rule files name them in messages. */
  List<RuleInfo> rulesOf(RuleFiles files) {
    return rules.stream()
        .map(r -> new RuleInfo(r.name(), files.display(r.file()), r.line(), r.route(), r.findingId(), r.signal()))
        .toList();
  }

  byte[] toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("digest", digest);
    ArrayNode entries = root.putArray("catalogue");
    for (CatalogueEntry e : catalogue) {
      entries.addObject().put("id", e.id()).put("route", e.route()).put("kind", e.kind()).put("title", e.title())
          .put("owner", e.owner()).put("severity", e.severity()).put("reference", e.reference());
    }
    ArrayNode described = root.putArray("rules");
    for (RuleInfo r : rules) {
      described.addObject().put("name", r.name()).put("file", r.file()).put("line", r.line()).put("route", r.route())
          .put("id", r.findingId()).put("signal", r.signal());
    }
    return JSON.writeValueAsBytes(root);
  }

  /** The description stored as {@link #toJson()} wrote it; empty when it cannot be read as one. */
  static Optional<RuleSetDescription> fromJson(byte[] json) {
    try {
      JsonNode root = JSON.readTree(json);
      String digest = text(root, "digest");
      JsonNode entries = root.get("catalogue");
      JsonNode described = root.get("rules");
      if (digest == null || entries == null || !entries.isArray() || described == null || !described.isArray()) {
        return Optional.empty();
      }
      List<CatalogueEntry> catalogue = new ArrayList<>();
      for (JsonNode e : entries) {
        catalogue.add(new CatalogueEntry(text(e, "id"), text(e, "route"), text(e, "kind"), text(e, "title"),
            text(e, "owner"), text(e, "severity"), text(e, "reference")));
      }
      List<RuleInfo> rules = new ArrayList<>();
      for (JsonNode r : described) {
        rules.add(new RuleInfo(text(r, "name"), text(r, "file"), r.path("line").asInt(), text(r, "route"),
            text(r, "id"), text(r, "signal")));
      }
      return Optional.of(new RuleSetDescription(digest, catalogue, rules));
    } catch (JacksonException | IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
