package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code collect} and {@code diagnose --live} through a kubeconfig that points at fabric8's mock API server. */
@EnableKubernetesMockClient(crud = true)
class LiveCommandsTest {
  static final Path INCIDENT = Path.of("..", "references", "incidents", "2026-02-sku-taint-not-tolerated");
  static final String POD = "vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p";

  KubernetesMockServer server;
  KubernetesClient client;
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();
  private String previousKubeconfig;

  @BeforeEach
  void pointTheKubeconfigAtTheMock() throws Exception {
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectaccessreviews").andReply(201, this::review).always();
    for (String file : List.of("pod.json", "nodes.json", "events.json")) seed(INCIDENT.resolve(file));
    Path kubeconfig = dir.resolve("kubeconfig");
    Files.writeString(kubeconfig, """
        apiVersion: v1
        kind: Config
        clusters:
        - name: mock
          cluster: {server: "%s", insecure-skip-tls-verify: true}
        users:
        - name: sre
          user: {token: not-a-secret}
        contexts:
        - name: aks-inference-prod
          context: {cluster: mock, user: sre}
        current-context: aks-inference-prod
        """.formatted(client.getMasterUrl().toString()));
    previousKubeconfig = System.getProperty("kubeconfig");
    System.setProperty("kubeconfig", kubeconfig.toString());
  }

  @AfterEach
  void restore() {
    if (previousKubeconfig == null) System.clearProperty("kubeconfig");
    else System.setProperty("kubeconfig", previousKubeconfig);
  }

  private Object review(RecordedRequest request) {
    SelfSubjectAccessReview review = client.getKubernetesSerialization()
        .unmarshal(request.getBody().readUtf8(), SelfSubjectAccessReview.class);
    boolean nodes = "nodes".equals(review.getSpec().getResourceAttributes().getResource());
    review.setStatus(new SubjectAccessReviewStatusBuilder().withAllowed(!(nodes && denyNodes))
        .withReason(nodes && denyNodes ? "RBAC: nodes is forbidden" : "").build());
    return review;
  }

  boolean denyNodes;

  private void seed(Path file) throws Exception {
    KubernetesResource resource = client.getKubernetesSerialization().unmarshal(Files.newInputStream(file));
    List<HasMetadata> objects = new ArrayList<>();
    if (resource instanceof KubernetesResourceList<?> list) {
      for (Object item : list.getItems()) objects.add((HasMetadata) item);
    } else {
      objects.add((HasMetadata) resource);
    }
    for (HasMetadata o : objects) client.resource(o).create();
  }

  private int run(String... args) {
    return GpuDoctor.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void diagnoseLiveFindsTheIncidentInTheCurrentContext() {
    assertThat(run("diagnose", "--live", "-n", "ml-serving", "--pod", POD, "-o", "json")).isZero();
    assertThat(out.toString()).contains("\"UntoleratedGpuTaint\"").contains("\"kubeContext\": \"aks-inference-prod\"");
    assertThat(err.toString()).contains("gpu-doctor: not-run: kubectl --context aks-inference-prod get workspaces.kaito.sh -n ml-serving -o json (not installed)");
  }

  @Test
  void collectWritesAFolderThatDiagnoseReadsBack() throws Exception {
    Path evidence = dir.resolve("evidence");
    assertThat(run("collect", "--context", "aks-inference-prod", "-n", "ml-serving", "--pod", POD, "--out", evidence.toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).startsWith("wrote " + evidence + ": 6 of 10 reads ran, 0 values redacted");
    assertThat(evidence.resolve("pods.json")).exists();
    assertThat(evidence.resolve("reads.json")).exists();
    assertThat(Files.readString(evidence.resolve("target.yaml"))).contains("resource: \"pod/" + POD + "\"");
    out.getBuffer().setLength(0);
    assertThat(run("diagnose", evidence.toString(), "-o", "json")).isZero();
    assertThat(out.toString()).contains("\"UntoleratedGpuTaint\"");
  }

  @Test
  void aDeniedReadIsReportedAndTheRestIsDiagnosed() {
    denyNodes = true;
    assertThat(run("diagnose", "--live", "-n", "ml-serving", "--pod", POD)).isZero();
    assertThat(err.toString()).contains("gpu-doctor: denied: kubectl --context aks-inference-prod get nodes -o json (RBAC: nodes is forbidden)");
  }

  @Test
  void collectSinceTwoHoursBindsTheIncidentWindowToTheCapture() throws Exception {
    Path evidence = dir.resolve("evidence");
    assertThat(run("collect", "-n", "ml-serving", "--pod", POD, "--since", "2h", "--max-concurrency", "1",
        "--out", evidence.toString())).as(err.toString()).isZero();
    String target = Files.readString(evidence.resolve("target.yaml"));
    String captured = target.replaceAll("(?s).*capturedAt: \"([^\"]+)\".*", "$1");
    assertThat(target).contains("incident:\n  start: \"" + java.time.Instant.parse(captured).minusSeconds(7200) + "\"\n  end: \""
        + captured + "\"\n");
  }

  @Test
  void aWindowOptionThatIsNotADurationIsAUsageError() {
    assertThat(run("collect", "-n", "ml-serving", "--pod", POD, "--since", "2 hours", "--out", dir.resolve("e").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).isEqualTo("gpu-doctor: not a duration: '2 hours' (e.g. 30m, 2h, 1d)\n");
    assertThat(dir.resolve("e")).doesNotExist();
  }

  @Test
  void liveWithAnEvidenceFolderIsAUsageError() {
    assertThat(run("diagnose", "--live", "-n", "ml-serving", "--pod", POD, INCIDENT.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).isEqualTo("gpu-doctor: --live reads the cluster: give no evidence folder\n");
  }
}
