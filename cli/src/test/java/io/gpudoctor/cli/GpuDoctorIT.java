package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the shaded jar as a real process, as a user would (failsafe, after package). */
class GpuDoctorIT {
  private static Path jar;

  record Result(int exit, String out, String err) {}

  @BeforeAll
  static void findJar() {
    jar = Path.of(System.getProperty("basedir", "."), "target", "gpu-doctor.jar").toAbsolutePath();
    assertThat(jar).as("the shaded jar (run `mvn verify`)").exists();
  }

  private static Result run(Path workDir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    Path outFile = workDir.resolve("stdout.txt");
    Path errFile = workDir.resolve("stderr.txt");
    Process p = new ProcessBuilder(command).directory(workDir.toFile())
        .redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).as("gpu-doctor finished").isTrue();
    Result r = new Result(p.exitValue(), Files.readString(outFile, StandardCharsets.UTF_8),
        Files.readString(errFile, StandardCharsets.UTF_8));
    assertThat(r.err()).as("stderr of %s", args.length > 0 ? args[0] : "")
        .doesNotContain("Exception").doesNotContainPattern("(?m)^\\s*at io\\.");
    return r;
  }

  @Test
  void help(@TempDir Path tmp) throws Exception {
    Result r = run(tmp, "--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("Usage: gpu-doctor").contains("diagnose");
  }

  @Test
  void version(@TempDir Path tmp) throws Exception {
    Result r = run(tmp, "--version");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).startsWith("gpu-doctor 0.1.0").contains("Drools");
  }

  @Test
  void diagnoseAnEvidenceFolder(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    Result text = run(tmp, "diagnose", evidence.toString(), "--rules", rules.toString());
    assertThat(text.exit()).isZero();
    assertThat(text.out()).contains("TOP FINDING: GpuCapacityExhausted");
    assertThat(text.err()).isEmpty();

    Result json = run(tmp, "diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "json");
    assertThat(json.exit()).isZero();
    assertThat(json.out()).startsWith("{\n  \"schema\": \"gpu-doctor/report/v1\"");
  }

  @Test
  void diagnoseWithTheShippedRulesNeverShowsAStackTrace(@TempDir Path tmp) throws Exception {
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    Result r = run(tmp, "diagnose", evidence.toString());
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("TOP FINDING: GpuCapacityExhausted");
    assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void missingEvidence(@TempDir Path tmp) throws Exception {
    Result r = run(tmp, "diagnose", tmp.resolve("nope").toString());
    assertThat(r.exit()).isEqualTo(4);
    assertThat(r.err().lines()).hasSize(1);
    assertThat(r.err()).startsWith("gpu-doctor: evidence not found");
  }

  @Test
  void brokenRules(@TempDir Path tmp) throws Exception {
    Path rules = TestEvidence.brokenRules(tmp.resolve("rules"));
    Result r = run(tmp, "rules", "check", "--rules", rules.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("broken.drl:5:");
  }

  @Test
  void usageError(@TempDir Path tmp) throws Exception {
    Result r = run(tmp, "diagnose", "--bogus");
    assertThat(r.exit()).isEqualTo(2);
  }
}
