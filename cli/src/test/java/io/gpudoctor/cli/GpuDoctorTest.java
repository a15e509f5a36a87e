package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GpuDoctorTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return GpuDoctor.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void workerThreadDyingOfOutOfMemoryIsOneLineWithoutAStackTrace() throws InterruptedException {
    Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
    try {
      GpuDoctor.reportUncaughtOnOneLine(new PrintWriter(err));
      Thread worker = new Thread(() -> {
        throw new OutOfMemoryError("Java heap space");
      });
      worker.start();
      worker.join();
      assertThat(err.toString())
          .isEqualTo("gpu-doctor: out of memory (give the JVM more with JAVA_OPTS=-Xmx...)" + System.lineSeparator());
    } finally {
      Thread.setDefaultUncaughtExceptionHandler(before);
    }
  }

  @Test
  void version() {
    assertThat(run("--version")).isZero();
    assertThat(out.toString()).startsWith("gpu-doctor 0.1.0\n").contains("Drools 10.");
  }

  @Test
  void help() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("diagnose").contains("replay").contains("rules").contains("explain");
  }

  @Test
  void noCommandIsAUsageError() {
    assertThat(run()).isEqualTo(2);
    assertThat(err.toString()).contains("Usage: gpu-doctor");
  }

  @Test
  void unknownOptionIsAUsageErrorOnOneLine() {
    assertThat(run("diagnose", "somewhere", "--bogus")).isEqualTo(2);
    assertThat(err.toString()).startsWith("gpu-doctor: Unknown option: '--bogus'");
    assertThat(err.toString().lines()).hasSize(1);
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void unknownOutputFormatIsAUsageError() {
    assertThat(run("diagnose", "somewhere", "-o", "yaml")).isEqualTo(2);
    assertThat(err.toString()).startsWith("gpu-doctor: Invalid value for option '--output'");
  }

  @Test
  void missingEvidenceExitsFourWithOneLine(@TempDir Path tmp) {
    Path missing = tmp.resolve("no-such-folder");
    assertThat(run("diagnose", missing.toString())).isEqualTo(4);
    assertThat(err.toString()).isEqualTo("gpu-doctor: evidence not found: " + missing + System.lineSeparator());
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void rulesCheckReportsEveryProblemWithFileAndLine(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.brokenRules(tmp.resolve("rules"));
    assertThat(run("rules", "check", "--rules", rules.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("broken.drl:5:");
    assertThat(err.toString()).doesNotContain("Exception").doesNotContain("\tat ");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void rulesCheckPassesGoodRules(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    assertThat(run("rules", "check", "--rules", rules.toString())).isZero();
    assertThat(out.toString()).matches("2 rules OK \\(sha256:[0-9a-f]+\\)\\R");
  }

  @Test
  void diagnoseWithBrokenRulesExitsTwo(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.brokenRules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("gpu-doctor: the rules do not compile").contains("broken.drl:5:");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void rulesList(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    assertThat(run("rules", "list", "--rules", rules.toString())).isZero();
    assertThat(out.toString()).contains("RULE").contains("@ID/@SIGNAL")
        .containsPattern("pending pod short of GPUs\\s+GpuCapacityExhausted\\s+scheduling\\s+\\S*scheduling.drl:4");
  }

  @Test
  void diagnoseText(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString())).isZero();
    String text = out.toString();
    assertThat(text).contains("TOP FINDING: GpuCapacityExhausted").contains("0.70 (medium)")
        .contains("(mutation, needs authorisation)");
    assertThat(text.indexOf("GpuCapacityExhausted")).isLessThan(text.indexOf("TargetUnbound"));
    assertThat(text).doesNotContain("\u001b[");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void diagnoseJsonIsReproducible(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "json")).isZero();
    String first = out.toString();
    out.getBuffer().setLength(0);
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "json")).isZero();
    assertThat(out.toString()).isEqualTo(first);

    JsonNode json = JsonMapper.builder().build().readTree(first);
    assertThat(json.get("schema").asString()).isEqualTo("gpu-doctor/report/v1");
    assertThat(json.get("findings").get(0).get("id").asString()).isEqualTo("GpuCapacityExhausted");
    assertThat(json.has("trace")).isFalse();
  }

  @Test
  void explainAddsTheTrace(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "json", "--explain")).isZero();
    JsonNode trace = JsonMapper.builder().build().readTree(out.toString()).get("trace");
    assertThat(trace).isNotEmpty();
    out.getBuffer().setLength(0);
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--explain")).isZero();
    assertThat(out.toString()).contains("rule \"pending pod short of GPUs\" -> GpuCapacityExhausted")
        .contains("matched pod ml/vllm-0");
  }

  @Test
  void failOnExitsThreeWhenAnEstablishedFindingIsSevereEnough(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--fail-on", "critical")).isEqualTo(3);
    // An evidence folder with no pod: only the TargetUnbound note (info) is concluded.
    Path quiet = Files.createDirectories(tmp.resolve("quiet"));
    Files.writeString(quiet.resolve("target.yaml"), "namespace: ml\n");
    assertThat(run("diagnose", quiet.toString(), "--rules", rules.toString(), "--fail-on", "warning")).isZero();
    assertThat(run("diagnose", quiet.toString(), "--rules", rules.toString(), "--fail-on", "info")).isEqualTo(3);
  }

  @Test
  void failOnStatusExitsThreeOnlyForADiagnosisThatStrong(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    // The test rules conclude GpuCapacityExhausted as likely (critical) and the TargetUnbound note as confirmed.
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--fail-on-status", "likely")).isEqualTo(3);
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--fail-on-status", "confirmed")).isZero();
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--fail-on-status", "likely",
        "--fail-on", "critical")).isEqualTo(3);
    Path quiet = Files.createDirectories(tmp.resolve("quiet"));
    Files.writeString(quiet.resolve("target.yaml"), "namespace: ml\n");
    assertThat(run("diagnose", quiet.toString(), "--rules", rules.toString(), "--fail-on-status", "confirmed")).isZero();
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "--fail-on-status", "maybe")).isEqualTo(2);
  }

  @Test
  void markdownAndSarifReports(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "markdown")).isZero();
    assertThat(out.toString()).startsWith("# gpu-doctor handoff: `GpuCapacityExhausted`")
        .contains("- **Status:** likely:").contains("```sh\nkubectl get nodes -o json\n```");
    out.getBuffer().setLength(0);
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "sarif",
        "--reference-base", "https://docs.example.org/gpu-doctor/")).isZero();
    JsonNode sarif = JsonMapper.builder().build().readTree(out.toString());
    assertThat(sarif.get("version").asString()).isEqualTo("2.1.0");
    JsonNode run = sarif.get("runs").get(0);
    assertThat(run.get("results").get(0).get("ruleId").asString()).isEqualTo("GpuCapacityExhausted");
    assertThat(run.get("tool").get("driver").get("rules")).anySatisfy(r -> assertThat(r.get("helpUri").asString())
        .isEqualTo("https://docs.example.org/gpu-doctor/references/findings.md#gpucapacityexhausted"));
    out.getBuffer().setLength(0);
    assertThat(run("diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "sarif",
        "--reference-base", "docs/")).isEqualTo(2);
  }

  @Test
  void replayExitsThreeWhenALabelledIncidentFails(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path archive = tmp.resolve("incidents");
    Path pass = TestEvidence.pendingGpuPod(archive.resolve("pass"));
    Files.writeString(pass.resolve("expected.yaml"), "top: [GpuCapacityExhausted]\n");
    Path fail = TestEvidence.pendingGpuPod(archive.resolve("wrong"));
    Files.writeString(fail.resolve("expected.yaml"), "top: [UntoleratedGpuTaint]\n");

    assertThat(run("replay", archive.toString(), "--rules", rules.toString())).isEqualTo(3);
    assertThat(out.toString()).contains("INCIDENT").contains("GpuCapacityExhausted (likely)")
        .contains("1 passed, 1 failed");

    out.getBuffer().setLength(0);
    assertThat(run("replay", pass.toString(), "--rules", rules.toString(), "-o", "json")).isZero();
    assertThat(out.toString()).contains("\"schema\": \"gpu-doctor/replay/v1\"").contains("\"result\": \"pass\"");
  }

  @Test
  void rulesTestRunsTheFixtures(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path fixture = TestEvidence.pendingGpuPod(rules.resolve("fixtures/GpuCapacityExhausted/insufficient-gpu"));
    Files.writeString(fixture.resolve("expected.yaml"), "top: [GpuCapacityExhausted]\n");
    assertThat(run("rules", "test", "--rules", rules.toString())).isZero();
    assertThat(out.toString()).contains("insufficient-gpu").contains("1 passed, 0 failed");
  }

  @Test
  void explainAFinding(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    assertThat(run("explain", "GpuCapacityExhausted", "--rules", rules.toString())).isZero();
    assertThat(out.toString()).startsWith("GpuCapacityExhausted\n").contains("route:     scheduling")
        .contains("pending pod short of GPUs").contains("scheduling.drl:4");
  }

  @Test
  void explainAnUnknownFinding(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    assertThat(run("explain", "GpuCapacity", "--rules", rules.toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("gpu-doctor: unknown finding id 'GpuCapacity'")
        .contains("GpuCapacityExhausted");
  }

  @Test
  void explainSectionOfTheFindingsDocument() {
    String md = "# Findings\n\n## GpuCapacityExhausted\n\nAll GPUs are taken.\n\n## UntoleratedGpuTaint\n\nOther.\n";
    assertThat(ExplainCommand.section(md, "GpuCapacityExhausted", "gpucapacityexhausted"))
        .isEqualTo("## GpuCapacityExhausted\n\nAll GPUs are taken.\n");
    assertThat(ExplainCommand.section(md, "Nope", "nope")).isNull();
  }

  @Test
  void internalErrorsAreOneLineWithoutAStackTrace() {
    StringWriter e = new StringWriter();
    int code = GpuDoctor.report(new GpuDoctor(), new PrintWriter(e), new IllegalStateException("boom\nsecond line"));
    assertThat(code).isEqualTo(1);
    assertThat(e.toString()).isEqualTo("gpu-doctor: internal error: boom (run with --debug for details)" + System.lineSeparator());
  }

  @Test
  void debugPrintsTheStackTrace(@TempDir Path tmp) {
    assertThat(run("--debug", "diagnose", tmp.resolve("missing").toString())).isEqualTo(4);
    assertThat(err.toString()).contains("gpu-doctor: evidence not found").contains("at io.gpudoctor.cli");
  }

  @Test
  void diagnoseWithTheShippedRules(@TempDir Path tmp) throws Exception {
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    assertThat(run("diagnose", evidence.toString(), "-o", "json")).isZero();
    assertThat(out.toString()).contains("\"schema\": \"gpu-doctor/report/v1\"");
    out.getBuffer().setLength(0);
    assertThat(run("rules", "check")).isZero();
    assertThat(out.toString()).contains("rules OK (sha256:");
  }

  @Test
  void anUnreachablePrometheusIsOneLineOnStderrAndTheDiagnosisGoesOn(@TempDir Path tmp) throws Exception {
    Path evidence = Path.of(System.getProperty("user.dir"))
        .resolve("../references/incidents/2026-07-cuda-oom-without-telemetry").normalize();
    int closed;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    assertThat(run("diagnose", evidence.toString(), "--prometheus-url", "http://127.0.0.1:" + closed,
        "--prometheus-timeout", "2")).isZero();
    assertThat(err.toString()).startsWith("gpu-doctor: cannot reach Prometheus at http://127.0.0.1:" + closed + ": ")
        .endsWith("(continuing without it)" + System.lineSeparator());
    assertThat(err.toString().lines()).hasSize(1);
    assertThat(out.toString()).contains("GpuMemoryExhausted").contains("GET http://127.0.0.1:" + closed + "/api/v1/query_range");
  }
}
