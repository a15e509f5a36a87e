package io.gpudoctor.engine.live;

import io.gpudoctor.engine.live.PlannedRead.AzCall;
import io.gpudoctor.engine.live.PlannedRead.KubeGet;
import io.gpudoctor.facts.ReadStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the read catalogue against a cluster (and Azure) and writes the evidence folder that
 * {@code diagnose DIR} reads: one file per read that ran, {@code reads.json} with every read and
 * its status, and {@code target.yaml}. Every Kubernetes read is first put to a
 * SelfSubjectAccessReview; a denied one is recorded as {@code denied} with the authorizer's reason
 * and never attempted, and the rest go on.
 */
public final class LiveCollector {
  static final String CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/";
  private static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

  private final KubeReader kube;
  private final AzCli az;
  private final Clock clock;
  private final boolean redact;

  /** {@code az} may be null: the Azure reads are then not run. */
  public LiveCollector(KubeReader kube, AzCli az, Clock clock, boolean redact) {
    this.kube = kube;
    this.az = az;
    this.clock = clock;
    this.redact = redact;
  }

  public Collection collect(LiveTarget target, Path out) throws IOException {
    Files.createDirectories(out);
    Instant capturedAt = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    SecretRedactor redactor = new SecretRedactor();
    List<CollectedRead> reads = new ArrayList<>();
    String region = null;
    String azureUnavailable = null;
    for (PlannedRead read : ReadCatalogue.forTarget(target)) {
      long started = System.nanoTime();
      Outcome outcome;
      if (read.source() instanceof KubeGet get) {
        outcome = kubeRead(get);
      } else {
        AzCall call = (AzCall) read.source();
        if (azureUnavailable != null) {
          outcome = Outcome.notRun(azureUnavailable);
        } else if (call.needsRegion() && region == null) {
          outcome = Outcome.notRun("region unknown: az aks show did not run");
        } else {
          outcome = azRead(call, region);
          if (read.file() == null && outcome.status != ReadStatus.RAN) {
            azureUnavailable = outcome.status == ReadStatus.NOT_RUN ? outcome.error : "az account show failed: " + outcome.error;
          }
          if ("aks.json".equals(read.file()) && outcome.body != null) region = location(outcome.body);
        }
      }
      long millis = (System.nanoTime() - started) / 1_000_000;
      String command = read.command().replace("<region>", region == null ? "<region>" : region);
      if (outcome.status == ReadStatus.RAN && read.file() != null) {
        Files.write(out.resolve(read.file()), redact ? redacted(outcome.body, redactor) : outcome.body);
      }
      reads.add(new CollectedRead(read.topic(), command, outcome.status, millis, outcome.error,
          outcome.status == ReadStatus.RAN ? read.file() : null));
    }
    Files.writeString(out.resolve("reads.json"), readsJson(reads));
    Files.writeString(out.resolve("target.yaml"), targetYaml(target, kube.server(), region, capturedAt));
    return new Collection(reads, redactor.count(), kube.server());
  }

  private record Outcome(ReadStatus status, byte[] body, String error) {
    static Outcome notRun(String why) {
      return new Outcome(ReadStatus.NOT_RUN, null, why);
    }
  }

  private Outcome kubeRead(KubeGet get) {
    String servedVersion = null;
    if (get.crd() != null) {
      KubeReader.Access crdAccess = kube.canI("get", "apiextensions.k8s.io", "customresourcedefinitions", null, get.crd());
      if (!crdAccess.allowed()) return denied(crdAccess, "get", "customresourcedefinitions", get.crd());
      KubeReader.Response crd = kube.get(CRD_PATH + get.crd());
      if (crd.code() == 404) return Outcome.notRun("not installed");
      if (!crd.ok()) return new Outcome(ReadStatus.FAILED, null, crd.error());
      servedVersion = storageVersion(crd.body(), get.version());
    }
    KubeReader.Access access = kube.canI(get.verb(), get.group(), get.resource(), get.namespace(), get.name());
    if (!access.allowed()) return denied(access, get.verb(), get.resource(), get.name());
    String path = get.path(servedVersion);
    KubeReader.Response response = get.isList() ? kube.list(path) : kube.get(path);
    if (!response.ok()) {
      return new Outcome(response.code() == 403 ? ReadStatus.DENIED : ReadStatus.FAILED, null, response.error());
    }
    return new Outcome(ReadStatus.RAN, response.body(), "");
  }

  private static Outcome denied(KubeReader.Access access, String verb, String resource, String name) {
    String reason = access.reason().isBlank()
        ? "the access review did not allow " + verb + " " + resource + (name == null ? "" : " " + name)
        : access.reason();
    return new Outcome(ReadStatus.DENIED, null, reason);
  }

  private Outcome azRead(AzCall call, String region) {
    if (az == null) return Outcome.notRun("az not installed");
    List<String> args = new ArrayList<>(call.args());
    if (call.needsRegion()) {
      args.add("--location");
      args.add(region);
    }
    AzCli.Result result = az.run(args);
    if (!result.installed()) return Outcome.notRun("az not installed");
    if (!result.ok()) return new Outcome(ReadStatus.FAILED, null, result.error());
    return new Outcome(ReadStatus.RAN, result.stdout().getBytes(StandardCharsets.UTF_8), "");
  }

  /** The version the API server stores (and serves) the custom resource in; the catalogue's when unsure. */
  private static String storageVersion(byte[] crd, String fallback) {
    try {
      for (JsonNode v : JSON.readTree(crd).path("spec").path("versions")) {
        if (v.path("storage").asBoolean(false) && v.path("served").asBoolean(true)) return v.path("name").asString();
      }
    } catch (RuntimeException e) {
      // an unreadable CRD: try the catalogue's version
    }
    return fallback;
  }

  private static String location(byte[] aks) {
    try {
      JsonNode location = JSON.readTree(aks).path("location");
      return location.isString() && !location.asString().isBlank() ? location.asString() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static byte[] redacted(byte[] body, SecretRedactor redactor) {
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

  static String targetYaml(LiveTarget t, String server, String region, Instant capturedAt) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("subscription", t.subscription());
    fields.put("resourceGroup", t.resourceGroup());
    fields.put("cluster", t.cluster());
    fields.put("kubeContext", t.context());
    fields.put("server", server);
    fields.put("region", region);
    if (t.kind() == LiveTarget.Kind.POOL) fields.put("pool", t.name());
    fields.put("namespace", t.namespace());
    if (t.kind() != LiveTarget.Kind.POOL) fields.put("resource", t.kind().label() + "/" + t.name());
    fields.put("capturedAt", capturedAt.toString());
    StringBuilder s = new StringBuilder();
    fields.forEach((k, v) -> {
      if (v != null) s.append(k).append(": \"").append(v).append("\"\n");
    });
    return s.toString();
  }
}
