package io.gpudoctor.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Diagnosis;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class JsonReportWriterTest {
  private final JsonReportWriter writer = new JsonReportWriter("0.1.0");

  @Test
  void sameDiagnosisGivesTheSameBytes() {
    byte[] first = writer.write(SampleDiagnosis.create()).getBytes(StandardCharsets.UTF_8);
    byte[] second = new JsonReportWriter("0.1.0").write(SampleDiagnosis.create()).getBytes(StandardCharsets.UTF_8);
    assertThat(second).isEqualTo(first);
  }

  @Test
  void prettyPrintedWithTwoSpacesAndATrailingNewline() {
    String json = writer.write(SampleDiagnosis.create());
    assertThat(json).startsWith("{\n  \"schema\": \"gpu-doctor/report/v1\",\n  \"tool\": {\n    \"name\": \"gpu-doctor\"");
    assertThat(json).endsWith("}\n").doesNotEndWith("\n\n");
    assertThat(json).contains("\"profiles\": [\n").contains("\"evidence\": []");
  }

  @Test
  void topLevelFieldsInFixedOrder() {
    JsonNode root = parse(writer.write(SampleDiagnosis.create()));
    assertThat(names(root)).containsExactly(
        "schema", "tool", "target", "reads", "profiles", "findings", "warnings", "unreadable", "timings");
    assertThat(root.get("tool").get("rulesDigest").asString()).isEqualTo("sha256:0123456789abcdef");
    assertThat(root.get("tool").get("version").asString()).isEqualTo("0.1.0");
  }

  @Test
  void everyFindingCarriesEveryDesignField() {
    JsonNode root = parse(writer.write(SampleDiagnosis.create()));
    for (JsonNode f : root.get("findings")) {
      assertThat(names(f)).containsExactly("id", "route", "kind", "title", "subject", "status", "confidence",
          "level", "severity", "summary", "evidence", "missingEvidence", "owner", "handoff", "proposedActions",
          "reference", "rule");
    }
    JsonNode top = root.get("findings").get(0);
    assertThat(top.get("id").asString()).isEqualTo("GpuCapacityExhausted");
    assertThat(top.get("status").asString()).isEqualTo("likely");
    assertThat(top.get("severity").asString()).isEqualTo("critical");
    assertThat(top.get("confidence").asDouble()).isEqualTo(0.9);
    assertThat(names(top.get("evidence").get(0))).containsExactly("source", "pointer", "quote");
    assertThat(names(top.get("missingEvidence").get(0))).containsExactly("read", "why");
    JsonNode action = top.get("proposedActions").get(0);
    assertThat(names(action)).containsExactly("description", "command", "mutation", "requiresAuthorization");
    assertThat(action.get("mutation").asBoolean()).isTrue();
    assertThat(action.get("requiresAuthorization").asBoolean()).isTrue();
    assertThat(top.get("rule").get(0).asString()).isEqualTo("insufficient gpu");
  }

  @Test
  void targetReadsProfilesAndUnreadable() {
    JsonNode root = parse(writer.write(SampleDiagnosis.create()));
    JsonNode target = root.get("target");
    assertThat(names(target)).containsExactly("subscription", "resourceGroup", "cluster", "kubeContext", "server",
        "region", "pool", "namespace", "resource", "incident", "capturedAt", "unbound");
    assertThat(target.get("resource").asString()).isEqualTo("Pod/vllm-0");
    assertThat(target.get("incident").get("start").asString()).isEqualTo("2026-01-10T09:00:00Z");
    assertThat(target.get("kubeContext").isNull()).isTrue();
    assertThat(target.get("unbound").get(0).asString()).isEqualTo("kubeContext");
    JsonNode denied = root.get("reads").get(2);
    assertThat(denied.get("status").asString()).isEqualTo("denied");
    assertThat(denied.get("error").asString()).isEqualTo("nodes is forbidden");
    assertThat(root.get("profiles").get(0).get("profile").asString()).isEqualTo("managed_install");
    assertThat(root.get("unreadable").get(0).get("reason").asString()).isEqualTo("binary");
  }

  @Test
  void timingsHoldCountsOnlyUnlessAsked() {
    Diagnosis d = SampleDiagnosis.create();
    JsonNode timings = parse(writer.write(d)).get("timings");
    assertThat(names(timings)).containsExactly("rulesFired", "facts");
    assertThat(timings.get("rulesFired").asInt()).isEqualTo(7);
    assertThat(timings.get("facts").asInt()).isEqualTo(3);
    assertThat(parse(writer.withWallClockMillis(42).write(d)).get("timings").get("wallClockMs").asLong()).isEqualTo(42);
  }

  @Test
  void traceOnlyWhenExplaining() {
    Diagnosis d = SampleDiagnosis.create();
    assertThat(parse(writer.write(d)).has("trace")).isFalse();
    JsonNode trace = parse(writer.withTrace(true).write(d)).get("trace");
    assertThat(trace.get(0).get("rule").asString()).isEqualTo("insufficient gpu");
    assertThat(trace.get(0).get("concludes").asString()).isEqualTo("GpuCapacityExhausted");
    assertThat(trace.get(0).get("facts").get(0).asString()).isEqualTo("pod ml/vllm-0");
  }

  private static JsonNode parse(String json) {
    return JsonMapper.builder().build().readTree(json);
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.propertyNames().forEach(names::add);
    return names;
  }
}
