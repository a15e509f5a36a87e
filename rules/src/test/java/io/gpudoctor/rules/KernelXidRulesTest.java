package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the Xid findings say when the Xid comes from the kernel log rather than DCGM. */
class KernelXidRulesTest {
  private static final String NODE = "aks-gpunp-41829376-vmss000000";

  private static Diagnosis diagnose(String fixture) throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(ModuleRules.fixturesDir().resolve(fixture)));
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " absent"));
  }

  private static List<String> reads(ReportedFinding f) {
    return f.missingEvidence().stream().map(m -> m.read()).toList();
  }

  @Test
  void aJournalXidNamesTheKernelLogItsLineAndTheNodeOfTheLine() throws Exception {
    ReportedFinding f = finding(diagnose("GpuDeviceUnhealthy/fires-kernel-xid-79-journalctl"), "GpuDeviceUnhealthy");
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.subject()).isEqualTo(NODE);
    assertThat(f.summary()).startsWith("The kernel log (journalctl-k.txt line 4) shows the NVIDIA driver's Xid 79 ")
        .contains("at 2026-07-14T10:19:52Z").contains("from the host the log line names").doesNotContain("DCGM reports");
    assertThat(f.evidence()).singleElement().satisfies(e -> {
      assertThat(e.source()).isEqualTo("journalctl-k.txt");
      assertThat(e.pointer()).isEqualTo("line 4");
      assertThat(e.quote()).isEqualTo("Jul 14 10:19:52 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, pid=2142, "
          + "name=python3, GPU has fallen off the bus.");
    });
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).isEqualTo("kubectl --context aks-llm-weu cordon " + NODE));
  }

  @Test
  void aDmesgXidTakenToBeTheTargetNodesSaysSoAndAsksForTheNodesEvents() throws Exception {
    ReportedFinding f = finding(diagnose("GpuDeviceUnhealthy/fires-kernel-xid-48-dmesg-node-from-target"), "GpuDeviceUnhealthy");
    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.subject()).isEqualTo(NODE);
    assertThat(f.summary()).contains("dmesg.txt line 4").contains("target.yaml (resource node/NAME)").doesNotContain(" at 20");
    assertThat(reads(f)).contains("kubectl --context aks-llm-weu get events -A --field-selector "
        + "involvedObject.kind=Node,involvedObject.name=" + NODE + " -o json");
  }

  @Test
  void aHardwareXidOfAnUnknownNodeIsRaisedOnTheUnknownNodeAndCordonsNothing() throws Exception {
    ReportedFinding f = finding(diagnose("GpuDeviceUnhealthy/fires-kernel-xid-94-node-unknown"), "GpuDeviceUnhealthy");
    assertThat(f.subject()).isEqualTo("unknown node (GPU PCI:0000:00:1e)");
    assertThat(f.summary()).contains("on an unknown node").doesNotContain("vmss");
    assertThat(reads(f)).containsExactly("kubectl --context aks-llm-weu get nodes -o json",
        "kubectl --context aks-llm-weu get events -A --field-selector involvedObject.kind=Node -o json");
    assertThat(f.proposedActions()).isEmpty();
  }

  @Test
  void anApplicationXidOfTheKernelLogIsTheWorkloadsOnTheGpuOfThePathsNode() throws Exception {
    Diagnosis d = diagnose("GpuXidApplicationError/fires-kernel-xid-13-dmesg-node-from-path");
    ReportedFinding f = finding(d, "GpuXidApplicationError");
    assertThat(f.subject()).isEqualTo(NODE + "/PCI:0000:00:04");
    assertThat(f.summary()).startsWith("The kernel log (nodes/" + NODE + "/dmesg.txt line 1) shows")
        .contains("(from the file path)");
    assertThat(f.evidence()).extracting(e -> e.pointer()).containsExactly("line 1", "line 2", "line 3");
    assertThat(reads(f)).containsExactly("kubectl --context aks-llm-weu get pods -A --field-selector spec.nodeName=" + NODE + " -o json");
    assertThat(d.findings()).noneMatch(x -> x.id().equals("GpuDeviceUnhealthy"));
  }

  @Test
  void anApplicationXidOfAnUnknownNodeAsksForTheNodesAndTheirEvents() throws Exception {
    ReportedFinding f = finding(diagnose("GpuXidApplicationError/fires-kernel-xid-31-node-unknown"), "GpuXidApplicationError");
    assertThat(f.subject()).isEqualTo("unknown-node/PCI:0000:3b:00");
    assertThat(f.summary()).contains("on an unknown node");
    assertThat(reads(f)).contains("kubectl --context aks-llm-weu get nodes -o json",
        "kubectl --context aks-llm-weu get events -A --field-selector involvedObject.kind=Node -o json");
  }

  @Test
  void dcgmXidsStillSayTheyComeFromDcgm() throws Exception {
    ReportedFinding f = finding(diagnose("GpuDeviceUnhealthy/fires-hardware-xid-79"), "GpuDeviceUnhealthy");
    assertThat(f.summary()).contains("DCGM reports Xid 79");
  }
}
