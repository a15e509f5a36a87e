package io.gpudoctor.engine.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The evidence folder a collection writes, as {@code diagnose DIR} reads it back: each read's answer
 * under its file name (secrets blanked unless redaction is off), {@code reads.json} and
 * {@code target.yaml}.
 */
final class CollectedFolder {
  private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private final Path out;
  private final boolean redact;
  private final SecretRedactor redactor = new SecretRedactor();

  CollectedFolder(Path out, boolean redact) {
    this.out = out;
    this.redact = redact;
  }

  int redactions() {
    return redactor.count();
  }

  void writeReads(List<CollectedRead> reads) throws IOException {
    Files.writeString(out.resolve("reads.json"), readsJson(reads));
  }

  void writeTarget(String yaml) throws IOException {
    Files.writeString(out.resolve("target.yaml"), yaml);
  }

  /** Saves one read's answer under its evidence-folder name; JSON is redacted as a tree, text by the credential patterns. */
  void write(String name, boolean text, byte[] body) throws IOException {
    Path file = out.resolve(name);
    Files.createDirectories(file.getParent());
    if (!redact) {
      Files.write(file, body);
    } else if (text) {
      Files.writeString(file, redactor.redactText(new String(body, StandardCharsets.UTF_8)));
    } else {
      Files.write(file, redacted(body));
    }
  }

  private byte[] redacted(byte[] body) {
    try {
      JsonNode tree = JSON.readTree(body);
      return (JSON.writeValueAsString(redactor.redact(tree)) + "\n").getBytes(StandardCharsets.UTF_8);
    } catch (RuntimeException e) {
      return body; // not JSON: the readers will say so; nothing structured to redact
    }
  }

  /** {@code reads.json} as {@code ReadsFileFormat} reads it back, plus the duration and the file written. */
  static String readsJson(List<CollectedRead> reads) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (CollectedRead r : reads) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("command", r.command());
      m.put("topic", r.topic());
      m.put("status", r.status().label());
      m.put("durationMillis", r.durationMillis());
      if (!r.error().isEmpty()) m.put("error", r.error());
      if (r.file() != null) m.put("file", r.file());
      out.add(m);
    }
    return JSON.writeValueAsString(out) + "\n";
  }

  /** {@code pool}: for a pod, workspace or node target, the pool the evidence places it in (null: unknown). */
  static String targetYaml(LiveTarget t, String server, String region, String pool, Instant capturedAt,
      Instant incidentStart, Instant incidentEnd) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("subscription", t.subscription());
    fields.put("resourceGroup", t.resourceGroup());
    fields.put("cluster", t.cluster());
    fields.put("kubeContext", t.context());
    fields.put("server", server);
    fields.put("region", region);
    fields.put("pool", t.kind() == LiveTarget.Kind.POOL ? t.name() : pool);
    fields.put("namespace", t.namespace());
    if (t.kind() != LiveTarget.Kind.POOL) fields.put("resource", t.kind().label() + "/" + t.name());
    fields.put("capturedAt", capturedAt.toString());
    StringBuilder s = new StringBuilder();
    fields.forEach((k, v) -> {
      if (v != null) s.append(k).append(": \"").append(v).append("\"\n");
    });
    if (incidentStart != null || incidentEnd != null) {
      s.append("incident:\n");
      if (incidentStart != null) s.append("  start: \"").append(incidentStart).append("\"\n");
      if (incidentEnd != null) s.append("  end: \"").append(incidentEnd).append("\"\n");
    }
    return s.toString();
  }
}
