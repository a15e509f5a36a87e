package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@EnableKubernetesMockClient(crud = true)
class LiveCollectorTest {
  static final Path INCIDENT = IncidentRules.INCIDENTS.resolve("2026-02-sku-taint-not-tolerated");
  static final Clock CAPTURE = Clock.fixed(Instant.parse("2026-02-09T15:25:30Z"), ZoneOffset.UTC);
  static final String POD = "vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p";

  KubernetesMockServer server;
  KubernetesClient client;
  SeededCluster cluster;

  @TempDir Path dir;

  @BeforeEach
  void seedTheIncident() throws Exception {
    cluster = new SeededCluster(server, client);
    cluster.seed(INCIDENT);
    drainRequests();
  }

  private List<String> drainRequests() throws Exception {
    return cluster.requests();
  }

  private LiveTarget target() {
    return new LiveTarget("aks-inference-prod", "ml-serving", LiveTarget.Kind.POD, POD,
        "8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35", "rg-inference-prod", "aks-inference-prod");
  }

  /** A fake az on which only the nodepool list answers (from the incident's nodepool.json). */
  private AzCli fakeAz() throws Exception {
    Path az = dir.resolve("fake-az");
    Files.writeString(az, "#!/usr/bin/env bash\ncase \"$*\" in\n"
        + "  \"account show \"*) echo '{\"id\": \"8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35\"}';;\n"
        + "  \"aks nodepool list \"*) echo '['; cat '" + INCIDENT.toAbsolutePath().resolve("nodepool.json") + "'; echo ']';;\n"
        + "  *) echo \"ERROR: (AuthorizationFailed) The client does not have authorization\" >&2; exit 1;;\nesac\n");
    Files.setPosixFilePermissions(az, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new AzCli(az.toString(), Duration.ofSeconds(20));
  }

  private Collection collect(Path out) throws Exception {
    return new LiveCollector(Fabric8KubeReader.wrap(client, Duration.ofSeconds(10)), fakeAz(), CAPTURE, true)
        .collect(target(), out);
  }

  private static Diagnosis diagnose(Path folder) throws Exception {
    return new Diagnoser(IncidentRules.ruleBase()).diagnose(new EvidenceFolderReader().read(folder));
  }

  @Test
  void liveCollectionOfTheSeededIncidentDiagnosesLikeItsFolder() throws Exception {
    Path out = dir.resolve("live");
    Collection collection = collect(out);

    Diagnosis live = diagnose(out);
    Diagnosis folder = diagnose(INCIDENT);
    assertThat(folder.top().id()).isEqualTo("UntoleratedGpuTaint");
    assertThat(live.top().id()).isEqualTo(folder.top().id());
    assertThat(live.top().status()).isEqualTo(folder.top().status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(live.evidence().target().kubeContext()).isEqualTo("aks-inference-prod");
    assertThat(live.evidence().target().capturedAt()).isEqualTo(Instant.parse("2026-02-09T15:25:30Z"));
    assertThat(live.evidence().unreadable()).isEmpty();
    assertThat(collection.reads()).filteredOn(r -> r.command().contains("workspaces.kaito.sh"))
        .singleElement().satisfies(r -> {
          assertThat(r.status()).isEqualTo(ReadStatus.NOT_RUN);
          assertThat(r.error()).isEqualTo("not installed");
        });
  }

  @Test
  void everyRequestIsAGetExceptTheAccessReviews() throws Exception {
    collect(dir.resolve("live"));
    List<String> requests = drainRequests();
    assertThat(requests).isNotEmpty()
        .allSatisfy(r -> assertThat(r).matches("GET /.*|POST " + SeededCluster.SSAR_PATH))
        .noneMatch(r -> r.contains("/secrets"))
        .contains("GET /api/v1/pods", "GET /api/v1/nodes", "GET /api/v1/namespaces/ml-serving/events");
  }

  @Test
  void aDeniedNodeListIsNeverSentAndLeavesTheTaintConclusionUnconfirmed() throws Exception {
    cluster.denied.add("list nodes");
    Path out = dir.resolve("live");
    Collection collection = collect(out);

    assertThat(drainRequests()).doesNotContain("GET /api/v1/nodes");
    assertThat(collection.reads()).filteredOn(r -> r.topic().equals("nodes")).singleElement().satisfies(r -> {
      assertThat(r.status()).isEqualTo(ReadStatus.DENIED);
      assertThat(r.error()).isEqualTo("RBAC: user \"sre\" cannot list resource \"nodes\"");
    });
    Diagnosis d = diagnose(out);
    assertThat(d.evidence().reads()).filteredOn(r -> r.topic().equals("nodes"))
        .extracting(Read::status).containsExactly(ReadStatus.DENIED);
    List<ReportedFinding> taintOrCapacity = d.findings().stream()
        .filter(f -> f.id().equals("UntoleratedGpuTaint") || f.id().equals("GpuCapacityExhausted")).toList();
    assertThat(taintOrCapacity).isNotEmpty().allSatisfy(f -> {
      assertThat(f.status()).isNotEqualTo(FindingStatus.CONFIRMED);
      assertThat(f.missingEvidence()).extracting(MissingEvidence::read).anyMatch(c -> c.contains("get nodes"));
    });
  }

  @Test
  void theNumberOfRequestsIsTheSameForTenAndAThousandPods() throws Exception {
    addPods(10);
    drainRequests();
    collect(dir.resolve("ten"));
    List<String> ten = drainRequests();
    addPods(990);
    drainRequests();
    collect(dir.resolve("thousand"));
    List<String> thousand = drainRequests();
    assertThat(thousand).hasSameSizeAs(ten).containsExactlyInAnyOrderElementsOf(ten);
    assertThat(client.pods().inNamespace("ml-serving").list().getItems()).hasSize(1001);
  }

  @Test
  void secretLikeEnvValuesAndBearerTokensAreRedactedAndCounted() throws Exception {
    client.resource(new PodBuilder().withNewMetadata().withName("router").withNamespace("ml-serving").endMetadata()
        .withNewSpec().addNewContainer().withName("router").withImage("router:1")
        .addNewEnv().withName("HF_TOKEN").withValue("hf_abcdefghijklmnop").endEnv()
        .addNewEnv().withName("UPSTREAM_AUTH").withValue("Bearer eyJhbGciOiJIUzI1NiJ9.abc.def").endEnv()
        .addNewEnv().withName("MODEL").withValue("llama-3.1-8b").endEnv()
        .endContainer().endSpec().build()).create();
    Path out = dir.resolve("live");
    Collection collection = collect(out);
    String pods = Files.readString(out.resolve("pods.json"));
    assertThat(pods).doesNotContain("hf_abcdefghijklmnop", "eyJhbGciOiJIUzI1NiJ9").contains("llama-3.1-8b");
    assertThat(collection.redactions()).isEqualTo(2);
    assertThat(Files.readString(out.resolve("reads.json")))
        .contains("\"command\" : \"kubectl --context aks-inference-prod get pods -A -o json\",\n  \"topic\" : \"pods\",\n  \"status\" : \"ran\"");
  }

  @Test
  void anInstalledWorkspaceCrdIsListedInItsStorageVersion() throws Exception {
    client.apiextensions().v1().customResourceDefinitions().resource(new io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder()
        .withNewMetadata().withName("workspaces.kaito.sh").endMetadata()
        .withNewSpec().withGroup("kaito.sh").withScope("Namespaced")
        .withNewNames().withKind("Workspace").withPlural("workspaces").withSingular("workspace").endNames()
        .addNewVersion().withName("v1alpha1").withServed(true).withStorage(false).endVersion()
        .addNewVersion().withName("v1beta1").withServed(true).withStorage(true).endVersion()
        .endSpec().build()).create();
    var workspace = new io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder().withApiVersion("kaito.sh/v1beta1")
        .withKind("Workspace").withNewMetadata().withName("workspace-phi-3").withNamespace("ml-serving").endMetadata().build();
    client.genericKubernetesResources("kaito.sh/v1beta1", "Workspace").resource(workspace).create();
    drainRequests();

    Path out = dir.resolve("live");
    Collection collection = collect(out);
    assertThat(drainRequests()).contains("GET /apis/kaito.sh/v1beta1/namespaces/ml-serving/workspaces");
    assertThat(collection.reads()).filteredOn(r -> r.topic().equals("workspaces")).singleElement()
        .extracting(CollectedRead::status).isEqualTo(ReadStatus.RAN);
    assertThat(Files.readString(out.resolve("workspaces.json"))).contains("workspace-phi-3");
  }

  private void addPods(int n) {
    int existing = client.pods().inNamespace("ml-serving").list().getItems().size();
    for (int i = 0; i < n; i++) {
      Pod pod = new PodBuilder().withNewMetadata().withName("worker-" + (existing + i)).withNamespace("ml-serving").endMetadata()
          .withNewSpec().addNewContainer().withName("w").withImage("busybox:1.36").endContainer().endSpec().build();
      client.resource(pod).create();
    }
  }
}
