package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.collect.FetchedEvidence;
import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.ReadStatus;
import java.io.File;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The same incident diagnosed twice: once from the saved {@code query_range} answers of the
 * fixture, once through {@link PrometheusCollector} against Debian's real {@code prometheus},
 * backfilled from those answers with {@code promtool tsdb create-blocks-from openmetrics}, on a
 * loopback port. The findings must be the same. Prometheus missing is a failure, never a skip:
 * install it ({@code apt-get install -y prometheus}); .ci/run does.
 */
class PrometheusIT {
  private static final String FIXTURE = "GpuMemoryExhausted/fires-cuda-oom-telemetry-confirmed";
  private static final Duration STEP = Duration.ofSeconds(30);

  @TempDir static Path work;
  private static Process prometheus;
  private static URI url;
  private static Instant start;
  private static Instant end;

  @BeforeAll
  static void startPrometheusWithTheIncidentWindow() throws Exception {
    Path promtool = executable("promtool");
    Path server = executable("prometheus");
    Path openMetrics = work.resolve("incident.om");
    Files.writeString(openMetrics, openMetrics(ModuleRules.fixturesDir().resolve(FIXTURE).resolve("prometheus")));
    Path tsdb = work.resolve("tsdb");
    run(List.of(promtool.toString(), "tsdb", "create-blocks-from", "openmetrics", openMetrics.toString(), tsdb.toString()));
    Path config = work.resolve("prometheus.yml");
    Files.writeString(config, "global:\n  scrape_interval: 30s\n");
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    url = URI.create("http://127.0.0.1:" + port);
    prometheus = new ProcessBuilder(server.toString(), "--config.file=" + config, "--storage.tsdb.path=" + tsdb,
        "--storage.tsdb.retention.time=100y", "--web.listen-address=127.0.0.1:" + port)
        .redirectErrorStream(true).redirectOutput(work.resolve("prometheus.log").toFile()).start();
    waitUntilReady(Duration.ofSeconds(60));
  }

  @AfterAll
  static void stopPrometheus() throws InterruptedException {
    if (prometheus != null) {
      prometheus.destroy();
      if (!prometheus.waitFor(20, TimeUnit.SECONDS)) prometheus.destroyForcibly();
    }
  }

  @Test
  void theIncidentThroughThePrometheusApiGivesTheSameFindingsAsTheSavedQueryResults() throws Exception {
    Path fixture = ModuleRules.fixturesDir().resolve(FIXTURE);
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    Diagnosis fromFiles = diagnoser.diagnose(new EvidenceFolderReader().read(fixture));

    Path withoutMetrics = copyWithoutMetrics(fixture, work.resolve("bundle"));
    FetchedEvidence fetched = new PrometheusCollector(url, Duration.ofSeconds(10)).fetch(start, end, STEP);
    assertThat(fetched.reads()).as("failed reads").isEmpty();
    assertThat(fetched.answers()).hasSize(5).allSatisfy(a -> assertThat(a.source())
        .startsWith("GET " + url + "/api/v1/query_range?query=DCGM_FI_DEV_").contains("&step=30s"));
    EvidenceBundle bundle = new EvidenceFolderReader().read(withoutMetrics, fetched);
    assertThat(bundle.unreadable()).isEmpty();
    Diagnosis fromApi = diagnoser.diagnose(bundle);

    assertThat(outcome(fromApi)).isEqualTo(outcome(fromFiles));
    ReportedFinding exhausted = fromApi.findings().stream().filter(f -> f.id().equals("GpuMemoryExhausted")).findFirst().orElseThrow();
    assertThat(exhausted.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(exhausted.evidence()).anySatisfy(e -> assertThat(e.source()).startsWith("GET " + url + "/api/v1/query_range"));
  }

  @Test
  void withoutTheTelemetryTheSameIncidentStaysUnconfirmed() throws Exception {
    Path withoutMetrics = copyWithoutMetrics(ModuleRules.fixturesDir().resolve(FIXTURE), work.resolve("bundle-before"));
    FetchedEvidence fetched = new PrometheusCollector(url, Duration.ofSeconds(10))
        .fetch(start.minus(Duration.ofHours(6)), start.minus(Duration.ofHours(5)), STEP);
    Diagnosis d = new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(withoutMetrics, fetched));
    assertThat(d.findings()).filteredOn(f -> f.id().equals("GpuMemoryExhausted"))
        .singleElement().extracting(ReportedFinding::status).isEqualTo(FindingStatus.UNCONFIRMED);
  }

