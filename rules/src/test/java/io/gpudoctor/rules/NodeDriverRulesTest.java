package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the node itself printed (a node shell, its vGPU licensing daemon) and AKS's driver installer image say, beyond
 * the fixtures' labels: the subject is the node, the owner is its driver's, the handoff fits that owner.
 */
class NodeDriverRulesTest {
  private static final String NVA10_NODE = "aks-nva10-29417735-vmss000004";
  private static final String NODE = "aks-gpunp-73105529-vmss000002";

  @TempDir Path dir;

  private static Diagnosis diagnose(Path folder) throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(folder));
  }

  private static ReportedFinding mismatch(Diagnosis d) {
    return d.findings().stream().filter(f -> f.id().equals("GpuDriverMismatch")).findFirst()
        .orElseThrow(() -> new AssertionError("GpuDriverMismatch absent"));
  }

  private static ReportedFinding fixture(String name) throws Exception {
    return mismatch(diagnose(ModuleRules.fixturesDir().resolve("GpuDriverMismatch").resolve(name)));
  }

  private void write(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }

  @Test
  void nvmlFailingInANodeDebugShellIsTheNodesDriverWithTheDebugPodsCaveat() throws Exception {
    ReportedFinding f = fixture("fires-nvml-fails-in-a-node-debug-shell");
    assertThat(f.subject()).isEqualTo(NVA10_NODE);
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.summary()).contains("cannot start on the node itself").contains("keeps its own device cgroup")
        .contains("Standard_NV36ads_A10_v5 runs NVIDIA's GRID").doesNotContain("re-applies the container's cgroup");
    assertThat(f.missingEvidence()).extracting(MissingEvidence::read)
        .anyMatch(r -> r.startsWith("nvidia-smi -q | grep -i -A2 'Licensed Product'") && r.contains(NVA10_NODE));
    assertThat(f.handoff()).contains("node image");
  }

  @Test
  void anUnlicensedGridDriverOfAnAksInstalledPoolGoesToAksWithANodeImageUpgrade() throws Exception {
    ReportedFinding f = fixture("fires-grid-driver-unlicensed-on-the-node");
    assertThat(f.subject()).isEqualTo(NVA10_NODE);
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.summary()).contains("'License Status : Unlicensed (Restricted)'").contains("it now restricts the GPU")
        .contains("Pool nva10 is DRIVER_ONLY");
    assertThat(f.handoff()).contains("node image").contains("nodeImageVersion");
    assertThat(f.proposedActions()).extracting(ProposedAction::command)
        .anyMatch(c -> c.startsWith("az aks nodepool upgrade") && c.contains("-n nva10 --node-image-only"));
    assertThat(f.missingEvidence()).extracting(MissingEvidence::read).anyMatch(r -> r.startsWith("az aks nodepool show"));
  }

  @Test
  void aGridDriverTheCustomerInstalledGoesToItsLicensing() throws Exception {
    ReportedFinding f = fixture("fires-grid-licensing-daemon-byo-pool");
    assertThat(f.subject()).isEqualTo("aks-vgpu-50192837-vmss000001");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
    assertThat(f.handoff()).contains("/etc/nvidia/gridd.conf").contains("nvidia-gridd");
  }

  @Test
  void nvidiaSmiAtANodesPromptCannotReachTheDriverOfAManagedPool() throws Exception {
    ReportedFinding f = fixture("fires-nvidia-smi-no-driver-at-a-node-prompt");
    assertThat(f.subject()).isEqualTo(NODE);
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.summary()).contains("kernel module is not loaded on the node").contains("the host of the shell prompt");
  }

  @Test
  void aPodsShellStaysThePodsCgroupReading() throws Exception {
    ReportedFinding f = fixture("fires-nvml-unknown-error-in-a-pod-shell-stays-the-pods");
    assertThat(f.subject()).isEqualTo("<pod not named>");
    assertThat(f.summary()).contains("re-applies the container's cgroup device rules");
  }

  @Test
  void aksDriverInstallerImageNamedWithoutItsNodeMakesAksTheOwnerOfAnUnnamedNodesMismatch() throws Exception {
    ReportedFinding f = fixture("fires-driver-library-mismatch-aks-installer-image");
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.evidence()).extracting(Evidence::quote)
        .anyMatch(q -> q.contains("mcr.microsoft.com/aks/aks-gpu-grid:570.211.01-20260522192315"));
    assertThat(f.handoff()).contains("AKS installed that driver").contains("nodeImageVersion");
  }

  @Test
  void aByoPoolOfTheTargetWinsOverAnInstallerImageNamedForNoNode() throws Exception {
    write("target.yaml", "capturedAt: \"2026-08-11T09:40:00Z\"\n");
    write("ticket.md", """
        failed to construct device spec generators: failed to initialize NVML: Driver/library version mismatch

        + ctr -n k8s.io image pull mcr.microsoft.com/aks/aks-gpu-cuda:550.90.12-20240301140000
        """);
    write("nodepool.json", """
        {"name": "byonp", "vmSize": "Standard_NC24ads_A100_v4", "mode": "User", "osType": "Linux",
         "type": "Microsoft.ContainerService/managedClusters/agentPools", "gpuProfile": {"driver": "None"}}
        """);
    // The one pool read is the target's, and the node the mismatch names none of is taken to be of it.
    assertThat(mismatch(diagnose(dir)).owner()).isEqualTo("gpu-stack-owner");
  }

  @Test
  void theInstallerImageOnThePodsNodeMakesAksTheDriversOwnerWhenThePoolWasNotRead() throws Exception {
    writeVllmPodWhoseNvmlFailsOn(NODE);
    write("nodes/" + NODE + "/cluster-provision.log",
        "+ ctr -n k8s.io image pull mcr.microsoft.com/aks/aks-gpu-cuda:550.90.12-20240301140000\n");
    ReportedFinding f = mismatch(diagnose(dir));
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.summary()).contains("AKS's CUDA driver installer image mcr.microsoft.com/aks/aks-gpu-cuda:550.90.12-20240301140000 on node " + NODE);
  }

  @Test
  void anInstallerImageOfAnotherNodeSaysNothingOfThePodsNode() throws Exception {
    writeVllmPodWhoseNvmlFailsOn(NODE);
    write("nodes/aks-gpunp-73105529-vmss000009/cluster-provision.log",
        "+ ctr -n k8s.io image pull mcr.microsoft.com/aks/aks-gpu-cuda:550.90.12-20240301140000\n");
    assertThat(diagnose(dir).findings()).filteredOn(f -> f.id().equals("GpuDriverMismatch"))
        .allSatisfy(f -> assertThat(f.owner()).isNotEqualTo("aks"));
  }

  /** A running vLLM pod on the node whose NVML fails with the driver/library mismatch; neither pool nor node read. */
  private void writeVllmPodWhoseNvmlFailsOn(String node) throws Exception {
    write("target.yaml", """
        namespace: ml
        resource: pod/llm-0
        capturedAt: "2026-08-11T09:40:00Z"
        """);
    write("pod.json", """
        {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": "llm-0", "namespace": "ml", "creationTimestamp": "2026-08-11T09:20:00Z"},
         "spec": {"nodeName": "%s", "containers": [{"name": "vllm", "image": "vllm/vllm-openai:v0.9.2",
           "resources": {"limits": {"nvidia.com/gpu": "1"}}}]},
         "status": {"phase": "Running"}}
        """.formatted(node));
    write("logs/ml/llm-0/vllm.log",
        "2026-08-11T09:30:00.000000000Z Failed to initialize NVML: Driver/library version mismatch\n");
  }
}
