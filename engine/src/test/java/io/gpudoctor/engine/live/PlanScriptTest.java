package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Target;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanScriptTest {
  static final Path INCIDENT = IncidentRules.INCIDENTS.resolve("2026-02-sku-taint-not-tolerated");
  static final LiveTarget TARGET = new LiveTarget("aks-inference-prod", "ml-serving", LiveTarget.Kind.POD,
      "vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p", "8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35", "rg-inference-prod", "aks-inference-prod");

  static final Set<String> KUBECTL_READ_VERBS = Set.of("get", "describe", "logs");
  static final Set<String> AZ_READ_VERBS = Set.of("show", "list", "list-usage", "list-skus", "show-latest");
  static final List<String> MUTATING = List.of("apply", "create", "delete", "patch", "edit", "scale", "cordon", "drain",
      "taint", "label", "annotate", "exec", "cp", "port-forward", "update", "start", "stop", "replace", "rollout");

  private static final Pattern KUBECTL = Pattern.compile("\\bkubectl((?: --context \\S+)?) (\\S+)");
  private static final Pattern AZ = Pattern.compile("\\baz ((?:[a-z-]+ )*?[a-z-]+)(?= --| -o|$)");

  @Test
  void everyCommandOfThePlanIsAReadAndTheScriptIsValidBash(@TempDir Path dir) throws Exception {
    String script = PlanScript.render(TARGET);
    Path file = dir.resolve("plan.sh");
    Files.writeString(file, script);
    assertThat(run(dir, List.of("bash", "-n", file.toString())).exit).isZero();

    List<String> kubectlVerbs = new ArrayList<>();
    List<String> azCommands = new ArrayList<>();
    for (String line : script.split("\n")) {
      if (line.startsWith("#")) continue;
      Matcher k = KUBECTL.matcher(line);
      while (k.find()) kubectlVerbs.add(k.group(2));
      Matcher a = AZ.matcher(line);
      while (a.find()) azCommands.add(a.group(1));
      for (String word : line.split("[\\s'\"(){};|&>]+")) {
        assertThat(MUTATING).as("a mutating word in: %s", line).doesNotContain(word);
      }
    }
    assertThat(kubectlVerbs).isNotEmpty().allSatisfy(v -> assertThat(KUBECTL_READ_VERBS).contains(v));
    assertThat(azCommands).contains("account show", "aks show", "aks nodepool list", "vm list-usage", "vm list-skus")
        .allSatisfy(c -> assertThat(AZ_READ_VERBS).contains(c.substring(c.lastIndexOf(' ') + 1)));
  }

  @Test
  void aFolderCollectedByThePlanIsBoundToTheTargetAndDiagnosedLikeTheIncident(@TempDir Path dir) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    fake(bin.resolve("kubectl"), """
        case "$*" in
          *"get crd "*) echo 'Error from server (NotFound): customresourcedefinitions.apiextensions.k8s.io not found' >&2; exit 1;;
          *"get pods -A -o json") cat "$FIX/pod.json";;
          *"get events -n ml-serving -o json") cat "$FIX/events.json";;
          *"get nodes -o json") cat "$FIX/nodes.json";;
          *) echo 'Error from server (Forbidden): forbidden' >&2; exit 1;;
        esac
        """);
    fake(bin.resolve("az"), """
        case "$*" in
          "account show "*) echo '{}';;
          "aks show "*"--query location -o tsv") echo eastus;;
          "aks nodepool list "*) echo '['; cat "$FIX/nodepool.json"; echo ']';;
          *) echo "ERROR: (ResourceNotFound) not found" >&2; exit 1;;
        esac
        """);
    Path plan = dir.resolve("plan.sh");
    Files.writeString(plan, PlanScript.render(TARGET));
    Path out = dir.resolve("evidence");
    Result r = run(dir, List.of("bash", plan.toString(), out.toString()), bin);
    assertThat(r.exit).as(r.err).isZero();

    List<String> calls = Files.readAllLines(dir.resolve("calls.log"));
    assertThat(calls).allSatisfy(c -> assertThat(c).matches("kubectl --context aks-inference-prod (get) .*|az (account show|aks show|aks nodepool list|aks operation show-latest|vm list-usage|vm list-skus) .*"));

    EvidenceBundle bundle = new EvidenceFolderReader().read(out);
    Target t = bundle.target();
    assertThat(t.kubeContext()).isEqualTo("aks-inference-prod");
    assertThat(t.namespace()).isEqualTo("ml-serving");
    assertThat(t.resourceKind()).isEqualTo("pod");
    assertThat(t.resourceName()).isEqualTo("vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p");
    assertThat(t.subscription()).isEqualTo("8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35");
    assertThat(t.resourceGroup()).isEqualTo("rg-inference-prod");
    assertThat(t.cluster()).isEqualTo("aks-inference-prod");
    assertThat(t.region()).isEqualTo("eastus");
    assertThat(t.capturedAt()).isNotNull();
    assertThat(bundle.reads()).filteredOn(read -> read.status() == ReadStatus.NOT_RUN).extracting(Read::command)
        .contains("kubectl --context aks-inference-prod get workspaces.kaito.sh -n ml-serving -o json",
            "kubectl --context aks-inference-prod get daemonsets -A -o json",
            "az vm list-skus --subscription 8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35 --resource-type virtualMachines --all -o json --location <region>");
    assertThat(bundle.unreadable()).isEmpty();

    Diagnosis d = new Diagnoser(IncidentRules.ruleBase()).diagnose(bundle);
    assertThat(d.top().id()).isEqualTo("UntoleratedGpuTaint");
    assertThat(d.top().status()).isEqualTo(FindingStatus.CONFIRMED);
  }

  @Test
  void thePlanSavesTheCrashedContainersLogsAndTheManagedExporterScrapeWhereDiagnoseReadsThem(@TempDir Path dir) throws Exception {
    Path incident = IncidentRules.INCIDENTS.resolve("2026-07-cuda-oom-without-telemetry");
    String pod = "mistral-7b-6d9f7c8b5-x2kqp";
    String node = "aks-gpunp-41829376-vmss000000";
    Path bin = Files.createDirectories(dir.resolve("bin"));
    fake(bin.resolve("kubectl"), """
        case "$*" in
          *"get pod -n inference %1$s -o jsonpath={.spec.containers[*].name}") echo vllm;;
          *"get pod -n inference %1$s -o jsonpath={.status.containerStatuses[?(@.name=='vllm')].restartCount}") echo 4;;
          *"logs -n inference %1$s -c vllm --previous --timestamps --tail=500") cat "$FIX/logs/inference/%1$s/vllm.previous.log";;
          *"logs -n inference %1$s -c vllm --timestamps --tail=500") echo 'Error from server (BadRequest): container "vllm" in pod "%1$s" is waiting to start: CrashLoopBackOff' >&2; exit 1;;
          *"get pod -n inference %1$s -o jsonpath={.spec.nodeName}") echo %2$s;;
          *"get node %2$s -o jsonpath={.metadata.labels.kubernetes\\.azure\\.com/dcgm-exporter}") echo enabled;;
          *"get --raw /api/v1/nodes/%2$s:19400/proxy/metrics") printf '# TYPE DCGM_FI_DEV_FB_USED gauge\nDCGM_FI_DEV_FB_USED{gpu="0",UUID="GPU-5f1d7c2a-93b4-4e61-a8d2-0c7e9b3f6a14",Hostname="%2$s"} 14921\n';;
          *"get pods -A -o json") cat "$FIX/pods.json";;
          *"get nodes -o json") cat "$FIX/nodes.json";;
          *) echo 'Error from server (Forbidden): forbidden' >&2; exit 1;;
        esac
        """.formatted(pod, node));
    Path plan = dir.resolve("plan.sh");
    LiveTarget target = new LiveTarget("aks-llm-weu", "inference", LiveTarget.Kind.POD, pod, null, null, null);
    Files.writeString(plan, PlanScript.render(target, new ReadWindow(null, null, null, 500)));
    Path out = dir.resolve("evidence");
    Result r = run(dir, List.of("bash", plan.toString(), out.toString()), bin, incident);
    assertThat(r.exit).as(r.err).isZero();

    assertThat(out.resolve("logs/inference/" + pod + "/vllm.previous.log")).hasSameTextualContentAs(
        incident.resolve("logs/inference/" + pod + "/vllm.previous.log"));
    assertThat(out.resolve("logs/inference/" + pod + "/vllm.log")).doesNotExist();
    assertThat(Files.readString(out.resolve("metrics/dcgm-" + node + ".prom"))).contains("DCGM_FI_DEV_FB_USED{gpu=\"0\"");
    EvidenceBundle bundle = new EvidenceFolderReader().read(out);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).filteredOn(read -> read.status() == ReadStatus.NOT_RUN).extracting(Read::command)
        .contains("kubectl --context aks-llm-weu logs -n inference " + pod + " -c vllm --timestamps --tail=500");
    Diagnosis d = new Diagnoser(IncidentRules.ruleBase()).diagnose(bundle);
    assertThat(d.findings()).extracting(f -> f.id()).contains("GpuMemoryExhausted");
  }

  @Test
  void aPlanForTheLastTwoHoursWritesThatIncidentWindowEndingAtTheCapture(@TempDir Path dir) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    fake(bin.resolve("kubectl"), "echo 'Error from server (Forbidden): forbidden' >&2; exit 1\n");
    Path plan = dir.resolve("plan.sh");
    Files.writeString(plan, PlanScript.render(new LiveTarget("aks-llm-weu", "inference", LiveTarget.Kind.POD,
        "mistral-7b-6d9f7c8b5-x2kqp", null, null, null), new ReadWindow(java.time.Duration.ofHours(2), null, null, 2000)));
    Path out = dir.resolve("evidence");
    Result r = run(dir, List.of("bash", plan.toString(), out.toString()), bin);
    assertThat(r.exit).as(r.err).isZero();

    Target t = new EvidenceFolderReader().read(out).target();
    assertThat(t.incidentEnd()).isEqualTo(t.capturedAt());
    assertThat(java.time.Duration.between(t.incidentStart(), t.capturedAt())).isEqualTo(java.time.Duration.ofHours(2));
  }

  private static void fake(Path file, String body) throws Exception {
    Files.writeString(file, "#!/usr/bin/env bash\necho \"" + file.getFileName() + " $*\" >> \"$LOG\"\n" + body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  record Result(int exit, String err) {}

  private static Result run(Path dir, List<String> command) throws Exception {
    return run(dir, command, null);
  }

  private static Result run(Path dir, List<String> command, Path bin) throws Exception {
    return run(dir, command, bin, INCIDENT);
  }

  private static Result run(Path dir, List<String> command, Path bin, Path fixtures) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    if (bin != null) {
      pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
      pb.environment().put("LOG", dir.resolve("calls.log").toString());
      pb.environment().put("FIX", fixtures.toAbsolutePath().toString());
    }
    Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Result(p.exitValue(), err);
  }
}
