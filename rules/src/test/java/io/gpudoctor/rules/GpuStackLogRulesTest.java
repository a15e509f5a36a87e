package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the GPU-stack and serving-engine log rules say and whom they name, beyond their fixtures' labels. */
class GpuStackLogRulesTest {
  private static final String NODE = "aks-gpua10-27514903-vmss000000";
  private static final String NODE2 = "aks-gpua10-27514903-vmss000001";

  @TempDir Path dir;

  private static Diagnosis diagnose(Path folder) throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(folder));
  }

  private static Diagnosis fixture(String name) throws Exception {
    return diagnose(ModuleRules.fixturesDir().resolve(name));
  }

  private static List<ReportedFinding> all(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).toList();
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return all(d, id).stream().findFirst().orElseThrow(() -> new AssertionError(id + " absent"));
  }

  @Test
  void twoDevicePluginPodsMarkingGpusUnhealthySpeakForTheirOwnNodes() throws Exception {
    StringBuilder pods = new StringBuilder();
    String[][] plugins = {{"nvidia-device-plugin-daemonset-a1b2c", NODE, "GPU-11111111-2222-4333-8444-555555555555"},
        {"nvidia-device-plugin-daemonset-d3e4f", NODE2, "GPU-66666666-7777-4888-9999-000000000000"}};
    for (String[] p : plugins) {
      pods.append(pods.length() == 0 ? "" : ",").append("""
          {"apiVersion": "v1", "kind": "Pod",
           "metadata": {"name": "%s", "namespace": "kube-system", "creationTimestamp": "2026-07-18T06:03:00Z"},
           "spec": {"nodeName": "%s", "containers": [{"name": "nvidia-device-plugin-ctr", "image": "nvcr.io/nvidia/k8s-device-plugin:v0.17.2"}]},
           "status": {"phase": "Running"}}""".formatted(p[0], p[1]));
      write("logs/kube-system/" + p[0] + "/nvidia-device-plugin-ctr.log",
          "2026-07-21T09:12:07.331110845Z I0721 09:12:07.331071       1 server.go:263] 'nvidia.com/gpu' device marked unhealthy: "
              + p[2] + "\n");
    }
    write("pods.json", "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [" + pods + "]}");

    List<ReportedFinding> unhealthy = all(diagnose(dir), "GpuDeviceUnhealthy");

    assertThat(unhealthy).extracting(ReportedFinding::subject).containsExactlyInAnyOrder(NODE, NODE2);
    assertThat(unhealthy).allSatisfy(f -> assertThat(f.status()).isEqualTo(FindingStatus.LIKELY));
  }

  @Test
  void aLostGpuOutranksTheAdmissionErrorItCauses() throws Exception {
    Diagnosis d = fixture("GpuDeviceUnhealthy/fires-gpu-lost-at-admission");
    assertThat(d.findings().get(0).id()).isEqualTo("GpuDeviceUnhealthy");
    assertThat(d.findings().get(0).subject()).isEqualTo(NODE);
    assertThat(d.findings().indexOf(finding(d, "DeviceAllocationFailed"))).isGreaterThan(0);
  }

  @Test
  void aFreeMemoryShortfallWithinTheCudaContextAllowanceNamesTheUtilizationNotAnotherProcess() throws Exception {
    ReportedFinding f = finding(fixture("GpuMemoryHeldByOtherProcess/fires-utilization-leaves-no-room-for-the-cuda-context"),
        "GpuMemoryHeldByOtherProcess");
    assertThat(f.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(f.summary()).contains("Only 2324 MiB were in use").contains("gpu_memory_utilization 0.94")
        .contains("the setting, not another process");
    assertThat(f.handoff()).contains("Lower --gpu-memory-utilization");

    ReportedFinding held = finding(fixture("GpuMemoryHeldByOtherProcess/fires-vllm-free-memory-without-telemetry"),
        "GpuMemoryHeldByOtherProcess");
    assertThat(held.status()).as("14.57 GiB total, 0.78 GiB free: far more than a context").isEqualTo(FindingStatus.LIKELY);
  }

  @Test
  void nvmlsUnknownErrorIsNamedAsTheCgroupSignatureNotADriverVersion() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-nvml-unknown-error-after-daemon-reload"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("systemctl daemon-reload").contains("NVIDIA/nvidia-docker#1730")
        .doesNotContain("A driver/library mismatch is one cause");
    assertThat(f.owner()).as("BYO pool: the customer's GPU stack").isEqualTo("gpu-stack-owner");
  }

  @Test
  void theDriverTooOldLineSaysWhichCudaTheDriverSupports() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-termination-message-driver-too-old"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("supports CUDA only up to 12.4 (found version 12040)");
    assertThat(f.owner()).isEqualTo("aks");
    assertThat(f.evidence()).singleElement().satisfies(e ->
        assertThat(e.pointer()).isEqualTo("/items/0/status/containerStatuses/0/lastState/terminated/message"));
  }

  @Test
  void theHooksDriverNotLoadedIsTheNodesDriverAndProposesACordon() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-hook-driver-not-loaded"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("the NVIDIA kernel module is not loaded on the node").contains("Not a version mismatch");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).endsWith("cordon " + NODE));
  }

  @Test
  void anImageThatShipsTheDriversFilesIsTheWorkloadsAndProposesNoCordon() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-hook-mount-error-image-ships-nvidia-smi"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("rootfs/usr/bin/nvidia-smi: file exists")
        .contains("the image installs NVIDIA driver user-space itself").doesNotContain("Not a version mismatch");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void aToolkitWithoutCgroupV2IsTheNodesGpuStackOnAByoPool() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-hook-cgroup-devices-not-found-byo-pool"), "GpuDriverMismatch");
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.summary()).contains("the node runs cgroup v2").contains("libnvidia-container before 1.8");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).endsWith("cordon " + NODE));
  }

  @Test
  void aCdiSpecWithoutTheAllocatedGpuIsTheNodesGpuStack() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-cdi-spec-lacks-the-allocated-gpu"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("unresolvable CDI devices k8s.device-plugin.nvidia.com/gpu=GPU-e78e68c0")
        .contains("the node's CDI specification").contains("nvidia-ctk cdi generate");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
  }

  @Test
  void aSingleGpuOfTheManagementCdiKindIsThePodsRuntimeClassNotAStaleSpec() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-cdi-management-kind-under-the-nvidia-cdi-class"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("management.nvidia.com/gpu=GPU-e78e68c0", "holds only the device all")
        .doesNotContain("nvidia-ctk cdi generate");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.handoff()).contains("without runtimeClassName nvidia-cdi");
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void dockersCriRefusingTheNvidiaHandlerIsTheWorkloadsRuntimeClassOnThatNode() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-sandbox-docker-supports-no-runtime-handler"), "GpuDriverMismatch");
    assertThat(f.status()).isEqualTo(FindingStatus.CONFIRMED);
    assertThat(f.summary()).contains("RuntimeHandler \"nvidia\" not supported", "supports no RuntimeClass handler", "gpu-worker-02");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.handoff()).contains("Remove runtimeClassName", "containerd");
    assertThat(f.proposedActions()).noneSatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void cudasInitializationErrorInTheOperatorsValidatorNamesTheKernelModuleFlavour() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-cuda-validator-initialization-error"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("The GPU Operator's CUDA validator", "CUDA error 3", "open kernel modules")
        .doesNotContain("fabric");
    assertThat(f.handoff()).contains("kernelModuleType", "proprietary");
    assertThat(f.owner()).as("the operator's validator runs where the operator runs the stack").isEqualTo("gpu-stack-owner");
  }

  @Test
  void error802QuotedBesideTheGpuOperatorsPodsIsTheGpuStackOwners() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-802-pasted-beside-the-gpu-operators-pods"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("CUDA error 802", "Fabric Manager");
    assertThat(f.owner()).as("the GPU Operator's pods show who runs the driver stack").isEqualTo("gpu-stack-owner");
  }

  @Test
  void error802WithoutAnyGpuOperatorObjectKeepsItsOwnerUnknown() throws Exception {
    write("ticket.md", """
        Every job on our HGX node dies at start:

        ```
        RuntimeError: CUDA error: system not yet initialized
        ```
        """);
    write("target.yaml", "capturedAt: \"2026-07-14T10:24:00Z\"\n");

    ReportedFinding f = finding(diagnose(dir), "GpuDriverMismatch");
    assertThat(f.owner()).isEqualTo("unknown");
  }

  @Test
  void nvmlsUnknownErrorNamesTheStaticCpuManagerBesideDaemonReload() throws Exception {
    write("ticket.md", """
        Our pods lose the GPU some seconds after they start:

        ```
        $ kubectl logs -f pod/gputest
        Failed to initialize NVML: Unknown Error
        ```
        """);
    write("target.yaml", "capturedAt: \"2026-07-14T10:24:00Z\"\n");

    ReportedFinding f = finding(diagnose(dir), "GpuDriverMismatch");
    assertThat(f.summary()).contains("daemon-reload", "static CPU manager", "--pass-device-specs");
    assertThat(f.status()).isEqualTo(FindingStatus.UNCONFIRMED);
  }

  @Test
  void hamisNodeUnregisteredIsItsDevicePluginNotRegisteringTheNodes() throws Exception {
    ReportedFinding f = finding(fixture("DevicePluginNotRunning/fires-hami-scheduler-node-unregistered"), "DevicePluginNotRunning");
    assertThat(f.summary()).contains("node unregistered", "hami.io/node-nvidia-register");
    assertThat(f.handoff()).contains("gpu=on");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
  }

  @Test
  void aPluginPanickingOnMixedMigProfilesIsHandedTheMixedStrategy() throws Exception {
    ReportedFinding f = finding(fixture("DevicePluginNotRunning/fires-old-plugin-panics-on-mixed-mig-profiles"),
        "DevicePluginNotRunning");
    assertThat(f.summary()).contains("panic: More than one MIG device type present on node", "more than one profile");
    assertThat(f.handoff()).contains("mixed", "nvidia.com/mig-<profile>");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
  }

  @Test
  void gpuFeatureDiscoverysMigWarningIsNotCalledAStartUpFailureOfItsOwn() throws Exception {
    ReportedFinding f = finding(fixture("DevicePluginNotRunning/fires-gfd-labels-mig-layout-invalid-for-strategy-single"),
        "DevicePluginNotRunning");
    assertThat(f.summary()).startsWith("GPU feature discovery (pod gpu-operator/gpu-feature-discovery-7c2lp)")
        .contains("MIG-INVALID").doesNotContain("stops at start-up:");
  }

  @Test
  void aPluginThatFoundNvmlIsNotSaidToLackTheRuntime() throws Exception {
    ReportedFinding f = finding(fixture("DevicePluginNotRunning/fires-plugin-nvml-fails-after-it-found-the-library"),
        "DevicePluginNotRunning");
    assertThat(f.summary()).contains("although its own log says it found the NVML library", "SYS_ADMIN")
        .doesNotContain("not mounted into its container");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("Detected NVML platform: found NVML library"));
    assertThat(f.handoff()).contains("securityContext");
  }

  @Test
  void aPluginWithoutNvmlInItsLogIsStillSaidToLackTheDriverOrRuntime() throws Exception {
    write("logs/kube-system/nvidia-device-plugin-daemonset-x1y2z/nvidia-device-plugin-ctr.log",
        "2026-04-08T09:14:22.790447180Z E0408 09:14:22.790447       1 main.go:132] error starting plugins: error creating "
            + "plugin manager: unable to create plugin manager: nvml init failed: ERROR_LIBRARY_NOT_FOUND\n");
    ReportedFinding f = finding(diagnose(dir), "DevicePluginNotRunning");
    assertThat(f.summary()).contains("not mounted into its container").doesNotContain("found the NVML library");
  }

  @Test
  void nimsCacheCheckOnAReadOnlyVolumeIsHandedTheCachePath() throws Exception {
    ReportedFinding f = finding(fixture("OutOfScope/fires-nim-cache-path-on-a-read-only-model-volume"), "OutOfScope");
    assertThat(f.summary()).contains("its NIM_CACHE_PATH /mnt/models/cache", "read-only")
        .doesNotContain("{cache_path}");
    assertThat(f.handoff()).contains("NIM_CACHE_PATH");
  }

  @Test
  void aLinkQueryOnANodeThatLostAGpuIsTheHardwaresAndProposesACordon() throws Exception {
    Diagnosis d = fixture("DeviceAllocationFailed/fires-link-information-fails-on-a-node-that-lost-a-gpu");
    ReportedFinding f = finding(d, "DeviceAllocationFailed");
    assertThat(f.summary()).contains("the node reports GPUMissing", "see GpuDeviceUnhealthy");
    assertThat(f.owner()).isEqualTo("azure-support");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("Expected to see 4 GPUs but found 3"));
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void aLinkQueryThatCouldNotInitialiseNvmlRestartsTheCustomersPlugin() throws Exception {
    ReportedFinding f = finding(fixture("DeviceAllocationFailed/fires-link-information-plugin-cannot-initialise-nvml"),
        "DeviceAllocationFailed");
    assertThat(f.owner()).isEqualTo("gpu-stack-owner");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.description()).startsWith("Restart the device plugin pod"))
        .noneSatisfy(a -> assertThat(a.command()).contains("cordon"));
  }

  @Test
  void aDeviceIndexTheNodeLacksIsLikelyThePodsOwnVisibleDevices() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-hook-unknown-device-index"), "GpuDriverMismatch");
    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.summary()).contains("device error: 1: unknown device").contains("names a GPU by an index the node does not have");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.missingEvidence()).anySatisfy(m -> assertThat(m.read()).contains("get pod -n genai qwen25-7b-7d8c9b6f5-m4ztq"));
  }

  @Test
  void aKubeletJournalLineNamingThePodSpeaksForTheOneBesideItThatNamesNone() throws Exception {
    List<ReportedFinding> all = all(fixture("GpuDriverMismatch/fires-kubelet-journal-names-the-pod-toolkit-device-list"),
        "GpuDriverMismatch");
    assertThat(all).singleElement().satisfies(f -> {
      assertThat(f.subject()).isEqualTo("ml-serving/vllm-llama-0");
      assertThat(f.summary()).contains("the device plugin's deviceListStrategy and the toolkit's configuration disagree");
    });
  }

  @Test
  void anExportersOwnFailureIsTheExportersAndNoWorkloadsDriverMismatch() throws Exception {
    Diagnosis d = fixture("DcgmExporterUnavailable/fires-exporter-own-log-cannot-load-nvml");
    ReportedFinding f = finding(d, "DcgmExporterUnavailable");
    assertThat(f.subject()).isEqualTo("gpu-monitoring/nvidia-dcgm-exporter-8kq2w");
    assertThat(f.summary()).contains("It cannot load NVML");
    assertThat(f.evidence()).hasSize(2);
    assertThat(all(d, "GpuDriverMismatch")).isEmpty();
  }

  @Test
  void aHookErrorKubectlWrappedOverLinesStillNamesTheUnloadedDriver() throws Exception {
    ReportedFinding f = finding(fixture("GpuDriverMismatch/fires-hook-error-wrapped-yaml-message"), "GpuDriverMismatch");
    assertThat(f.summary()).contains("nvml error: driver not loaded: unknown")
        .contains("the NVIDIA kernel module is not loaded on the node");
  }

  @Test
  void theExportersSummaryNamesTheCauseDcgmGives() throws Exception {
    assertThat(finding(fixture("DcgmExporterUnavailable/fires-exporter-2-0-profiling-module-not-loaded"),
        "DcgmExporterUnavailable").summary()).contains("profiling (DCP, DCGM_FI_PROF_*) fields").contains("before 2.1.2");
    assertThat(finding(fixture("DcgmExporterUnavailable/fires-exporter-4x-host-engine-not-root"),
        "DcgmExporterUnavailable").summary()).contains("runs as a non-root user");
  }

  @Test
  void vllmWithoutAPlatformAndNoPodSpecIsAnUnconfirmedRuntimeCauseStrongerWithACudaRunOfItsWorkload() throws Exception {
    ReportedFinding withRun = finding(fixture("GpuDriverMismatch/fires-vllm-no-platform-pod-spec-not-captured"), "GpuDriverMismatch");
    assertThat(withRun.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(withRun.confidence()).isEqualTo(0.4);
    assertThat(withRun.subject()).isEqualTo("serving/qwen-7b-decode-7b9c8d6f5-m2kxq");
    assertThat(withRun.summary()).contains("serving/qwen-7b-decode-5d4f6b8c7-h9rtv) detected platform cuda")
        .contains("runtimeClassName: nvidia");
    assertThat(withRun.missingEvidence()).anySatisfy(m ->
        assertThat(m.read()).contains("get pod -n serving qwen-7b-decode-7b9c8d6f5-m2kxq -o json"));

    write("logs/serving/qwen-7b-decode-7b9c8d6f5-m2kxq/vllm.log",
        "2026-08-04T07:12:01.118274561Z INFO 08-04 07:12:01 [__init__.py:243] No platform detected, vLLM is running on UnspecifiedPlatform\n");
    ReportedFinding alone = finding(diagnose(dir), "GpuDriverMismatch");
    assertThat(alone.confidence()).isEqualTo(0.3);
    assertThat(alone.summary()).contains("nothing captured says which build this is");
  }

  @Test
  void aVllmPackageWithoutItsVersionExplainsTheMissingPlatform() throws Exception {
    write("logs/serving/qwen-7b-decode-7b9c8d6f5-m2kxq/vllm.log", """
        2026-08-04T07:11:59.004118221Z WARNING 08-04 07:11:59 [__init__.py:25] The vLLM package was not found, so its version could not be inspected. This may cause platform detection to fail.
        2026-08-04T07:12:01.118274561Z INFO 08-04 07:12:01 [__init__.py:243] No platform detected, vLLM is running on UnspecifiedPlatform
        """);
    Diagnosis d = diagnose(dir);
    assertThat(all(d, "GpuDriverMismatch")).isEmpty();
    assertThat(all(d, "GpuNotRequested")).isEmpty();
  }

  @Test
  void theNodeOfAPromptBeforeDmesgIsSaidToComeFromThePrompt() throws Exception {
    ReportedFinding f = finding(fixture("GpuDeviceUnhealthy/fires-kernel-xid-79-node-from-prompt"), "GpuDeviceUnhealthy");
    assertThat(f.subject()).isEqualTo("gpu-worker-07");
    assertThat(f.summary()).contains("on node gpu-worker-07 (from the shell prompt of the dmesg/journalctl -k command");
  }

  @Test
  void aRestartedRunThatOnlyNamesItsPlatformDoesNotMoveTheIncidentWindowOffTheOom() throws Exception {
    Path fixture = ModuleRules.fixturesDir().resolve("GpuMemoryExhausted/fires-cuda-oom-telemetry-confirmed");
    try (var files = Files.walk(fixture)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = dir.resolve(fixture.relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    // No termination time: the window stands around the latest failing log line.
    Path pods = dir.resolve("pods.json");
    Files.writeString(pods, Files.readString(pods).replace("\"finishedAt\": \"2026-07-14T10:20:00Z\",", ""));
    Path target = dir.resolve("target.yaml");
    Files.writeString(target, Files.readString(target).replace("2026-07-14T10:24:00Z", "2026-07-14T10:50:00Z"));
    write("logs/inference/mistral-7b-6d9f7c8b5-x2kqp/vllm.log",
        "2026-07-14T10:45:10.118274561Z INFO 07-14 10:45:10 [__init__.py:244] Automatically detected platform cuda.\n");

    assertThat(finding(diagnose(dir), "GpuMemoryExhausted").status()).isEqualTo(FindingStatus.CONFIRMED);
  }

  private void write(String name, String content) throws Exception {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
  }
}
