package io.gpudoctor.engine.live;

import io.gpudoctor.engine.collect.FetchedEvidence;
import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.live.PlannedRead.AzCall;
import io.gpudoctor.engine.live.PlannedRead.KubeGet;
import io.gpudoctor.engine.live.PlannedRead.KubeText;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Topics;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the read catalogue against a cluster (and Azure) and writes the evidence folder that
 * {@code diagnose DIR} reads: one file per read that ran, {@code reads.json} with every read and
 * its status, and {@code target.yaml}. Every Kubernetes read is first put to a
 * SelfSubjectAccessReview; a denied one is recorded as {@code denied} with the authorizer's reason
 * and never attempted, and the rest go on. Reads run {@code maxConcurrency} at a time; the files
 * and {@code reads.json} are written afterwards in catalogue order, so the folder does not depend
 * on which read answered first.
 */
public final class LiveCollector {
  static final String CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final KubeReader kube;
  private final AzCli az;
  private final Clock clock;
  private final Options options;

  /**
   * How a collection runs: the window and log cap, the reads in flight at once, secret redaction,
   * who hears of slow reads, and the Prometheus to query for the DCGM series (null: none).
   */
  public record Options(ReadWindow window, int maxConcurrency, boolean redact, ReadProgress progress,
      PrometheusCollector prometheus) {
    public Options {
      if (maxConcurrency < 1) throw new IllegalArgumentException("--max-concurrency must be at least 1");
    }

    public static Options defaults(boolean redact) {
      return new Options(ReadWindow.unbounded(), 4, redact, ReadProgress.NONE, null);
    }
  }

  /** {@code az} may be null: the Azure reads are then not run. */
  public LiveCollector(KubeReader kube, AzCli az, Clock clock, Options options) {
    this.kube = kube;
    this.az = az;
    this.clock = clock;
    this.options = options;
  }

  public LiveCollector(KubeReader kube, AzCli az, Clock clock, boolean redact) {
    this(kube, az, clock, Options.defaults(redact));
  }

  public Collection collect(LiveTarget target, Path out) throws IOException {
    Files.createDirectories(out);
    Instant capturedAt = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    List<PlannedRead> planned = ReadCatalogue.forTarget(target);
    AtomicInteger known = new AtomicInteger(planned.size());
    Map<PlannedRead, Outcome> outcomes = new LinkedHashMap<>();
    String region;
    String pool;
    ExecutorService readers = Executors.newFixedThreadPool(options.maxConcurrency(), r -> {
      Thread t = new Thread(r, "gpu-doctor-read");
      t.setDaemon(true);
      return t;
    });
    try {
      Map<PlannedRead, CompletableFuture<Outcome>> kubeReads = new LinkedHashMap<>();
      for (PlannedRead read : planned) {
        if (read.isKube()) kubeReads.put(read, CompletableFuture.supplyAsync(() -> timed(read, known, () -> kubeRead(read)), readers));
      }
      // The az reads chain (account -> cluster -> its region -> regional reads): one task, in order.
      CompletableFuture<AzureOutcomes> azure = CompletableFuture.supplyAsync(() -> azureReads(planned, known), readers);
      kubeReads.forEach((read, f) -> outcomes.put(read, f.join()));
      AzureOutcomes azureDone = azure.join();
      outcomes.putAll(azureDone.outcomes);
      region = azureDone.region;

      FollowUpReads.Plan followUps = FollowUpReads.of(target, options.window(), body(outcomes, Topics.PODS, "pods.json"),
          body(outcomes, Topics.NODES, "nodes.json"), body(outcomes, Topics.DAEMONSETS, "daemonsets.json"));
      known.addAndGet(followUps.reads().size());
      pool = followUps.pool();
      Map<PlannedRead, CompletableFuture<Outcome>> second = new LinkedHashMap<>();
      for (PlannedRead read : followUps.reads()) {
        second.put(read, CompletableFuture.supplyAsync(() -> timed(read, known, () -> kubeRead(read)), readers));
      }
      second.forEach((read, f) -> outcomes.put(read, f.join()));
      for (FollowUpReads.Skipped s : followUps.skipped()) {
        outcomes.put(new PlannedRead("observability", s.topic(), null, s.command(), null), Outcome.notRun(s.why(), 0));
      }
    } finally {
      readers.shutdownNow();
    }

    selectSkus(outcomes);
    CollectedFolder folder = new CollectedFolder(out, options.redact());
    List<CollectedRead> reads = new ArrayList<>();
    for (Map.Entry<PlannedRead, Outcome> e : outcomes.entrySet()) {
      PlannedRead read = e.getKey();
      Outcome outcome = e.getValue();
      String command = read.command().replace("<region>", region == null ? "<region>" : region);
      // An empty log is a read that ran and found nothing; there is no file to write for it.
      boolean saved = outcome.status == ReadStatus.RAN && read.file() != null && outcome.body.length > 0;
      if (saved) folder.write(read.file(), read.source() instanceof KubeText, outcome.body);
      reads.add(new CollectedRead(read.topic(), command, outcome.status, outcome.millis, outcome.error, saved ? read.file() : null));
    }
    Instant incidentStart = options.window().startAt(capturedAt);
    Instant incidentEnd = options.window().endAt(capturedAt);
    if (options.prometheus() != null) {
      reads.addAll(prometheus(folder, incidentStart != null ? incidentStart : capturedAt.minus(PrometheusCollector.DEFAULT_LOOKBACK),
          incidentEnd != null ? incidentEnd : capturedAt));
    }
    folder.writeReads(reads);
    folder.writeTarget(CollectedFolder.targetYaml(target, kube.server(), region, pool, capturedAt, incidentStart, incidentEnd));
    return new Collection(reads, folder.redactions(), kube.server());
  }

