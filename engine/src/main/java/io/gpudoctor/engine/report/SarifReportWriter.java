package io.gpudoctor.engine.report;

import io.gpudoctor.engine.reason.CatalogueEntry;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.Severity;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * SARIF 2.1.0 for code-scanning dashboards: one reporting rule per catalogue id (its reference as
 * {@code helpUri} when a base for the references is known: SARIF wants an absolute URI there), one
 * result per finding, level from severity (critical: error, warning: warning, info: note), the real
 * status and confidence in the result's properties, locations at the evidence files (and lines,
 * for pasted text) relative to the evidence folder ({@code uriBaseId} {@value #EVIDENCE_BASE}).
 */
public final class SarifReportWriter {
  public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
  public static final String EVIDENCE_BASE = "EVIDENCE";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final Pattern LINE = Pattern.compile("line (\\d+)");

  private final String toolVersion;
  private final List<CatalogueEntry> catalogue;
  private final URI referenceBase;

  /** @param catalogue every finding id the rules may conclude, in catalogue order */
  public SarifReportWriter(String toolVersion, List<CatalogueEntry> catalogue) {
    this(toolVersion, catalogue, null);
  }

  private SarifReportWriter(String toolVersion, List<CatalogueEntry> catalogue, URI referenceBase) {
    this.toolVersion = toolVersion;
    this.catalogue = List.copyOf(catalogue);
    this.referenceBase = referenceBase;
  }

  /**
   * The absolute URI the {@code references/...} paths resolve against (the folder holding
   * {@code references/}, or where a team hosts them); without one there is no {@code helpUri}.
   */
  public SarifReportWriter withReferenceBase(URI base) {
    if (base != null && !base.isAbsolute()) throw new IllegalArgumentException("not an absolute URI: " + base);
    return new SarifReportWriter(toolVersion, catalogue, base);
  }

  public String write(Diagnosis diagnosis) {
    return JsonReportWriter.render(toTree(diagnosis));
  }

  public ObjectNode toTree(Diagnosis diagnosis) {
    ObjectNode root = NODES.objectNode();
    root.put("$schema", SCHEMA);
    root.put("version", "2.1.0");
    ObjectNode run = root.putArray("runs").addObject();
    ObjectNode driver = run.putObject("tool").putObject("driver");
    driver.put("name", JsonReportWriter.TOOL_NAME);
    driver.put("version", toolVersion);
    driver.put("semanticVersion", toolVersion);
    ArrayNode rules = driver.putArray("rules");
    Map<String, Integer> index = new HashMap<>();
    List<CatalogueEntry> entries = new ArrayList<>(catalogue);
    for (ReportedFinding f : diagnosis.findings()) {
      // A finding of an id the catalogue given here does not list still gets its rule.
      if (entries.stream().noneMatch(e -> e.id().equals(f.id()))) {
        entries.add(new CatalogueEntry(f.id(), f.route(), f.kind(), f.title(), f.owner(),
            f.severity() == null ? null : f.severity().label(), f.reference()));
      }
    }
    for (CatalogueEntry e : entries) {
      index.put(e.id(), rules.size());
      rules.add(rule(e));
    }

    ArrayNode results = run.putArray("results");
    for (ReportedFinding f : diagnosis.findings()) results.add(result(f, index.get(f.id())));

    ObjectNode bases = run.putObject("originalUriBaseIds");
    bases.putObject(EVIDENCE_BASE).putObject("description").put("text", "The evidence folder (or archive) that was diagnosed.");
    ObjectNode properties = run.putObject("properties");
    properties.put("rulesDigest", diagnosis.rulesDigest());
    properties.put("reportSchema", JsonReportWriter.SCHEMA);
    return root;
  }

  private ObjectNode rule(CatalogueEntry e) {
    ObjectNode r = NODES.objectNode();
    r.put("id", e.id());
    r.put("name", e.id());
    r.putObject("shortDescription").put("text", e.title() == null ? e.id() : e.title());
    if (e.reference() != null && !e.reference().isBlank()) {
      URI help = helpUri(e.reference());
      if (help != null) r.put("helpUri", help.toString());
      r.putObject("help").put("text", "See " + e.reference() + " in the gpu-doctor references.");
    }
    r.putObject("defaultConfiguration").put("level", level(e.severity() == null ? null : Severity.parse(e.severity())));
    ObjectNode p = r.putObject("properties");
    p.put("route", e.route());
    p.put("kind", e.kind());
    p.put("owner", e.owner());
    p.put("reference", e.reference());
    return r;
  }

  private URI helpUri(String reference) {
    if (referenceBase == null) return null;
    try {
      String path = reference;
      String fragment = null;
      int hash = reference.indexOf('#');
      if (hash >= 0) {
        path = reference.substring(0, hash);
        fragment = reference.substring(hash + 1);
      }
      URI relative = new URI(null, null, path, fragment);
      return referenceBase.resolve(relative);
    } catch (URISyntaxException ex) {
      return null;
    }
  }

  private static ObjectNode result(ReportedFinding f, int ruleIndex) {
    ObjectNode r = NODES.objectNode();
    r.put("ruleId", f.id());
    r.put("ruleIndex", ruleIndex);
    r.put("level", level(f.severity()));
    r.putObject("message").put("text", f.summary() == null || f.summary().isBlank() ? f.title() : f.summary());
    ArrayNode locations = r.putArray("locations");
    for (Evidence e : f.evidence()) {
      ObjectNode location = location(e);
      if (location != null) locations.add(location);
    }
    // Every DESIGN 5 field of the finding, as the JSON report writes it: status and confidence among them.
    r.set("properties", JsonReportWriter.finding(f));
    return r;
  }

  /** The evidence file relative to the evidence folder, and its line when the pointer is one. */
  private static ObjectNode location(Evidence e) {
    if (e.source() == null || e.source().isBlank()) return null;
    String uri;
    try {
      uri = new URI(null, null, e.source(), null).toASCIIString();
    } catch (URISyntaxException ex) {
      return null;
    }
    ObjectNode location = NODES.objectNode();
    ObjectNode physical = location.putObject("physicalLocation");
    ObjectNode artifact = physical.putObject("artifactLocation");
    artifact.put("uri", uri);
    artifact.put("uriBaseId", EVIDENCE_BASE);
    Matcher line = LINE.matcher(e.pointer());
    if (line.matches()) physical.putObject("region").put("startLine", Integer.parseInt(line.group(1)));
    location.putObject("message").put("text", e.quote());
    if (!e.pointer().isEmpty() && !line.matches()) location.putObject("properties").put("pointer", e.pointer());
    return location;
  }

  static String level(Severity severity) {
    if (severity == null) return "none";
    return switch (severity) {
      case CRITICAL -> "error";
      case WARNING -> "warning";
      case INFO -> "note";
    };
  }
}
