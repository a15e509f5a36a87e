package io.gpudoctor.engine.report;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.UnreadableFile;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.TraceEntry;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.InstallProfile;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Severity;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.List;

/** A hand-made diagnosis with every part of the report filled in. */
final class SampleDiagnosis {
  private SampleDiagnosis() {}

  static Diagnosis create() {
    Target target = new Target("sub-1", "rg-ml", "aks-gpu", null, "eastus", "gpu", "ml", "Pod", "vllm-0",
        Instant.parse("2026-01-10T09:00:00Z"), Instant.parse("2026-01-10T10:00:00Z"),
        Instant.parse("2026-01-10T10:05:00Z"), Provenance.of("target.yaml", ""));
    EvidenceBundle bundle = new EvidenceBundle(target, List.of("fact-1", "fact-2", "fact-3"),
        List.of(Read.supplied("pods", "pod.json"), Read.supplied("events", "events.json"),
            new Read("nodes", "kubectl get nodes -o json", ReadStatus.DENIED, "nodes is forbidden")),
        List.of(new UnreadableFile("junk.bin", "binary")),
        List.of("capturedAt taken from target.yaml"));
    ReportedFinding top = new ReportedFinding("GpuCapacityExhausted", "ml/vllm-0", "scheduling", "diagnosis",
        "Every allocatable GPU on the GPU nodes is already requested", FindingStatus.LIKELY, 0.9, "high",
        Severity.CRITICAL, "The scheduler found no free GPU for ml/vllm-0.",
        List.of(new Evidence("events.json", "/items/0/message", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.")),
        List.of(new MissingEvidence("kubectl get nodes -o json", "to compare allocatable with requested GPUs")),
        "cluster-operator", "Add GPU capacity to pool gpu or free a GPU.",
        List.of(ProposedAction.mutation("Scale the GPU pool", "az aks nodepool scale -g rg-ml --cluster-name aks-gpu -n gpu --node-count 3"),
            ProposedAction.readOnly("Check what holds the GPUs", "kubectl get pods -A -o wide")),
        "references/findings.md#gpucapacityexhausted", List.of("insufficient gpu"));
    ReportedFinding other = new ReportedFinding("UntoleratedGpuTaint", "ml/vllm-0", "scheduling", "diagnosis",
        "The pod does not tolerate a taint of the GPU nodes", FindingStatus.UNCONFIRMED, 0.3, "low",
        Severity.WARNING, "A taint may keep the pod away.", List.of(), List.of(), "workload-owner",
        "Check the tolerations.", List.of(), "references/findings.md#untoleratedgputaint", List.of("taint"));
    ReportedFinding note = new ReportedFinding("TargetUnbound", "", "evidence", "note",
        "The target is not fully bound", FindingStatus.CONFIRMED, 1.0, "high", Severity.INFO,
        "kubeContext is not bound.", List.of(), List.of(), "-", "For the reader.", List.of(),
        "references/findings.md#targetunbound", List.of("target not bound"));
    GpuProfile profile = GpuProfile.of("gpu", InstallProfile.MANAGED_INSTALL, "gpuProfile.driver=Install, managementMode=Managed",
        new Evidence("nodepool.json", "/gpuProfile", "{\"driver\":\"Install\"}"));
    return new Diagnosis(bundle, List.of(profile), List.of(top, other, note),
        List.of(new TraceEntry("insufficient gpu", "GpuCapacityExhausted", List.of("pod ml/vllm-0"))),
        List.of("capturedAt taken from target.yaml"), "sha256:0123456789abcdef", 7);
  }
}
