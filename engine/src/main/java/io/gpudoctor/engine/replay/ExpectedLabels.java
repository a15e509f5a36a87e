package io.gpudoctor.engine.replay;

import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The labels of an incident ({@code expected.yaml}, DESIGN 7) and the check of a diagnosis
 * against them. {@code absent} (must not appear at all) is used by rule near-miss fixtures.
 */
public record ExpectedLabels(
    List<String> top, List<String> includes, List<String> excludes, List<String> absent,
    Map<String, FindingStatus> status) {

  public static final String FILE_NAME = "expected.yaml";
  private static final Set<String> KEYS = Set.of("top", "includes", "excludes", "absent", "status");
  // One mapper for all reads: building one per file was 7% of a replay's CPU (a profile of 2,000 folders).
  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  public static ExpectedLabels read(Path file) throws IOException {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file));
    } catch (JacksonException e) {
      throw new IOException(file + ": cannot parse: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) throw new IOException(file + ": expected a mapping with top/includes/excludes/absent/status");
    for (Iterator<String> it = root.propertyNames().iterator(); it.hasNext(); ) {
      String key = it.next();
      if (!KEYS.contains(key)) throw new IOException(file + ": unknown key '" + key + "'");
    }
    Map<String, FindingStatus> status = new LinkedHashMap<>();
    JsonNode s = root.get("status");
    if (s != null && s.isObject()) {
      for (Map.Entry<String, JsonNode> e : s.properties()) {
        try {
          status.put(e.getKey(), FindingStatus.parse(e.getValue().asString()));
        } catch (IllegalArgumentException ex) {
          throw new IOException(file + ": status of " + e.getKey() + " must be confirmed, likely or unconfirmed");
        }
      }
    }
    return new ExpectedLabels(list(root, "top"), list(root, "includes"), list(root, "excludes"),
        list(root, "absent"), status);
  }

  private static List<String> list(JsonNode root, String key) {
    List<String> values = new ArrayList<>();
    JsonNode n = root.get(key);
    if (n == null || n.isNull()) return values;
    if (n.isArray()) n.forEach(v -> values.add(v.asString()));
    else values.add(n.asString());
    return values;
  }

  /** The ways the diagnosis misses these labels; empty when it passes. */
  public List<String> check(Diagnosis diagnosis) {
    List<String> failures = new ArrayList<>();
    ReportedFinding top = diagnosis.top();
    if (!top().isEmpty() && (top == null || !top().contains(top.id()))) {
      failures.add("top is " + (top == null ? "none" : top.id() + " (" + top.status().label() + ")")
          + ", expected one of " + top());
    }
    for (String id : includes) {
      if (find(diagnosis, id).isEmpty()) failures.add(id + " is missing");
    }
    for (String id : excludes) {
      for (ReportedFinding f : find(diagnosis, id)) {
        if (f.status() != FindingStatus.UNCONFIRMED) {
          failures.add(id + " appears as " + f.status().label() + " (" + f.subject() + ")");
        }
      }
    }
    for (String id : absent) {
      for (ReportedFinding f : find(diagnosis, id)) {
        failures.add(id + " appears (" + f.status().label() + ", " + f.subject() + ") but must not");
      }
    }
    status.forEach((id, expected) -> {
      List<ReportedFinding> found = find(diagnosis, id);
      if (found.isEmpty()) failures.add(id + " is missing, expected " + expected.label());
      else if (found.stream().noneMatch(f -> f.status() == expected)) {
        failures.add(id + " is " + found.get(0).status().label() + ", expected " + expected.label());
      }
    });
    return failures;
  }

  private static List<ReportedFinding> find(Diagnosis diagnosis, String id) {
    return diagnosis.findings().stream().filter(f -> f.id().equals(id)).toList();
  }
}
