package io.gpudoctor.engine.report;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.UnreadableFile;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.TraceEntry;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The machine-readable report, schema {@value #SCHEMA} (DESIGN 6). Fields are written in a fixed
 * order, arrays in the order of the diagnosis (findings ranked), 2-space indentation and a
 * trailing newline: the same diagnosis always gives the same bytes. Wall-clock time appears only
 * when {@link #withWallClockMillis(long)} asks for it.
 */
public final class JsonReportWriter {
  public static final String SCHEMA = "gpu-doctor/report/v1";
  public static final String TOOL_NAME = "gpu-doctor";

  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String toolVersion;
  private final boolean explain;
  private final Long wallClockMillis;

  public JsonReportWriter(String toolVersion) {
    this(toolVersion, false, null);
  }

  private JsonReportWriter(String toolVersion, boolean explain, Long wallClockMillis) {
    this.toolVersion = toolVersion;
    this.explain = explain;
    this.wallClockMillis = wallClockMillis;
  }

  /** Adds the {@code trace} array: each rule that fired, what it concludes, the facts it matched. */
  public JsonReportWriter withTrace(boolean value) {
    return new JsonReportWriter(toolVersion, value, wallClockMillis);
  }

  /** Adds {@code timings.wallClockMs}; the report is then no longer reproducible byte for byte. */
  public JsonReportWriter withWallClockMillis(long millis) {
    return new JsonReportWriter(toolVersion, explain, millis);
  }

  /** The whole report as one string, ending with a newline. */
  public String write(Diagnosis diagnosis) {
    return render(toTree(diagnosis));
  }

  /** The report as a tree, for callers that embed it (e.g. replay output). */
  public ObjectNode toTree(Diagnosis diagnosis) {
    EvidenceBundle bundle = diagnosis.evidence();
    ObjectNode root = NODES.objectNode();
    root.put("schema", SCHEMA);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", TOOL_NAME);
    tool.put("version", toolVersion);
    tool.put("rulesDigest", diagnosis.rulesDigest());
    root.set("target", target(bundle.target()));

    ArrayNode reads = root.putArray("reads");
    for (Read r : bundle.reads()) {
      ObjectNode n = reads.addObject();
      n.put("topic", r.topic());
      n.put("command", r.command());
      n.put("status", r.status() == null ? null : r.status().label());
      n.put("error", r.error());
    }

    ArrayNode profiles = root.putArray("profiles");
    for (GpuProfile p : diagnosis.profiles()) {
      ObjectNode n = profiles.addObject();
      n.put("pool", p.pool());
      n.put("profile", p.profile() == null ? null : lower(p.profile().name()));
      n.put("basis", p.basis());
      n.set("evidence", evidence(p.evidence()));
    }

    ArrayNode findings = root.putArray("findings");
    for (ReportedFinding f : diagnosis.findings()) findings.add(finding(f));

    ArrayNode warnings = root.putArray("warnings");
    diagnosis.warnings().forEach(warnings::add);

    ArrayNode unreadable = root.putArray("unreadable");
    for (UnreadableFile u : bundle.unreadable()) {
      ObjectNode n = unreadable.addObject();
      n.put("path", u.path());
      n.put("reason", u.reason());
    }

    ObjectNode timings = root.putObject("timings");
    timings.put("rulesFired", diagnosis.rulesFired());
    timings.put("facts", bundle.facts().size());
    if (wallClockMillis != null) timings.put("wallClockMs", wallClockMillis.longValue());

    if (explain) {
      ArrayNode trace = root.putArray("trace");
      for (TraceEntry t : diagnosis.trace()) {
        ObjectNode n = trace.addObject();
        n.put("rule", t.rule());
        n.put("concludes", t.concludes());
        ArrayNode facts = n.putArray("facts");
        t.facts().forEach(facts::add);
      }
    }
    return root;
  }

  /** One finding with every DESIGN 5 field, in a fixed order. */
  public static ObjectNode finding(ReportedFinding f) {
    ObjectNode n = NODES.objectNode();
    n.put("id", f.id());
    n.put("route", f.route());
    n.put("kind", f.kind());
    n.put("title", f.title());
    n.put("subject", f.subject());
    n.put("status", f.status() == null ? null : f.status().label());
    n.put("confidence", f.confidence());
    n.put("level", f.level());
    n.put("severity", f.severity() == null ? null : f.severity().label());
    n.put("summary", f.summary());
    n.set("evidence", evidence(f.evidence()));
    ArrayNode missing = n.putArray("missingEvidence");
    for (MissingEvidence m : f.missingEvidence()) {
      ObjectNode e = missing.addObject();
      e.put("read", m.read());
      e.put("why", m.why());
    }
    n.put("owner", f.owner());
    n.put("handoff", f.handoff());
    ArrayNode actions = n.putArray("proposedActions");
    for (ProposedAction a : f.proposedActions()) {
      ObjectNode e = actions.addObject();
      e.put("description", a.description());
      e.put("command", a.command());
      e.put("mutation", a.mutation());
      e.put("requiresAuthorization", a.requiresAuthorization());
    }
    n.put("reference", f.reference());
    ArrayNode rules = n.putArray("rule");
    f.rules().forEach(rules::add);
    return n;
  }

  private static ObjectNode target(Target t) {
    ObjectNode n = NODES.objectNode();
    if (t == null) t = Target.unbound();
    n.put("subscription", t.subscription());
    n.put("resourceGroup", t.resourceGroup());
    n.put("cluster", t.cluster());
    n.put("kubeContext", t.kubeContext());
    n.put("server", t.server());
    n.put("region", t.region());
    n.put("pool", t.pool());
    n.put("namespace", t.namespace());
    n.put("resource", t.resource());
    ObjectNode incident = n.putObject("incident");
    incident.put("start", instant(t.incidentStart()));
    incident.put("end", instant(t.incidentEnd()));
    n.put("capturedAt", instant(t.capturedAt()));
    ArrayNode unbound = n.putArray("unbound");
    t.unboundFields().forEach(unbound::add);
    return n;
  }

  private static ArrayNode evidence(List<Evidence> items) {
    ArrayNode a = NODES.arrayNode();
    for (Evidence e : items) {
      ObjectNode n = a.addObject();
      n.put("source", e.source());
      n.put("pointer", e.pointer());
      n.put("quote", e.quote());
    }
    return a;
  }

  private static String instant(Instant i) {
    return i == null ? null : i.toString();
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  /** 2-space indentation, {@code "name": value}, one array element per line, {@code []} and {@code {}} when empty. */
  public static String render(tools.jackson.databind.JsonNode tree) {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    Separators separators = Separators.createDefaultInstance()
        .withObjectNameValueSpacing(Separators.Spacing.AFTER)
        .withObjectEmptySeparator("")
        .withArrayEmptySeparator("");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter(separators)
        .withObjectIndenter(indenter)
        .withArrayIndenter(indenter);
    return MAPPER.writer().with(printer).writeValueAsString(tree) + "\n";
  }
}
