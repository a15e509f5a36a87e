package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.NodePool;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the device-memory findings ask for and say, beyond the labels of their fixtures. */
class ObservabilityRulesTest {
  private static final String POD = "inference/mistral-7b-6d9f7c8b5-x2kqp";

  private static Diagnosis diagnose(EvidenceBundle bundle) {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(bundle);
  }

  private static EvidenceBundle read(String fixture) throws Exception {
    return new EvidenceFolderReader().read(ModuleRules.fixturesDir().resolve(fixture));
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " absent"));
  }

  private static List<String> reads(ReportedFinding f) {
    return f.missingEvidence().stream().map(m -> m.read()).toList();
  }

  @Test
  void aCudaOomWithoutTelemetryOnAManagedPoolAsksForTheExporterOnPort19400AndManagedPrometheus() throws Exception {
    ReportedFinding f = finding(diagnose(read("GpuMemoryExhausted/fires-cuda-oom-without-telemetry-unconfirmed")), "GpuMemoryExhausted");
    assertThat(f.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(reads(f)).contains(
        "kubectl --context aks-llm-weu get --raw /api/v1/nodes/aks-gpunp-41829376-vmss000000:19400/proxy/metrics");
    assertThat(reads(f)).anySatisfy(r -> assertThat(r).startsWith("az rest --method get --resource https://prometheus.monitor.azure.com")
        .contains("/api/v1/query_range?query=DCGM_FI_DEV_FB_USED").contains("start=2026-07-14T10:05:00Z")
        .contains("end=2026-07-14T10:25:00Z"));
  }

  @Test
  void onABringYourOwnPoolTheReadUsesTheInstalledExportersDeclaredPortNever19400() throws Exception {
    ReportedFinding f = finding(diagnose(read("DcgmExporterUnavailable/near-miss-byo-exporter-running")), "GpuMemoryExhausted");
    assertThat(reads(f)).contains("kubectl --context aks-llm-weu get --raw "
        + "/api/v1/namespaces/gpu-operator/pods/<dcgm-exporter-pod-on-the-node>:9400/proxy/metrics");
    assertThat(reads(f)).noneMatch(r -> r.contains("19400") || r.contains("prometheus.monitor.azure.com"));
  }

  @Test
  void onABringYourOwnPoolWithoutAnExporterTheReadFindsTheExporterFirst() throws Exception {
    ReportedFinding f = finding(diagnose(read("DcgmExporterUnavailable/fires-byo-pool-without-exporter")), "GpuMemoryExhausted");
    assertThat(reads(f)).containsExactly("kubectl --context aks-llm-weu get daemonsets -A -o json");
    assertThat(f.missingEvidence().get(0).why()).contains("the managed port 19400 is not assumed");
  }

  @Test
  void whenTheProfileIsUnknownThePortIsSaidToBeUnknown() throws Exception {
    EvidenceBundle full = read("GpuMemoryExhausted/fires-cuda-oom-without-telemetry-unconfirmed");
    EvidenceBundle withoutPool = new EvidenceBundle(full.target(),
        full.facts().stream().filter(f -> !(f instanceof NodePool)).toList(), full.reads(), full.unreadable(), full.warnings());
    ReportedFinding f = finding(diagnose(withoutPool), "GpuMemoryExhausted");
    assertThat(reads(f)).noneMatch(r -> r.contains("19400"));
    assertThat(f.missingEvidence()).anySatisfy(m -> assertThat(m.why()).contains("the DCGM exporter's port is unknown"));
  }

  @Test
  void confirmedExhaustionQuotesTheLogLineTheRiseAndTheLowFreeSampleOfThePodsGpu() throws Exception {
    ReportedFinding f = finding(diagnose(read("GpuMemoryExhausted/fires-cuda-oom-telemetry-confirmed")), "GpuMemoryExhausted");
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("torch.OutOfMemoryError: CUDA out of memory."));
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).startsWith("DCGM_FI_DEV_FB_FREE ")
        .contains("node aks-gpunp-41829376-vmss000000"));
    assertThat(f.evidence()).noneSatisfy(e -> assertThat(e.quote()).contains("vmss000001"));
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.pointer()).matches("line \\d+"));
  }

  @Test
  void theHostAndTheDevicePathAreReportedSideBySideEachWithItsOwnStatus() throws Exception {
    Diagnosis d = new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(
        ModuleRules.moduleDir().resolve("../references/incidents/2026-09-host-and-device-oom-both-reported").normalize()));
    assertThat(finding(d, "ContainerMemoryLimitOom").status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(finding(d, "GpuMemoryExhausted").status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(finding(d, "GpuMemoryExhausted").subject()).isEqualTo(POD);
  }

  @Test
  void aLogLineOfADriverMismatchCombinesWithTheEventRuleOnThePod() throws Exception {
    ReportedFinding f = finding(diagnose(read("GpuDriverMismatch/fires-log-cuda-driver-insufficient")), "GpuDriverMismatch");
    assertThat(f.subject()).isEqualTo(POD);
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.route()).isEqualTo("scheduling");
    assertThat(f.rules()).containsExactly("GpuDriverMismatch: a container log quotes a driver/CUDA mismatch");
  }
}
