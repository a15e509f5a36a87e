package io.gpudoctor.engine.replay;

import io.gpudoctor.facts.FindingStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads {@code replay -o json} outputs back and merges the shards of one replay into one report. */
public final class ReplayReports {
  private ReplayReports() {}

  /** One {@code replay -o json} output. */
  public static ReplayReport read(Path file) throws IOException {
    JsonNode root;
    try {
      root = JsonMapper.builder().build().readTree(Files.readString(file));
    } catch (JacksonException e) {
      throw new IOException(file + ": not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !ReplayReportWriter.SCHEMA.equals(root.path("schema").asString(""))) {
      throw new IOException(file + ": not a replay report (schema " + ReplayReportWriter.SCHEMA + ")");
    }
    Shard shard;
    try {
      shard = root.has("shard") ? Shard.parse(root.get("shard").asString()) : Shard.ALL;
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage());
    }
    List<ReplayResult> results = new ArrayList<>();
    for (JsonNode n : root.path("results")) {
      try {
        String incident = n.path("incident").asString();
        String top = text(n, "top");
        String status = text(n, "topStatus");
        List<String> failures = new ArrayList<>();
        n.path("failures").forEach(f -> failures.add(f.asString()));
        results.add(new ReplayResult(incident, Path.of(incident),
            ReplayResult.Outcome.valueOf(n.path("result").asString().toUpperCase(Locale.ROOT)),
            top, status == null ? null : FindingStatus.parse(status), n.path("findings").asInt(),
            failures, text(n, "error")));
      } catch (IllegalArgumentException e) {
        throw new IOException(file + ": bad result " + n + ": " + e.getMessage());
      }
    }
    return new ReplayReport(results, root.path("tool").path("rulesDigest").asString(null), shard);
  }

  private static String text(JsonNode n, String key) {
    JsonNode v = n.get(key);
    return v == null || v.isNull() ? null : v.asString();
  }

  /**
   * One report from several: the shards {@code 1/N .. N/N} of one replay are interleaved back
   * into the unsharded order (so the merge equals the unsharded run); unsharded reports are
   * concatenated in the order given. All must come from the same rules.
   */
  public static ReplayReport merge(List<ReplayReport> reports) {
    if (reports.isEmpty()) throw new IllegalArgumentException("nothing to merge");
    String digest = reports.get(0).rulesDigest();
    for (ReplayReport r : reports) {
      if (!java.util.Objects.equals(digest, r.rulesDigest())) {
        throw new IllegalArgumentException("the reports come from different rules (digest " + digest + " and " + r.rulesDigest() + ")");
      }
    }
    if (reports.stream().allMatch(r -> r.shard().count() == 1)) {
      List<ReplayResult> all = new ArrayList<>();
      reports.forEach(r -> all.addAll(r.results()));
      return new ReplayReport(all, digest);
    }
    int count = reports.get(0).shard().count();
    Map<Integer, ReplayReport> byIndex = new TreeMap<>();
    for (ReplayReport r : reports) {
      if (r.shard().count() != count) {
        throw new IllegalArgumentException("shards of different splits: " + reports.get(0).shard() + " and " + r.shard());
      }
      if (byIndex.put(r.shard().index(), r) != null) throw new IllegalArgumentException("shard " + r.shard() + " given twice");
    }
    for (int i = 1; i <= count; i++) {
      if (!byIndex.containsKey(i)) throw new IllegalArgumentException("shard " + i + "/" + count + " is missing");
    }
    int total = reports.stream().mapToInt(r -> r.results().size()).sum();
    List<ReplayResult> all = new ArrayList<>(total);
    for (int p = 0; p < total; p++) {
      List<ReplayResult> shard = byIndex.get(p % count + 1).results();
      if (p / count >= shard.size()) throw new IllegalArgumentException("shard " + (p % count + 1) + "/" + count + " is short: not from the same corpus");
      all.add(shard.get(p / count));
    }
    return new ReplayReport(all, digest);
  }

}