  private List<CollectedRead> prometheus(CollectedFolder folder, Instant start, Instant end) throws IOException {
    long started = System.nanoTime();
    FetchedEvidence fetched = options.prometheus().fetch(start, end, PrometheusCollector.DEFAULT_STEP);
    long millis = (System.nanoTime() - started) / 1_000_000;
    List<CollectedRead> reads = new ArrayList<>();
    int i = 0;
    for (FetchedEvidence.Answer answer : fetched.answers()) {
      String file = "prometheus/query_range-" + (++i) + ".json";
      folder.write(file, false, answer.body());
      reads.add(new CollectedRead(Topics.METRICS, answer.source(), ReadStatus.RAN, millis, "", file));
    }
    for (Read failed : fetched.reads()) {
      reads.add(new CollectedRead(failed.topic(), failed.command(), failed.status(), millis, failed.error(), null));
    }
    return reads;
  }

  private record Outcome(ReadStatus status, byte[] body, String error, long millis) {
    static Outcome notRun(String why, long millis) {
      return new Outcome(ReadStatus.NOT_RUN, null, why, millis);
    }

    Outcome took(long ms) {
      return new Outcome(status, body, error, ms);
    }
  }

  private record AzureOutcomes(Map<PlannedRead, Outcome> outcomes, String region) {}

  private Outcome timed(PlannedRead read, AtomicInteger known, java.util.function.Supplier<Outcome> run) {
    options.progress().started(read.command(), known.get());
    long started = System.nanoTime();
    try {
      return run.get().took((System.nanoTime() - started) / 1_000_000);
    } finally {
      options.progress().finished(read.command());
    }
  }

  private AzureOutcomes azureReads(List<PlannedRead> planned, AtomicInteger known) {
    Map<PlannedRead, Outcome> outcomes = new LinkedHashMap<>();
    String region = null;
    String azureUnavailable = null;
    for (PlannedRead read : planned) {
      if (!(read.source() instanceof AzCall call)) continue;
      Outcome outcome;
      if (azureUnavailable != null) {
        outcome = Outcome.notRun(azureUnavailable, 0);
      } else if (call.needsRegion() && region == null) {
        outcome = Outcome.notRun("region unknown: az aks show did not run", 0);
      } else {
        String r = region;
        outcome = timed(read, known, () -> azRead(call, r));
        if (read.file() == null && outcome.status != ReadStatus.RAN) {
          azureUnavailable = outcome.status == ReadStatus.NOT_RUN ? outcome.error : "az account show failed: " + outcome.error;
        }
        if ("aks.json".equals(read.file()) && outcome.body != null) region = location(outcome.body);
      }
      outcomes.put(read, outcome);
    }
    return new AzureOutcomes(outcomes, region);
  }

