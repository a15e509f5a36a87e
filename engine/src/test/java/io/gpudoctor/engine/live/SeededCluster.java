package io.gpudoctor.engine.live;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SubjectAccessReviewStatusBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * An example incident's evidence put back into fabric8's mock API server (CRUD mode), as the
 * cluster it was captured from: its Kubernetes objects are created, its custom resources after
 * their CRDs, its container logs and DCGM scrapes answered on the paths the live reads use, and
 * its {@code az} outputs served by a fake {@code az}. Access reviews answer from {@link #denied}.
 */
final class SeededCluster {
  static final String SSAR_PATH = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews";
  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  final KubernetesMockServer server;
  final KubernetesClient client;
  /** "verb resource[/subresource]" pairs the access review refuses. */
  final Set<String> denied = new HashSet<>();

  SeededCluster(KubernetesMockServer server, KubernetesClient client) {
    this.server = server;
    this.client = client;
    server.expect().post().withPath(SSAR_PATH).andReply(201, this::review).always();
  }

  private Object review(RecordedRequest request) {
    SelfSubjectAccessReview review = client.getKubernetesSerialization()
        .unmarshal(request.getBody().readUtf8(), SelfSubjectAccessReview.class);
    var a = review.getSpec().getResourceAttributes();
    String resource = a.getResource() + (a.getSubresource() == null || a.getSubresource().isEmpty() ? "" : "/" + a.getSubresource());
    boolean refused = denied.contains(a.getVerb() + " " + resource);
    review.setStatus(new SubjectAccessReviewStatusBuilder().withAllowed(!refused)
        .withReason(refused ? "RBAC: user \"sre\" cannot " + a.getVerb() + " resource \"" + resource + "\"" : "").build());
    return review;
  }

  /** The target.yaml of the incident, as the live target it was captured for. */
  static LiveTarget target(Path incident) throws Exception {
    JsonNode t = YAML.readTree(Files.readString(incident.resolve("target.yaml")));
    String[] resource = t.path("resource").asString("pool/" + t.path("pool").asString()).split("/", 2);
    return new LiveTarget(t.path("kubeContext").asString(null), t.path("namespace").asString(),
        LiveTarget.Kind.valueOf(resource[0].toUpperCase(java.util.Locale.ROOT)), resource[1],
        t.path("subscription").asString(null), t.path("resourceGroup").asString(null), t.path("cluster").asString(null));
  }

  static java.time.Instant capturedAt(Path incident) throws Exception {
    return java.time.Instant.parse(YAML.readTree(Files.readString(incident.resolve("target.yaml"))).path("capturedAt").asString());
  }

  /** Creates every Kubernetes object of the incident's JSON/YAML files; answers its logs and scrapes. */
  void seed(Path incident) throws Exception {
    List<HasMetadata> objects = new ArrayList<>();
    try (Stream<Path> files = Files.walk(incident)) {
      for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
        String name = file.getFileName().toString();
        if (name.equals("target.yaml") || name.equals("expected.yaml")) continue;
        if (name.endsWith(".json") || name.endsWith(".yaml")) objects.addAll(kubeObjects(file));
        if (name.endsWith(".log")) answerLog(incident, incident.relativize(file));
      }
    }
    for (HasMetadata o : objects) {
      create(o);
      if (o instanceof io.fabric8.kubernetes.api.model.Node node) answerManagedExporter(incident, node);
    }
  }

  /**
   * The AKS-managed exporter of a labelled node answers the node proxy with the incident's scrape of
   * that node; without one, as a node whose exporter is down does: the proxy cannot connect.
   */
  private void answerManagedExporter(Path incident, io.fabric8.kubernetes.api.model.Node node) throws Exception {
    var labels = node.getMetadata().getLabels();
    if (labels == null || !"enabled".equals(labels.get(FollowUpReads.MANAGED_EXPORTER_LABEL))) return;
    String name = node.getMetadata().getName();
    String path = "/api/v1/nodes/" + name + ":" + FollowUpReads.MANAGED_EXPORTER_PORT + "/proxy/metrics";
    Path scrape = incident.resolve("dcgm-" + name + ".prom");
    if (Files.exists(scrape)) {
      answerText(path, Files.readString(scrape));
    } else {
      server.expect().get().withPath(path).andReturn(503, "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\","
          + "\"message\":\"error trying to reach service: dial tcp 10.224.0.4:19400: connect: connection refused\","
          + "\"reason\":\"ServiceUnavailable\",\"code\":503}").always();
    }
  }

  private List<HasMetadata> kubeObjects(Path file) throws Exception {
    JsonNode tree = YAML.readTree(Files.readString(file)); // YAML reads JSON too
    if (tree == null || !tree.has("apiVersion") || !tree.has("kind")) return List.of(); // az output, Prometheus answers
    KubernetesResource resource = client.getKubernetesSerialization().unmarshal(Files.newInputStream(file));
    List<HasMetadata> objects = new ArrayList<>();
    if (resource instanceof KubernetesResourceList<?> list) {
      for (Object item : list.getItems()) objects.add((HasMetadata) item);
    } else if (resource instanceof HasMetadata o) {
      objects.add(o);
    }
    return objects;
  }

  /** The same object in two files (pod.json and pods.json) is one object of the cluster. */
  void create(HasMetadata o) {
    o.getMetadata().setResourceVersion(null);
    try {
      if (o instanceof GenericKubernetesResource generic) {
        ensureCrd(generic);
        client.genericKubernetesResources(generic.getApiVersion(), generic.getKind()).resource(generic).create();
      } else {
        client.resource(o).create();
      }
    } catch (io.fabric8.kubernetes.client.KubernetesClientException e) {
      if (e.getCode() != 409) throw e;
    }
  }

  private final Set<String> crds = new HashSet<>();

  private void ensureCrd(GenericKubernetesResource r) {
    String group = r.getApiVersion().substring(0, r.getApiVersion().indexOf('/'));
    String version = r.getApiVersion().substring(r.getApiVersion().indexOf('/') + 1);
    String plural = r.getKind().toLowerCase(java.util.Locale.ROOT) + "s";
    if (!crds.add(plural + "." + group)) return;
    client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
        .withNewMetadata().withName(plural + "." + group).endMetadata()
        .withNewSpec().withGroup(group).withScope(r.getMetadata().getNamespace() == null ? "Cluster" : "Namespaced")
        .withNewNames().withKind(r.getKind()).withPlural(plural).withSingular(r.getKind().toLowerCase(java.util.Locale.ROOT)).endNames()
        .addNewVersion().withName(version).withServed(true).withStorage(true).endVersion()
        .endSpec().build()).create();
  }

  /** {@code logs/<ns>/<pod>/<container>[.previous].log}: answered where the live read asks for it. */
  private void answerLog(Path incident, Path relative) throws Exception {
    if (relative.getNameCount() != 4 || !relative.getName(0).toString().equals("logs")) return;
    String ns = relative.getName(1).toString();
    String pod = relative.getName(2).toString();
    String file = relative.getName(3).toString();
    boolean previous = file.endsWith(".previous.log");
    String container = file.substring(0, file.length() - (previous ? ".previous.log" : ".log").length());
    answerText(logPath(ns, pod, container, previous), Files.readString(incident.resolve(relative)));
    // The folder kept only the crashed run's log: the restarted container has written nothing yet.
    if (previous && !Files.exists(incident.resolve(relative).resolveSibling(container + ".log"))) {
      answerText(logPath(ns, pod, container, false), "");
    }
  }

  static String logPath(String ns, String pod, String container, boolean previous) {
    return "/api/v1/namespaces/" + ns + "/pods/" + pod + "/log?container=" + container + (previous ? "&previous=true" : "")
        + "&timestamps=true&tailLines=" + ReadWindow.DEFAULT_LOG_LINES;
  }

  /** "METHOD path" of every request the mock received since the last call. */
  List<String> requests() throws InterruptedException {
    List<String> requests = new ArrayList<>();
    RecordedRequest r;
    while ((r = server.takeRequest(10, java.util.concurrent.TimeUnit.MILLISECONDS)) != null) {
      requests.add(r.getMethod() + " " + r.getPath());
    }
    return requests;
  }

  void answerText(String path, String body) {
    server.expect().get().withPath(path).andReturn(200, body).always();
  }

  /** A fake {@code az} that answers the incident's az outputs (nodepool show objects become the list). */
  static AzCli fakeAz(Path incident, Path dir) throws Exception {
    Path az = dir.resolve("fake-az");
    Path nodepool = incident.resolve("nodepool.json").toAbsolutePath();
    Files.writeString(az, "#!/usr/bin/env bash\necho \"$*\" >> '" + dir.resolve("az-calls.log") + "'\ncase \"$*\" in\n"
        + "  \"account show \"*) echo '{\"id\": \"sub\"}';;\n"
        + (Files.exists(nodepool) ? "  \"aks nodepool list \"*) echo '['; cat '" + nodepool + "'; echo ']';;\n" : "")
        + "  *) echo \"ERROR: (ResourceNotFound) The Resource was not found.\" >&2; exit 1;;\nesac\n");
    Files.setPosixFilePermissions(az, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new AzCli(az.toString(), Duration.ofSeconds(20));
  }
}
