package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * DeviceAllocationFailed from what pasted text yields: a pod whose name, spec and node were cut from
 * the paste (a describe fragment, a bare kubelet message), or a table row whose message is only in
 * the kubelet's event. Facts are built as the readers build them; only the rules are under test.
 */
class AdmissionFailureRulesTest {
  private static final Instant CAPTURED = Instant.parse("2026-03-11T08:20:00Z");
  private static final Target UNBOUND = new Target(null, null, null, null, null, null, null, null, null, null, null,
      CAPTURED, Provenance.of("", ""));
  private static final Set<String> ONLY_STATUS_KNOWN = Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS,
      PodFacts.NODE_SELECTOR, PodFacts.AFFINITY, PodFacts.NODE_NAME, PodFacts.OWNER, PodFacts.LABELS,
      PodFacts.CONDITIONS, PodFacts.CONTAINER_STATUSES);

  private static PodFacts rejected(String namespace, String name, String message, Provenance where) {
    return new PodFacts(namespace, name, "Failed", "UnexpectedAdmissionError", message, null, null, null, null, Map.of(),
        List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), where, ONLY_STATUS_KNOWN);
  }

  private static Diagnosis diagnose(List<Object> facts, String topic) {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceBundle(UNBOUND, facts,
        List.of(Read.supplied(topic, "issue.md")), List.of(), List.of()));
  }

  private static ReportedFinding only(Diagnosis d, String id) {
    List<ReportedFinding> found = d.findings().stream().filter(f -> f.id().equals(id)).toList();
    assertThat(found).as("findings %s", d.findings().stream().map(ReportedFinding::id).toList()).hasSize(1);
    return found.get(0);
  }

  @Test
  void aTrimmedDescribeWithoutNameOrSpecIsConfirmedByAKubeletMessageThatNamesTheGpu() {
    PodFacts pod = rejected(null, null, "Pod Allocate failed due to requested number of devices unavailable for "
        + "nvidia.com/gpu. Requested:1, Available: 0, which is unexpected", Provenance.ofLines("issue.md", 12, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.summary()).contains("the pod (its name was not captured)", "counted 0 free nvidia.com/gpu where the pod needs 1",
        "The kubelet's message names the nvidia.com/gpu the pod requested");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("Requested:1, Available: 0"));
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("delete pod"));
  }

  @Test
  void aTrimmedDescribeWhoseKubeletMessageNamesNoCountIsLikelyAndAsksForThePod() {
    PodFacts pod = rejected(null, null, "Pod was rejected: Allocate failed due to no healthy devices present; cannot allocate "
        + "unhealthy devices nvidia.com/gpu, which is unexpected", Provenance.ofLines("issue.md", 12, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.missingEvidence()).anySatisfy(m -> assertThat(m.read()).contains("get pod -n <namespace> <pod> -o json"));
  }

  @Test
  void aTablePodWhoseMessageIsInItsKubeletEventTakesTheEventsWording() {
    PodFacts pod = rejected("training", "resnet-ddp-worker-2", null, Provenance.ofLines("issue.md", 30, Map.of()));
    KubeEvent event = new KubeEvent("training", "Pod", "resnet-ddp-worker-2", "Warning", "UnexpectedAdmissionError",
        "Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = Unknown "
            + "desc = error calling nvml.Init: ERROR_UNKNOWN, which is unexpected", "kubelet", 1, null, null,
        Provenance.ofLines("issue.md", 41, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod, event), "events"), "DeviceAllocationFailed");

    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.summary()).contains("pod training/resnet-ddp-worker-2", "The device plugin could not initialise NVML");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.pointer()).contains("41"));
  }

  @Test
  void aLinkQueryThatCouldNotInitialiseNvmlIsThePluginsAndNoLostGpu() {
    PodFacts pod = rejected(null, null, "Pod was rejected: Allocate failed due to device plugin GetPreferredAllocation; "
        + "unable to get device link information: error calling nvml.Init", Provenance.ofLines("issue.md", 7, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.summary()).contains("could not initialise NVML", "The error does not say that a GPU is lost")
        .doesNotContain("fallen off");
    assertThat(f.handoff()).contains("restart that pod").doesNotContain("have the GPU repaired");
    assertThat(f.owner()).isNotEqualTo("azure-support");
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void aLinkQueryWhoseInnerErrorWasCutOffNamesBothCausesAndClaimsNoLostGpu() {
    PodFacts pod = rejected(null, null, "Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: "
        + "rpc error: code = Unknown desc = error getting list of preferred allocation devices: unable to get device link "
        + "information: ...", Provenance.ofLines("issue.md", 22, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.summary()).contains("Why NVML failed is not in the quoted error");
    assertThat(f.handoff()).contains("Xid 79", "error calling nvml.Init");
    assertThat(f.owner()).isNotEqualTo("azure-support");
  }

  @Test
  void aLostGpuStaysBelowTheHardwareFindingAndHandsOffTheNode() {
    PodFacts pod = rejected("default", "cuda-job-8kq2z", "Pod Allocate failed due to device plugin GetPreferredAllocation "
        + "rpc failed with err: rpc error: code = Unknown desc = Unable to retrieve list of available devices: error "
        + "creating nvml.Device 4: nvml: GPU is lost, which is unexpected", Provenance.ofLines("issue.md", 7, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.confidence()).isLessThan(0.7);
    assertThat(f.owner()).isEqualTo("azure-support");
    assertThat(f.summary()).contains("GpuDeviceUnhealthy");
  }

  @Test
  void aRejectionForTheCpuManagerIsNoDeviceFailure() {
    PodFacts pod = rejected("default", "pinned-cpu-0", "Pod was rejected: Allocate failed due to not enough cpus "
        + "available to satisfy request: requested=16, available=12, which is unexpected", Provenance.ofLines("issue.md", 3, Map.of()));

    assertThat(diagnose(List.of(pod), "pods").findings()).extracting(ReportedFinding::id)
        .doesNotContain("DeviceAllocationFailed");
  }

  @Test
  void aRedactedResourceNameIsNotCalledAGpu() {
    PodFacts pod = rejected("default", "encoder-0", "Allocate failed due to no healthy devices present; cannot allocate "
        + "unhealthy devices xxx, which is unexpected", Provenance.ofLines("issue.md", 9, Map.of()));

    ReportedFinding f = only(diagnose(List.of(pod), "pods"), "DeviceAllocationFailed");

    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.summary()).contains("no healthy devices (the resource name was not captured)")
        .doesNotContain("no healthy nvidia.com/gpu");
  }
}
