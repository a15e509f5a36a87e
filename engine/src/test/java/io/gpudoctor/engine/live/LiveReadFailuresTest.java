package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ReadStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reads the cluster or Azure refuse, lose or never answer: each is a Read with its status, and the rest is still diagnosed. */
@EnableKubernetesMockClient(crud = true)
class LiveReadFailuresTest {
  static final Path CUDA_OOM = IncidentRules.INCIDENTS.resolve("2026-07-cuda-oom-without-telemetry");
  static final Path SKU_TAINT = IncidentRules.INCIDENTS.resolve("2026-02-sku-taint-not-tolerated");

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir Path dir;

  private Collection collect(Path incident, Duration timeout, AzCli az) throws Exception {
    return new LiveCollector(Fabric8KubeReader.wrap(client, timeout), az,
        Clock.fixed(SeededCluster.capturedAt(incident), ZoneOffset.UTC), true).collect(SeededCluster.target(incident), dir.resolve("live"));
  }

  private Diagnosis diagnose() throws Exception {
    return new Diagnoser(IncidentRules.ruleBase()).diagnose(new EvidenceFolderReader().read(dir.resolve("live")));
  }

  @Test
  void aDeniedPodLogLeavesTheGpuOomUnconfirmedWithTheLogAsMissingEvidence() throws Exception {
    SeededCluster cluster = new SeededCluster(server, client);
    cluster.denied.add("get pods/log");
    cluster.seed(CUDA_OOM);
    Collection c = collect(CUDA_OOM, Duration.ofSeconds(10), null);

    assertThat(cluster.requests()).noneMatch(r -> r.contains("/log"));
    assertThat(c.reads()).filteredOn(r -> r.topic().equals("logs")).hasSize(2).allSatisfy(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.DENIED);
      assertThat(r.error()).isEqualTo("RBAC: user \"sre\" cannot get resource \"pods/log\"");
    });
    ReportedFinding oom = finding(diagnose(), "GpuMemoryExhausted");
    assertThat(oom.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(oom.summary()).contains("denied (RBAC: user \"sre\" cannot get resource \"pods/log\")");
    assertThat(oom.missingEvidence()).extracting(MissingEvidence::read)
        .contains("kubectl --context aks-llm-weu logs -n inference mistral-7b-6d9f7c8b5-x2kqp -c vllm --previous --timestamps");
  }

  @Test
  void theSameIncidentWithItsLogReadConfirmsTheDevicePathFromTheLog() throws Exception {
    new SeededCluster(server, client).seed(CUDA_OOM);
    collect(CUDA_OOM, Duration.ofSeconds(10), null);
    assertThat(Files.readString(dir.resolve("live/logs/inference/mistral-7b-6d9f7c8b5-x2kqp/vllm.previous.log")))
        .contains("torch.OutOfMemoryError: CUDA out of memory.");
    ReportedFinding oom = finding(diagnose(), "GpuMemoryExhausted");
    assertThat(oom.summary()).contains("The GPU allocator of pod inference/mistral-7b-6d9f7c8b5-x2kqp failed");
  }

  @Test
  void aTimeoutA404AndAServer403AreFailedOrDeniedReadsAndTheRestIsDiagnosed() throws Exception {
    SeededCluster cluster = new SeededCluster(server, client);
    server.expect().get().delay(4, TimeUnit.SECONDS).withPath("/api/v1/nodes").andReturn(200, "{\"kind\":\"NodeList\",\"items\":[]}").always();
    server.expect().get().withPath("/apis/apps/v1/daemonsets").andReturn(403,
        "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"daemonsets.apps is forbidden: User \\\"sre\\\" cannot list resource \\\"daemonsets\\\" in API group \\\"apps\\\" at the cluster scope\",\"reason\":\"Forbidden\",\"code\":403}").always();
    cluster.seed(SKU_TAINT);
    long started = System.nanoTime();
    Collection c = collect(SKU_TAINT, Duration.ofSeconds(1), null);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    assertThat(read(c, "kubectl --context aks-inference-prod get nodes -o json")).satisfies(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.FAILED);
      assertThat(r.error()).isEqualTo("no answer within 1 s");
    });
    assertThat(read(c, "kubectl --context aks-inference-prod get daemonsets -A -o json")).satisfies(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.DENIED);
      assertThat(r.error()).startsWith("HTTP 403: daemonsets.apps is forbidden: User \"sre\" cannot list resource");
    });
    assertThat(read(c, "kubectl --context aks-inference-prod get configmap -n kube-system cluster-autoscaler-status -o json"))
        .satisfies(r -> {
          assertThat(r.status()).isEqualTo(ReadStatus.FAILED);
          assertThat(r.error()).startsWith("HTTP 404");
        });
    Diagnosis d = diagnose();
    ReportedFinding taint = finding(d, "UntoleratedGpuTaint");
    assertThat(taint.status()).isNotEqualTo(FindingStatus.CONFIRMED);
    assertThat(taint.missingEvidence()).extracting(MissingEvidence::read).anyMatch(m -> m.contains("get nodes"));
  }

  @Test
  void onlyAllowlistedAzReadsRunAndAHangingAzIsAFailedReadWithinTheTimeout() throws Exception {
    new SeededCluster(server, client).seed(SKU_TAINT);
    Path az = dir.resolve("hanging-az");
    Files.writeString(az, "#!/usr/bin/env bash\necho \"$*\" >> '" + dir.resolve("az-calls.log") + "'\n"
        + "case \"$*\" in\n  \"account show \"*) echo '{}';;\n  \"aks show \"*) sleep 30;;\n"
        + "  *) echo 'ERROR: (AuthorizationFailed) The client does not have authorization' >&2; exit 1;;\nesac\n");
    Files.setPosixFilePermissions(az, PosixFilePermissions.fromString("rwxr-xr-x"));
    long started = System.nanoTime();
    Collection c = collect(SKU_TAINT, Duration.ofSeconds(10), new AzCli(az.toString(), Duration.ofSeconds(1)));

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(25));
    assertThat(c.reads()).filteredOn(r -> r.command().startsWith("az aks show")).singleElement().satisfies(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.FAILED);
      assertThat(r.error()).isEqualTo("az gave no answer within 1000 ms");
    });
    assertThat(c.reads()).filteredOn(r -> r.command().startsWith("az vm list-usage")).singleElement()
        .satisfies(r -> assertThat(r.status()).isEqualTo(ReadStatus.NOT_RUN));
    assertThat(Files.readAllLines(dir.resolve("az-calls.log"))).isNotEmpty().allSatisfy(call -> assertThat(call)
        .matches("(account show|aks show|aks nodepool list|aks operation show-latest|vm list-usage|vm list-skus) .* -o json --only-show-errors"));
  }

  private static CollectedRead read(Collection c, String command) {
    return c.reads().stream().filter(r -> r.command().equals(command)).findFirst().orElseThrow();
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError(id + " not among " + d.findings().stream().map(ReportedFinding::id).toList()));
  }

}