  private Outcome kubeRead(PlannedRead read) {
    if (read.source() instanceof KubeText text) {
      KubeReader.Access access = kube.canI(text.verb(), "", text.resource(), text.subresource(), text.namespace(), text.name());
      if (!access.allowed()) return denied(access, text.verb(), text.resource() + "/" + text.subresource(), text.name());
      return answer(kube.text(text.path()));
    }
    KubeGet get = (KubeGet) read.source();
    String servedVersion = null;
    if (get.crd() != null) {
      KubeReader.Access crdAccess = kube.canI("get", "apiextensions.k8s.io", "customresourcedefinitions", null, null, get.crd());
      if (!crdAccess.allowed()) return denied(crdAccess, "get", "customresourcedefinitions", get.crd());
      KubeReader.Response crd = kube.get(CRD_PATH + get.crd());
      if (crd.code() == 404) return Outcome.notRun("not installed", 0);
      if (!crd.ok()) return new Outcome(ReadStatus.FAILED, null, crd.error(), 0);
      servedVersion = storageVersion(crd.body(), get.version());
    }
    KubeReader.Access access = kube.canI(get.verb(), get.group(), get.resource(), null, get.namespace(), get.name());
    if (!access.allowed()) return denied(access, get.verb(), get.resource(), get.name());
    String path = get.path(servedVersion);
    return answer(get.isList() ? kube.list(path) : kube.get(path));
  }

  private static Outcome answer(KubeReader.Response response) {
    if (!response.ok()) {
      return new Outcome(response.code() == 403 ? ReadStatus.DENIED : ReadStatus.FAILED, null, response.error(), 0);
    }
    return new Outcome(ReadStatus.RAN, response.body(), "", 0);
  }

  private static Outcome denied(KubeReader.Access access, String verb, String resource, String name) {
    String reason = access.reason().isBlank()
        ? "the access review did not allow " + verb + " " + resource + (name == null ? "" : " " + name)
        : access.reason();
    return new Outcome(ReadStatus.DENIED, null, reason, 0);
  }

  private Outcome azRead(AzCall call, String region) {
    if (az == null) return Outcome.notRun("az not installed", 0);
    List<String> args = new ArrayList<>(call.args());
    if (call.needsRegion()) {
      args.add("--location");
      args.add(region);
    }
    AzCli.Result result = az.run(args);
    if (!result.installed()) return Outcome.notRun("az not installed", 0);
    if (!result.ok()) return new Outcome(ReadStatus.FAILED, null, result.error(), 0);
    return new Outcome(ReadStatus.RAN, result.stdout().getBytes(StandardCharsets.UTF_8), "", 0);
  }

  private static void selectSkus(Map<PlannedRead, Outcome> outcomes) {
    var wanted = SkuSelection.wanted(body(outcomes, Topics.NODEPOOLS, "nodepools.json"),
        body(outcomes, Topics.WORKSPACES, "workspaces.json"), body(outcomes, Topics.NODECLAIMS, "nodeclaims.json"));
    for (Map.Entry<PlannedRead, Outcome> e : outcomes.entrySet()) {
      Outcome o = e.getValue();
      if (Topics.SKUS.equals(e.getKey().topic()) && o.body != null) {
        e.setValue(new Outcome(o.status, SkuSelection.keep(o.body, wanted), o.error, o.millis));
      }
    }
  }

  /** The parsed List a first read returned, for the follow-up reads; null when it did not run. */
  private static JsonNode body(Map<PlannedRead, Outcome> outcomes, String topic, String file) {
    for (Map.Entry<PlannedRead, Outcome> e : outcomes.entrySet()) {
      if (!topic.equals(e.getKey().topic()) || !file.equals(e.getKey().file()) || e.getValue().body == null) continue;
      try {
        return JSON.readTree(e.getValue().body);
      } catch (RuntimeException unreadable) {
        return null;
      }
    }
    return null;
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
}
