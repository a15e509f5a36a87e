package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Target;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetFileTest {
  @TempDir Path folder;

  @Test
  void targetYamlBindsTheTargetAndTheIncidentWindow() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/target.yaml"));

    Target t = bundle.target();
    assertThat(t.subscription()).isEqualTo("3f2b8c1d-9e4a-4d7b-8a61-2c5e0f9b7d34");
    assertThat(t.kubeContext()).isEqualTo("aks-gpu-prod");
    assertThat(t.namespace()).isEqualTo("inference");
    assertThat(t.resourceKind()).isEqualTo("pod");
    assertThat(t.resourceName()).isEqualTo("llm-0");
    assertThat(t.resource()).isEqualTo("pod/llm-0");
    assertThat(t.incidentStart()).isEqualTo(Instant.parse("2026-03-02T09:55:00Z"));
    assertThat(t.incidentEnd()).isEqualTo(Instant.parse("2026-03-02T10:05:00Z"));
    assertThat(t.capturedAt()).isEqualTo(Instant.parse("2026-03-02T10:06:30Z"));
    assertThat(t.provenance()).isEqualTo(Provenance.of("target.yaml", ""));
    assertThat(bundle.reads()).contains(Read.supplied("target", "target.yaml"));
  }

  @Test
  void readsNotRunBecomeNotRunReadsWithTheirTopics() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/target.yaml"));

    assertThat(bundle.reads()).containsExactly(
        new Read("nodeclaims", "kubectl --context aks-gpu-prod get nodeclaims -o yaml", ReadStatus.NOT_RUN, ""),
        new Read("quota", "az vm list-usage --location eastus2 -o json", ReadStatus.NOT_RUN,
            "the reader role cannot list usage"),
        Read.supplied("target", "target.yaml"));
  }

  @Test
  void unknownTargetKeyIsAWarningNotAFailure() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/target.yaml"));

    assertThat(bundle.warnings()).containsExactly("target.yaml: unknown key 'ticket' ignored");
    assertThat(bundle.unreadable()).isEmpty();
  }

  /** target.yaml declaring the cluster and a resource group, beside the cluster's az aks show (rg-inference). */
  private EvidenceBundle aksShowWithDeclaredResourceGroup(String resourceGroup) {
    write(folder, "target.yaml", "cluster: aks-gpu-prod\nresourceGroup: " + resourceGroup
        + "\ncapturedAt: 2026-03-02T10:06:30Z\n");
    copy(folder, "gpu-taint/aks-show.json");
    return read(folder);
  }

  @Test
  void azOutputsFillOnlyTheFieldsTargetYamlLeavesOpen() {
    EvidenceBundle bundle = aksShowWithDeclaredResourceGroup("rg-inference");
    Target t = bundle.target();
    assertThat(t.resourceGroup()).isEqualTo("rg-inference");
    assertThat(t.subscription()).isEqualTo("3f2b8c1d-9e4a-4d7b-8a61-2c5e0f9b7d34");
    assertThat(t.region()).isEqualTo("eastus2");
    assertThat(t.pool()).isEqualTo("gpunp");
    assertThat(bundle.warnings()).isEmpty();
  }

  @Test
  void anAzOutputOfAnotherResourceGroupBindsNothingAndIsSetAside() {
    // Before TargetMismatch, the declared value won with a warning and the rest was filled from the az output.
    EvidenceBundle bundle = aksShowWithDeclaredResourceGroup("rg-declared");
    Target t = bundle.target();
    assertThat(t.resourceGroup()).isEqualTo("rg-declared");
    assertThat(t.subscription()).isNull();
    assertThat(t.region()).isNull();
    assertThat(t.pool()).isNull();
    assertThat(bundle.warnings()).containsExactly("Azure evidence set aside, it describes another cluster than the "
        + "target or the kube evidence: aks-show.json");
  }

  @Test
  void declaredPoolIsNeverReplacedByTheOnlyGpuPool() {
    write(folder, "target.yaml", "pool: gpuspot\ncapturedAt: 2026-03-02T10:06:30Z\n");
    copy(folder, "gpu-taint/aks-show.json");

    assertThat(read(folder).target().pool()).isEqualTo("gpuspot");
  }

  @Test
  void missingCapturedAtFallsBackToTheLatestTimestampInTheEvidence() {
    write(folder, "target.yaml", "cluster: aks-gpu-prod\n");
    copy(folder, "gpu-taint/events.json", "gpu-taint/pods.json");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.target().capturedAt()).isEqualTo(Instant.parse("2026-03-02T10:01:40Z"));
    assertThat(bundle.warnings()).containsExactly(
        "capturedAt not given; using the latest timestamp in the evidence: 2026-03-02T10:01:40Z");
  }

  @Test
  void noTargetYamlStillBindsCapturedAtFromTheEvidence() {
    copy(folder, "gpu-taint/nodes.yaml");

    EvidenceBundle bundle = read(folder);
    // Heartbeats are not transitions: the latest lastTransitionTime of the nodes.
    assertThat(bundle.target().capturedAt()).isEqualTo(Instant.parse("2026-02-20T08:14:02Z"));
    assertThat(bundle.target().cluster()).isNull();
  }

  @Test
  void evidenceWithoutAnyTimestampLeavesCapturedAtUnknownWithAWarning() {
    copy(folder, "gpu-taint/service.yaml");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.target().capturedAt()).isNull();
    assertThat(bundle.warnings()).singleElement().asString().startsWith("capturedAt not given");
  }

  @Test
  void unparseableTimesAreWarnedAboutAndIgnored() {
    write(folder, "target.yaml", "capturedAt: yesterday afternoon\nincident: {start: 2026-03-02T09:55:00+01:00}\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.target().incidentStart()).isEqualTo(Instant.parse("2026-03-02T08:55:00Z"));
    assertThat(bundle.warnings()).contains("target.yaml: capturedAt 'yesterday afternoon' is not an ISO-8601 time; ignored");
  }

  @Test
  void redactedTargetFieldsAreUnbound() {
    write(folder, "target.yaml", "subscription: <redacted>\ncluster: aks-gpu-prod\ncapturedAt: 2026-03-02T10:06:30Z\n");

    Target t = read(folder).target();
    assertThat(t.subscription()).isNull();
    assertThat(t.unboundFields()).contains("subscription");
  }

  @Test
  void readsJsonBecomesReadsAndABadEntryIsReportedAlone() {
    write(folder, "reads.json", """
        [
          {"command": "kubectl --context aks-gpu-prod get pods -A -o json", "topic": "pods", "status": "ran", "error": "", "durationMs": 812},
          {"command": "kubectl --context aks-gpu-prod get nodes -o json", "topic": "nodes", "status": "denied",
           "error": "Error from server (Forbidden): nodes is forbidden: User \\"dev@contoso.com\\" cannot list resource \\"nodes\\" in API group \\"\\" at the cluster scope", "durationMs": 301},
          {"command": "az aks nodepool list -g rg-inference --cluster-name aks-gpu-prod -o json", "status": "failed", "error": "timed out", "durationMs": 30000},
          {"command": "kubectl get events -A -o json", "topic": "events", "status": "skipped"}
        ]
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.reads()).containsExactly(
        new Read("pods", "kubectl --context aks-gpu-prod get pods -A -o json", ReadStatus.RAN, ""),
        new Read("nodes", "kubectl --context aks-gpu-prod get nodes -o json", ReadStatus.DENIED,
            "Error from server (Forbidden): nodes is forbidden: User \"dev@contoso.com\" cannot list resource \"nodes\" in API group \"\" at the cluster scope"),
        new Read("nodepools", "az aks nodepool list -g rg-inference --cluster-name aks-gpu-prod -o json",
            ReadStatus.FAILED, "timed out"),
        Read.supplied("other", "reads.json"));
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("reads.json#/3",
        "unknown read status 'skipped' (expected ran, denied, failed or not-run)"));
  }
}
