package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The finding catalogue ({@code catalogue.yaml} beside the DRL files): stable ids with their
 * route, kind, title, default owner and severity, and reference anchor. Rules may only conclude
 * ids listed here.
 */
public final class Catalogue {
  private static final Set<String> KINDS = Set.of("diagnosis", "note");
  private static final Set<String> SEVERITIES = Set.of("critical", "warning", "info");
  private final Map<String, CatalogueEntry> entries;

  private Catalogue(Map<String, CatalogueEntry> entries) {
    this.entries = Collections.unmodifiableMap(entries);
  }

  /** A catalogue already checked (a cached rule set's, {@link RuleSetDescription}). */
  static Catalogue of(List<CatalogueEntry> entries) {
    Map<String, CatalogueEntry> byId = new LinkedHashMap<>();
    for (CatalogueEntry e : entries) byId.put(e.id(), e);
    return new Catalogue(byId);
  }

  /** Parses the catalogue; problems are returned as messages, never thrown. */
  public static Catalogue parse(String yaml, String fileName, List<RuleProblem> problems) {
    Map<String, CatalogueEntry> entries = new LinkedHashMap<>();
    JsonNode root;
    try {
      root = YAMLMapper.builder().build().readTree(yaml);
    } catch (RuntimeException e) {
      problems.add(new RuleProblem(fileName, 0, "cannot parse catalogue: " + firstLine(e.getMessage())));
      return new Catalogue(entries);
    }
    JsonNode list = root == null ? null : root.get("findings");
    if (list == null || !list.isArray()) {
      problems.add(new RuleProblem(fileName, 0, "the catalogue must have a 'findings' list"));
      return new Catalogue(entries);
    }
    for (JsonNode n : list) {
      CatalogueEntry e = new CatalogueEntry(text(n, "id"), text(n, "route"), text(n, "kind"),
          text(n, "title"), text(n, "owner"), text(n, "severity"), text(n, "reference"));
      List<String> missing = new ArrayList<>();
      if (e.id() == null) missing.add("id");
      if (e.route() == null) missing.add("route");
      if (e.title() == null) missing.add("title");
      if (e.reference() == null) missing.add("reference");
      if (!missing.isEmpty()) {
        problems.add(new RuleProblem(fileName, 0, "catalogue entry " + e.id() + " lacks " + missing));
        continue;
      }
      if (!KINDS.contains(e.kind())) {
        problems.add(new RuleProblem(fileName, 0, "catalogue entry " + e.id() + ": kind must be diagnosis or note"));
      }
      if (e.severity() != null && !SEVERITIES.contains(e.severity())) {
        problems.add(new RuleProblem(fileName, 0, "catalogue entry " + e.id() + ": unknown severity " + e.severity()));
      }
      if (entries.put(e.id(), e) != null) {
        problems.add(new RuleProblem(fileName, 0, "catalogue id " + e.id() + " is listed twice"));
      }
    }
    return new Catalogue(entries);
  }

  /** A field's text, or null when it is missing or null. */
  static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asString();
  }

  private static String firstLine(String s) {
    if (s == null) return "";
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  public CatalogueEntry get(String id) {
    return entries.get(id);
  }

  public boolean contains(String id) {
    return entries.containsKey(id);
  }

  /** Entries in catalogue order. */
  public List<CatalogueEntry> entries() {
    return List.copyOf(entries.values());
  }
}
