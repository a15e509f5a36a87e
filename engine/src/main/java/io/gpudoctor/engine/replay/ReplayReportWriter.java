package io.gpudoctor.engine.replay;

import io.gpudoctor.engine.report.JsonReportWriter;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** The replay as a table (incident, top (status), result) with a totals line, or as JSON. */
public final class ReplayReportWriter {
  public static final String SCHEMA = "gpu-doctor/replay/v1";

  private ReplayReportWriter() {}

  public static String text(ReplayReport report) {
    int w1 = "INCIDENT".length();
    int w2 = "TOP (STATUS)".length();
    for (ReplayResult r : report.results()) {
      w1 = Math.max(w1, r.incident().length());
      w2 = Math.max(w2, r.top().length());
    }
    StringBuilder out = new StringBuilder();
    out.append(pad("INCIDENT", w1)).append("  ").append(pad("TOP (STATUS)", w2)).append("  RESULT\n");
    for (ReplayResult r : report.results()) {
      out.append(pad(r.incident(), w1)).append("  ").append(pad(r.top(), w2)).append("  ").append(r.outcome().label()).append('\n');
      for (String f : r.failures()) out.append("    - ").append(f).append('\n');
      if (r.error() != null) out.append("    - ").append(r.error()).append('\n');
    }
    out.append('\n').append(report.passed()).append(" passed, ").append(report.failed()).append(" failed");
    if (report.unlabelled() > 0) out.append(", ").append(report.unlabelled()).append(" unlabelled (not scored)");
    if (report.errors() > 0) out.append(" (").append(report.errors()).append(" could not be diagnosed)");
    out.append('\n');
    return out.toString();
  }

  public static String json(ReplayReport report, String toolVersion) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    ObjectNode root = nodes.objectNode();
    root.put("schema", SCHEMA);
    ObjectNode tool = root.putObject("tool");
    tool.put("name", JsonReportWriter.TOOL_NAME);
    tool.put("version", toolVersion);
    tool.put("rulesDigest", report.rulesDigest());
    // Only a shard says so: ReplayReports.merge puts the shards back into the unsharded order.
    if (report.shard().count() > 1) root.put("shard", report.shard().toString());
    ArrayNode results = root.putArray("results");
    for (ReplayResult r : report.results()) {
      ObjectNode n = results.addObject();
      n.put("incident", r.incident());
      n.put("result", r.outcome().label());
      n.put("top", r.topId());
      n.put("topStatus", r.topStatus() == null ? null : r.topStatus().label());
      n.put("findings", r.findings());
      ArrayNode failures = n.putArray("failures");
      r.failures().forEach(failures::add);
      n.put("error", r.error());
    }
    ObjectNode totals = root.putObject("totals");
    totals.put("passed", report.passed());
    totals.put("failed", report.failed());
    totals.put("unlabelled", report.unlabelled());
    totals.put("errors", report.errors());
    return JsonReportWriter.render(root);
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : s + " ".repeat(width - s.length());
  }
}
