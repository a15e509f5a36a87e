package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.NodeLog;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a shell on the GPU node printed is the node's, not a container's log: where such a shell starts and ends. */
class NodeShellLinesTest {
  private static final String NODE = "aks-nva10-41829376-vmss00000b";

  @TempDir Path dir;

  private static Map<Integer, NodeShellLines.Shell> shells(String text) {
    return NodeShellLines.of(Arrays.asList(text.split("\n", -1)));
  }

  @Test
  void theDebugNodeBannerNamesTheNodeOfWhatTheChrootedShellPrints() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        $ kubectl debug node/%s -it --image=mcr.microsoft.com/cbl-mariner/busybox:2.0
        Creating debugging pod node-debugger-%s-p2x9q with container debugger on node %s.
        If you don't see a command prompt, try pressing enter.
        / # chroot /host
        root@AKS-NVA10-41829376-VMSS00000B:/# nvidia-smi
        Failed to initialize NVML: Unknown Error
        """.formatted(NODE, NODE, NODE));
    assertThat(s.get(6)).isEqualTo(new NodeShellLines.Shell(NODE, KernelXid.NodeFrom.DEBUG_POD, NodeLog.Via.DEBUG_POD));
    assertThat(s).doesNotContainKeys(1, 4, 5);
  }

  @Test
  void theKubectlDebugNodeCommandAloneStartsTheShellWhenTheBannerWasNotPasted() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        kubectl debug node/%s -it --image=ubuntu -- chroot /host nvidia-smi
        Failed to initialize NVML: Driver/library version mismatch
        """.formatted(NODE));
    assertThat(s.get(2).node()).isEqualTo(NODE);
    assertThat(s.get(2).via()).isEqualTo(NodeLog.Via.DEBUG_POD);
  }

  @Test
  void aPrivilegedDebugPodIsAShellOnTheNodeWithoutADeviceCgroupOfItsOwn() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        $ kubectl debug node/%s -it --profile=sysadmin --image=mcr.microsoft.com/cbl-mariner/busybox:2.0
        Creating debugging pod node-debugger-%s-p2x9q with container debugger on node %s.
        / # chroot /host
        root@%s:/# nvidia-smi
        Failed to initialize NVML: Unknown Error
        """.formatted(NODE, NODE, NODE, NODE));
    assertThat(s.get(5)).isEqualTo(new NodeShellLines.Shell(NODE, KernelXid.NodeFrom.DEBUG_POD, NodeLog.Via.NODE_SHELL));
  }

  @Test
  void aPromptAtAnAksNodesHostnameIsTheNodesShell() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        azureuser@aks-gpunp-12345678-vmss000000:~$ sudo nvidia-smi
        NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.
        """);
    assertThat(s.get(2)).isEqualTo(new NodeShellLines.Shell("aks-gpunp-12345678-vmss000000", KernelXid.NodeFrom.PROMPT,
        NodeLog.Via.NODE_SHELL));
  }

  @Test
  void sudoRunningANodeToolOnAHostIsTheNodesShellAndAPlainPromptIsNot() {
    assertThat(shells("""
        [ops@gpu-worker-7 ~]$ sudo nvidia-smi
        Failed to initialize NVML: Unknown Error
        """).get(2).node()).isEqualTo("gpu-worker-7");
    assertThat(shells("""
        $ sudo nvidia-smi
        Failed to initialize NVML: Unknown Error
        """).get(2)).isEqualTo(new NodeShellLines.Shell(null, KernelXid.NodeFrom.UNKNOWN, NodeLog.Via.NODE_SHELL));
    assertThat(shells("""
        ops@gpu-worker-7:~$ nvidia-smi
        Failed to initialize NVML: Unknown Error
        """)).isEmpty();
  }

  @Test
  void chrootToHostWithoutTheBannerIsADebugPodOfAnUnnamedNode() {
    assertThat(shells("""
        / # chroot /host
        # nvidia-smi
        Failed to initialize NVML: Unknown Error
        """).get(3)).isEqualTo(new NodeShellLines.Shell(null, KernelXid.NodeFrom.UNKNOWN, NodeLog.Via.DEBUG_POD));
  }

  @Test
  void aContainersShellIsNeverTheNodesWhateverHostItShows() {
    assertThat(shells("""
        $ kubectl exec -it vllm-7d9f8c7b5d-x7k2p -- bash
        root@vllm-7d9f8c7b5d-x7k2p:/workspace# nvidia-smi
        Failed to initialize NVML: Unknown Error
        """)).isEmpty();
    assertThat(shells("""
        $ kubectl -n kube-system exec -it nvidia-device-plugin-daemonset-5kq2x -- sh
        root@aks-gpunp-12345678-vmss000000:/# nvidia-smi
        Failed to initialize NVML: Unknown Error
        """)).as("a hostNetwork pod shows the node's hostname").isEmpty();
    assertThat(shells("""
        root@3f2a1b4c5d6e:/# sudo nvidia-smi
        Failed to initialize NVML: Unknown Error
        """)).isEmpty();
    assertThat(shells("""
        user@gpu-host:~$ sudo docker run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi
        Failed to initialize NVML: Unknown Error
        """)).isEmpty();
  }

  @Test
  void theShellEndsAtTheUsersOwnCommandsAndAtTheEndOfItsBlock() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        root@%s:/# nvidia-smi
        Failed to initialize NVML: Unknown Error

        And the pod's log:
        Failed to initialize NVML: Unknown Error
        $ kubectl logs vllm-0
        Failed to initialize NVML: Unknown Error
        """.formatted(NODE));
    assertThat(s).containsOnlyKeys(2);
  }

  @Test
  void nvidiaSmiQueryOutputGoesOnAcrossItsBlankLines() {
    Map<Integer, NodeShellLines.Shell> s = shells("""
        root@%s:/# nvidia-smi -q

        ==============NVSMI LOG==============

        Timestamp                                 : Sun Mar 16 23:12:40 2025
        Driver Version                            : 550.144.03

        Attached GPUs                             : 1
        GPU 00000002:00:00.0
            vGPU Software Licensed Product
                Product Name                      : NVIDIA RTX Virtual Workstation
                License Status                    : Unlicensed (Restricted)
        """.formatted(NODE));
    assertThat(s.get(12).node()).isEqualTo(NODE);
  }

  @Test
  void theNodesLinesBecomeNodeFactsAndNotAPodsLog() {
    Bundles.write(dir, "issue.md", """
        The pod fails with a CUDA error. On the node:

        ```
        $ kubectl debug node/%s -it --image=mcr.microsoft.com/cbl-mariner/busybox:2.0
        Creating debugging pod node-debugger-%s-p2x9q with container debugger on node %s.
        / # chroot /host
        root@%s:/# nvidia-smi
        Failed to initialize NVML: Unknown Error
        ```

        We run Standard_NV36ads_A10_v5.
        """.formatted(NODE, NODE, NODE, NODE));
    EvidenceBundle bundle = Bundles.read(dir);
    NodeLog l = Bundles.only(bundle, NodeLog.class);
    assertThat(l.node()).isEqualTo(NODE);
    assertThat(l.via()).isEqualTo(NodeLog.Via.DEBUG_POD);
    assertThat(l.kind()).isEqualTo(LogSignalKind.NVML_INIT_FAILED);
    assertThat(l.vmSize()).isEqualTo("Standard_NV36ads_A10_v5");
    assertThat(l.provenance().pointer()).isEqualTo("line 8");
    assertThat(Bundles.facts(bundle, LogSignal.class)).isEmpty();
  }

  @Test
  void theVgpuLicenceStateIsTheNodesWhereverItWasPrinted() {
    Bundles.write(dir, "target.yaml", """
        pool: nva10
        resource: node/%s
        capturedAt: "2025-03-16T23:30:00Z"
        """.formatted(NODE));
    Bundles.write(dir, "gridd.txt", """
        Mar 16 23:02:11 aks-nva10-41829376-vmss00000c nvidia-gridd[1873]: Valid GRID license not found. GPU features and performance will be restricted. To enable full functionality please configure licensing details.
        """);
    Bundles.write(dir, "smi.txt", """
            vGPU Software Licensed Product
                Product Name                      : NVIDIA Virtual Compute Server
                License Status                    : Unlicensed (Restricted)
        """);
    List<NodeLog> lines = Bundles.facts(Bundles.read(dir), NodeLog.class);
    assertThat(lines).extracting(NodeLog::node, NodeLog::nodeFrom, NodeLog::via).containsExactlyInAnyOrder(
        org.assertj.core.groups.Tuple.tuple("aks-nva10-41829376-vmss00000c", KernelXid.NodeFrom.LOG_LINE, NodeLog.Via.NODE_DAEMON),
        org.assertj.core.groups.Tuple.tuple(NODE, KernelXid.NodeFrom.TARGET, NodeLog.Via.NODE_DAEMON));
    assertThat(lines).allSatisfy(l -> assertThat(l.kind()).isEqualTo(LogSignalKind.GRID_UNLICENSED));
  }

  @Test
  void cudasLicenceErrorInAPodsLogStaysThePods() {
    Bundles.write(dir, "logs/ml/vllm-0/vllm.log",
        "2025-03-16T23:08:27.517000000Z RuntimeError: CUDA error: device doesn't have valid Grid license\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.only(bundle, LogSignal.class).kind()).isEqualTo(LogSignalKind.CUDA_DEVICE_NOT_LICENSED);
    assertThat(Bundles.facts(bundle, NodeLog.class)).isEmpty();
  }
}
