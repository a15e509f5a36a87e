package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Example incidents seeded into the mock API server as live clusters: {@code collect} of each,
 * diagnosed, concludes what the incident's own folder concludes (same findings, same statuses),
 * and every request it sent was a GET but the access reviews.
 */
@EnableKubernetesMockClient(crud = true)
class LiveIncidentParityTest {
  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {
      "2026-02-sku-taint-not-tolerated",
      "2026-01-t4-pool-fully-allocated",
      "2026-07-cuda-oom-without-telemetry",
      "2026-05-kaito-inferenceready-crashloop",
      "2026-05-keda-scale-out-pending-gpu-pods",
      "2026-08-application-xid-13-next-to-hardware-xid-79"})
  void aSeededIncidentCollectedLiveIsDiagnosedLikeItsFolder(String name) throws Exception {
    Path incident = IncidentRules.INCIDENTS.resolve(name);
    SeededCluster cluster = new SeededCluster(server, client);
    cluster.seed(incident);
    if (name.contains("xid")) seedTheExporterPodAndItsScrape(cluster, incident);
    cluster.requests();

    Path out = dir.resolve("live");
    new LiveCollector(Fabric8KubeReader.wrap(client, Duration.ofSeconds(10)), SeededCluster.fakeAz(incident, dir),
        Clock.fixed(SeededCluster.capturedAt(incident), ZoneOffset.UTC), true).collect(SeededCluster.target(incident), out);

    Diagnoser diagnoser = new Diagnoser(IncidentRules.ruleBase());
    Diagnosis folder = diagnoser.diagnose(new EvidenceFolderReader().read(incident));
    Diagnosis live = diagnoser.diagnose(new EvidenceFolderReader().read(out));
    assertThat(live.evidence().unreadable()).isEmpty();
    assertThat(conclusions(live)).isEqualTo(conclusions(folder));
    assertThat(cluster.requests()).isNotEmpty().allSatisfy(r -> assertThat(r).matches("GET /.*|POST " + SeededCluster.SSAR_PATH));
  }

  @org.junit.jupiter.api.Test
  void aDeviceOomConfirmedByPrometheusIsConfirmedLiveWithThePrometheusAnswersSavedInTheFolder() throws Exception {
    Path incident = IncidentRules.INCIDENTS.resolve("2026-07-cuda-oom-confirmed-by-dcgm-window");
    new SeededCluster(server, client).seed(incident);
    com.sun.net.httpserver.HttpServer prometheus = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    prometheus.createContext("/api/v1/query_range", exchange -> {
      String query = java.net.URLDecoder.decode(exchange.getRequestURI().getRawQuery(), java.nio.charset.StandardCharsets.UTF_8);
      String series = query.replaceAll("(?s).*query=(DCGM_FI_DEV_[A-Z_]+).*", "$1");
      Path answer = incident.resolve("prometheus/query_range-" + series.substring("DCGM_FI_DEV_".length())
          .toLowerCase(java.util.Locale.ROOT).replace('_', '-') + ".json");
      byte[] body = Files.exists(answer) ? Files.readAllBytes(answer)
          : "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}".getBytes();
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    prometheus.start();
    try {
      Path out = dir.resolve("live");
      var options = new LiveCollector.Options(ReadWindow.unbounded(), 2, true, ReadProgress.NONE,
          new io.gpudoctor.engine.collect.PrometheusCollector(
              java.net.URI.create("http://127.0.0.1:" + prometheus.getAddress().getPort()), Duration.ofSeconds(5)));
      new LiveCollector(Fabric8KubeReader.wrap(client, Duration.ofSeconds(10)), SeededCluster.fakeAz(incident, dir),
          Clock.fixed(SeededCluster.capturedAt(incident), ZoneOffset.UTC), options).collect(SeededCluster.target(incident), out);

      Diagnoser diagnoser = new Diagnoser(IncidentRules.ruleBase());
      Diagnosis folder = diagnoser.diagnose(new EvidenceFolderReader().read(incident));
      Diagnosis live = diagnoser.diagnose(new EvidenceFolderReader().read(out));
      assertThat(folder.top().id()).isEqualTo("GpuMemoryExhausted");
      assertThat(conclusions(live)).isEqualTo(conclusions(folder));
      assertThat(out.resolve("prometheus")).isDirectoryContaining(p -> p.getFileName().toString().endsWith(".json"));
    } finally {
      prometheus.stop(0);
    }
  }

  /** The GPU Operator's exporter pod on the node; the folder has its scrape, the live read gets it through the pod proxy. */
  private void seedTheExporterPodAndItsScrape(SeededCluster cluster, Path incident) throws Exception {
    String node = "aks-gpunp-41829376-vmss000000";
    cluster.create(new PodBuilder().withNewMetadata().withName("nvidia-dcgm-exporter-7xk2q").withNamespace("gpu-operator")
        .addNewOwnerReference().withApiVersion("apps/v1").withKind("DaemonSet").withName("nvidia-dcgm-exporter")
        .withUid("5d1c9a2e-0b7f-4e3a-9c6d-1f2e3a4b5c6d").withController(true).endOwnerReference().endMetadata()
        .withNewSpec().withNodeName(node).addNewContainer().withName("nvidia-dcgm-exporter")
        .withImage("nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04").addNewPort().withName("metrics")
        .withContainerPort(9400).endPort().endContainer().endSpec().withNewStatus().withPhase("Running").endStatus().build());
    cluster.answerText("/api/v1/namespaces/gpu-operator/pods/nvidia-dcgm-exporter-7xk2q:9400/proxy/metrics",
        Files.readString(incident.resolve("dcgm-" + node + ".prom")));
  }

  private static List<String> conclusions(Diagnosis d) {
    List<String> out = new ArrayList<>();
    for (ReportedFinding f : d.findings()) out.add(f.id() + " " + f.subject() + " " + f.status());
    return out;
  }

}