  @Test
  void anUnreachablePrometheusIsOneFailedReadWithAClearReason() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = socket.getLocalPort();
    }
    FetchedEvidence fetched = new PrometheusCollector(URI.create("http://127.0.0.1:" + closed), Duration.ofSeconds(2))
        .fetch(start, end, STEP);
    assertThat(fetched.answers()).isEmpty();
    assertThat(fetched.reads()).singleElement().satisfies(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.FAILED);
      assertThat(r.error()).startsWith("cannot reach Prometheus at http://127.0.0.1:" + closed + ": ");
    });
  }

  private static Set<String> outcome(Diagnosis d) {
    Set<String> out = new TreeSet<>();
    d.findings().forEach(f -> out.add(f.id() + " " + f.subject() + " " + f.status().label() + " " + f.confidence() + " " + f.owner()));
    return out;
  }

  /** The saved query_range answers as OpenMetrics for promtool: one family per metric, seconds, "# EOF". */
  private static String openMetrics(Path folder) throws IOException {
    Map<String, List<String>> families = new TreeMap<>();
    Instant first = null;
    Instant last = null;
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.sorted().toList()) {
        JsonNode result = JsonMapper.builder().build().readTree(file.toFile()).path("data").path("result");
        for (JsonNode series : result) {
          Map<String, String> labels = new TreeMap<>();
          series.path("metric").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asString()));
          String name = labels.remove("__name__");
          StringBuilder selector = new StringBuilder(name).append('{');
          labels.forEach((k, v) -> selector.append(k).append("=\"").append(v).append("\","));
          selector.setLength(selector.length() - 1);
          selector.append('}');
          for (JsonNode point : series.path("values")) {
            long seconds = point.get(0).asLong();
            Instant at = Instant.ofEpochSecond(seconds);
            first = first == null || at.isBefore(first) ? at : first;
            last = last == null || at.isAfter(last) ? at : last;
            families.computeIfAbsent(name, k -> new ArrayList<>()).add(selector + " " + point.get(1).asString() + " " + seconds);
          }
        }
      }
    }
    start = first;
    end = last;
    StringBuilder om = new StringBuilder();
    families.forEach((name, lines) -> {
      om.append("# TYPE ").append(name).append(" gauge\n");
      lines.forEach(l -> om.append(l).append('\n'));
    });
    return om.append("# EOF\n").toString();
  }

  private static Path copyWithoutMetrics(Path fixture, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(fixture)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path rel = fixture.relativize(f);
        if (rel.startsWith("prometheus") || rel.toString().equals("expected.yaml")) continue;
        Files.createDirectories(to.resolve(rel).getParent());
        Files.copy(f, to.resolve(rel));
      }
    }
    return to;
  }

  private static Path executable(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) return candidate;
    }
    throw new AssertionError(name + " is not installed: this test needs Debian's prometheus package "
        + "(apt-get install -y prometheus); it never skips" + ("true".equals(System.getenv("CI")) ? " in CI" : ""));
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished", command.get(0)).isTrue();
    assertThat(p.exitValue()).as("%s exit code; output:%n%s", String.join(" ", command), output).isZero();
  }

  private static void waitUntilReady(Duration limit) throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (!prometheus.isAlive()) {
        throw new AssertionError("prometheus exited: " + Files.readString(work.resolve("prometheus.log")));
      }
      try {
        HttpURLConnection c = (HttpURLConnection) url.resolve("/-/ready").toURL().openConnection();
        c.setConnectTimeout(1000);
        c.setReadTimeout(1000);
        if (c.getResponseCode() == 200) return;
      } catch (IOException notYet) {
        // still starting
      }
      Thread.sleep(250);
    }
    throw new AssertionError("prometheus not ready after " + limit.toSeconds() + " s: " + Files.readString(work.resolve("prometheus.log")));
  }
}
