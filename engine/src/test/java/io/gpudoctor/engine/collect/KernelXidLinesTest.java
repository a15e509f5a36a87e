package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The NVIDIA driver's Xid lines in kernel logs: every capture form, the node and the time they carry. */
class KernelXidLinesTest {
  private static final String NODE = "aks-gpunp-41829376-vmss000000";
  private static final String TARGET = """
      subscription: 7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f
      resourceGroup: rg-llm-serving
      cluster: aks-llm-weu
      kubeContext: aks-llm-weu
      pool: gpunp
      namespace: inference
      resource: %s
      capturedAt: "2026-07-14T10:24:00Z"
      """;

  @TempDir Path dir;

  @ParameterizedTest(name = "{1}: {4}")
  @CsvSource(delimiter = '|', textBlock = """
      [ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus. | 79 | 0001:00:00 | python3 | GPU has fallen off the bus.
      Jul 14 10:19:52 aks-gpunp-41829376-vmss000000 kernel: NVRM: Xid (PCI:0001:00:00): 48, pid=2142, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0. | 48 | 0001:00:00 | python3 | An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.
      NVRM: Xid (PCI:0000:00:04): 13, pid=2142, name=python3, Graphics SM Warp Exception on (GPC 0, TPC 0, SM 0): Out Of Range Address | 13 | 0000:00:04 | python3 | Graphics SM Warp Exception on (GPC 0, TPC 0, SM 0): Out Of Range Address
      NVRM: Xid (PCI:0000:3b:00): 31, pid=2142, name=python3, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f1b_2a000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ | 31 | 0000:3b:00 | python3 | Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f1b_2a000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ
      NVRM: Xid (PCI:0000:00:1e): 94, pid=3311, name=python3, Contained: CE User Channel (0x9). RST: No, D-RST: No | 94 | 0000:00:1e | python3 | Contained: CE User Channel (0x9). RST: No, D-RST: No
      NVRM: Xid (PCI:0000:00:1e): 119, pid=1582259, name=nvc:[driver], Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20802a02 0x8). | 119 | 0000:00:1e | nvc:[driver] | Timeout after 6s of waiting for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20802a02 0x8).
      NVRM: Xid (PCI:0000:02:00): 79, GPU has fallen off the bus. | 79 | 0000:02:00 | | GPU has fallen off the bus.
      Dec  2 11:38:47 worker4 kernel: [  219.470994] NVRM: Xid (PCI:0000:07:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fffa8860 partition 7, subpartition 1. | 48 | 0000:07:00 | | An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x7fffa8860 partition 7, subpartition 1.
      [Wed Jul 31 23:14:18 2024] NVRM: Xid (PCI:0000:00:05): 43, pid=1045242, name=pt_main_thread, Ch 00000008 | 43 | 0000:00:05 | pt_main_thread | Ch 00000008
      Nov 29 11:28:11 zeus kernel: NVRM: Xid (PCI:0000:c1:00): 31, pid=12890, Ch 0000003b, intr 00000000. MMU Fault: ENGINE HOST0 HUBCLIENT_HOST_CPU faulted @ 0x1_0c3c0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE | 31 | 0000:c1:00 | | Ch 0000003b, intr 00000000. MMU Fault: ENGINE HOST0 HUBCLIENT_HOST_CPU faulted @ 0x1_0c3c0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE
      """)
  void everyDriverWordingGivesTheCodeTheBusIdTheProcessAndTheMessage(String line, int code, String bus, String process, String message) {
    KernelXidLines.Parsed p = KernelXidLines.parse(line);
    assertThat(p).isNotNull();
    assertThat(p.code()).isEqualTo(code);
    assertThat(p.pciBusId()).isEqualTo(bus);
    assertThat(p.processName()).isEqualTo(process);
    assertThat(p.message()).isEqualTo(message);
    assertThat(p.line()).isEqualTo(line.strip());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "[    4.108113] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
      "[    5.902114] NVRM: GPU at PCI:0001:00:00: GPU-48aeb943-9458-4282-da24-e5f49e0db441",
      "[    5.902120] NVRM: GPU 0001:00:00.0: has software scheduling enabled",
      "[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0",
      "DCGM_FI_DEV_XID_ERRORS{gpu=\"1\",err_code=\"79\",err_msg=\"GPU has fallen off the bus\"} 79",
      // cut inside the code: "7" may be the start of "79", so it is no Xid at all
      "[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 7",
      "[ 8234.412811] NVRM: Xid (PCI:0001:00"})
  void otherDriverLinesAndLinesCutBeforeTheCodeEndsAreNotXids(String line) {
    assertThat(KernelXidLines.parse(line)).isNull();
  }

  @Test
  void aLineCutAfterTheCodeKeepsWhatItHas() {
    KernelXidLines.Parsed cutInName = KernelXidLines.parse("[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=pyth");
    assertThat(cutInName.code()).isEqualTo(79);
    assertThat(cutInName.pid()).isEqualTo("0");
    assertThat(cutInName.processName()).isEqualTo("pyth");
    assertThat(cutInName.message()).isEmpty();
    assertThat(KernelXidLines.parse("NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen of").message()).isEqualTo("GPU has fallen of");
  }

  @Test
  void theHostOfAJournalOrSyslogLineIsTheNodeDmesgNamesNone() {
    assertThat(KernelXidLines.parse("Jul 14 10:19:52 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.")
        .host()).isEqualTo(NODE);
    assertThat(KernelXidLines.parse("2026-07-14T10:19:52+0000 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.")
        .host()).isEqualTo(NODE);
    assertThat(KernelXidLines.parse("[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.")
        .host()).isNull();
  }

  @Test
  void dmesgSecondsSinceBootAreNoTimeAbsolutePrefixesAre() {
    assertThat(KernelXidLines.parse("[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.").at()).isNull();
    assertThat(KernelXidLines.parse("2026-07-14T10:19:52.118233Z NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.").at())
        .isEqualTo(Instant.parse("2026-07-14T10:19:52.118233Z"));
    assertThat(KernelXidLines.parse("2026-07-14T10:19:52+0000 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.").at())
        .isEqualTo(Instant.parse("2026-07-14T10:19:52Z"));
    assertThat(KernelXidLines.parse("[Wed Jul 31 23:14:18 2024] NVRM: Xid (PCI:0000:00:05): 43, pid=1045242, name=pt_main_thread, Ch 00000008").at())
        .isEqualTo(Instant.parse("2024-07-31T23:14:18Z"));
  }

  @Test
  void aJournalLineTakesTheCaptureYearAndItsOwnHost() {
    write("journalctl-k.txt", "Jul 14 10:19:52 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 48, pid=2142, name=python3, "
        + "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.\n");
    write("target.yaml", TARGET.formatted("node/aks-gpunp-41829376-vmss000009"));
    EvidenceBundle bundle = Bundles.read(dir);
    KernelXid x = Bundles.only(bundle, KernelXid.class);
    assertThat(x.node()).isEqualTo(NODE);
    assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.LOG_LINE);
    assertThat(x.at()).isEqualTo(Instant.parse("2026-07-14T10:19:52Z"));
    assertThat(x.provenance().source()).isEqualTo("journalctl-k.txt");
    assertThat(x.provenance().pointer()).isEqualTo("line 1");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.KERNEL_LOG, "journalctl-k.txt"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void aDecemberJournalLineReadInJanuaryIsLastYears() {
    write("journalctl-k.txt", "Dec 31 23:59:58 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.\n");
    write("target.yaml", TARGET.replace("2026-07-14T10:24:00Z", "2027-01-01T00:10:00Z").formatted("pod/p"));
    assertThat(Bundles.only(Bundles.read(dir), KernelXid.class).at()).isEqualTo(Instant.parse("2026-12-31T23:59:58Z"));
  }

  @Test
  void withoutADeclaredCaptureTimeAJournalLineHasNoTime() {
    write("journalctl-k.txt", "Jul 14 10:19:52 " + NODE + " kernel: NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.\n");
    assertThat(Bundles.only(Bundles.read(dir), KernelXid.class).at()).isNull();
  }

  @Test
  void dmesgTakesTheNodeOfItsPathThenTheTargetsNodeElseNone() {
    String dmesg = "[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.\n";
    write("nodes/" + NODE + "/dmesg.txt", dmesg);
    write("target.yaml", TARGET.formatted("node/aks-gpunp-41829376-vmss000009"));
    KernelXid fromPath = Bundles.only(Bundles.read(dir), KernelXid.class);
    assertThat(fromPath.node()).isEqualTo(NODE);
    assertThat(fromPath.nodeFrom()).isEqualTo(KernelXid.NodeFrom.FILE_PATH);
    assertThat(fromPath.at()).isNull();

    Path second = dir.resolve("second");
    Bundles.write(second, "dmesg.txt", dmesg);
    Bundles.write(second, "target.yaml", TARGET.formatted("node/" + NODE));
    KernelXid fromTarget = Bundles.only(Bundles.read(second), KernelXid.class);
    assertThat(fromTarget.node()).isEqualTo(NODE);
    assertThat(fromTarget.nodeFrom()).isEqualTo(KernelXid.NodeFrom.TARGET);

    Path third = dir.resolve("third");
    Bundles.write(third, "dmesg.txt", dmesg);
    Bundles.write(third, "target.yaml", TARGET.formatted("pod/mistral-7b-6d9f7c8b5-x2kqp"));
    KernelXid unknown = Bundles.only(Bundles.read(third), KernelXid.class);
    assertThat(unknown.node()).isNull();
    assertThat(unknown.nodeFrom()).isEqualTo(KernelXid.NodeFrom.UNKNOWN);
    assertThat(unknown.subject()).isEqualTo("unknown node (GPU PCI:0001:00:00)");
  }

  @Test
  void aKernelLogWithoutAnXidIsReadAndYieldsNothing() {
    write("dmesg.txt", """
        [    4.108113] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024
        [    5.902120] NVRM: GPU 0001:00:00.0: has software scheduling enabled
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.facts(bundle, KernelXid.class)).isEmpty();
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied(Topics.KERNEL_LOG, "dmesg.txt"));
  }

  @Test
  void aJsonListQuotingAnXidIsStillJson() {
    assertThat(KernelXidLines.looksLikeKernelLog("[{\"message\":\"NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.\"}]")).isFalse();
    assertThat(KernelXidLines.looksLikeKernelLog("{\"message\":\"NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.\"}")).isFalse();
    assertThat(KernelXidLines.looksLikeKernelLog("[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, GPU has fallen off the bus.")).isTrue();
  }

  @Test
  void aContainerLogKeepsItsSignalsAndItsXidLines() {
    write("logs/default/node-debugger-" + NODE + "-x7k2p/debugger.log", """
        2026-07-14T10:19:52.412811Z [ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.
        2026-07-14T10:19:53.000000Z Failed to initialize NVML: Unknown Error
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    KernelXid x = Bundles.only(bundle, KernelXid.class);
    assertThat(x.node()).isEqualTo(NODE);
    assertThat(x.at()).isEqualTo(Instant.parse("2026-07-14T10:19:52.412811Z"));
    assertThat(Bundles.only(bundle, LogSignal.class).kind()).isEqualTo(LogSignalKind.NVML_INIT_FAILED);
  }

  @Test
  void aTicketWithAnOomLineAndAnXidLineKeepsBoth() {
    write("what-we-saw.txt", """
        INFO 03-03 10:20:40 model_runner.py:1025] Loading model weights took 14.9595 GB
        torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of 14.58 GiB of which 77.56 MiB is free.
        and on the node:
        NVRM: Xid (PCI:0001:00:00): 31, pid=2142, name=python3, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f1b_2a000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.only(bundle, LogSignal.class).kind()).isEqualTo(LogSignalKind.CUDA_OOM);
    assertThat(Bundles.only(bundle, KernelXid.class).provenance().pointer()).isEqualTo("line 4");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.LOGS, "what-we-saw.txt"), Read.supplied(Topics.KERNEL_LOG, "what-we-saw.txt"));
  }

  @Test
  void proseWithAnXidLineIsReadAsAKernelLog() {
    write("ticket.txt", """
        The node rebooted after this:
        NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(Bundles.only(bundle, KernelXid.class).code()).isEqualTo(79);
  }

  @Test
  void aNodeDebuggingSessionNamesItsNodeInKubectlsBanner() {
    String banner = """
        $ kubectl debug node/aks-gpunp-41829376-vmss000000 -it --image=mcr.microsoft.com/cbl-mariner/busybox:2.0
        Creating debugging pod node-debugger-aks-gpunp-41829376-vmss000000-x7k2p with container debugger on node aks-gpunp-41829376-vmss000000.
        If you don't see a command prompt, try pressing enter.
        / # chroot /host dmesg | grep NVRM
        [    4.108113] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024
        """;
    write("session.txt", banner + "[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.\n");
    write("target.yaml", TARGET.formatted("node/aks-gpunp-41829376-vmss000009"));
    KernelXid x = Bundles.only(Bundles.read(dir), KernelXid.class);
    assertThat(x.node()).isEqualTo(NODE);
    assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.DEBUG_POD);
    assertThat(x.provenance().pointer()).isEqualTo("line 6");

    Path clean = dir.resolve("clean");
    Bundles.write(clean, "session.txt", banner);
    EvidenceBundle bundle = Bundles.read(clean);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(Bundles.facts(bundle, KernelXid.class)).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      I0714 10:19:52.118274       1 health.go:210] XidCriticalError: Xid=48 on Device=GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63; marking device as unhealthy. | 48 | GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63
      2021/03/02 10:19:52 XidCriticalError: Xid=69 on Device=GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0, the device will go unhealthy. | 69 | GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0
      E0714 10:19:52.118274       1 nvidia.go:212] XidCriticalError: Xid=79 on Device=1, uuid=GPU-3c4d5e6f-7a8b-9c0d-1e2f-3a4b5c6d7e8f, the device will go unhealthy. | 79 | GPU-3c4d5e6f-7a8b-9c0d-1e2f-3a4b5c6d7e8f
      2021/03/02 10:19:52 XidCriticalError: Xid=94 on GPU=GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0, the device will go unhealthy. | 94 | GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0
      2021/03/02 10:19:52 XidCriticalError: Xid=79, All devices will go unhealthy. | 79 | all devices
      """)
  void theDevicePluginsHealthLinesOfEveryVersionAreXidsOfTheDeviceItMarks(String line, int code, String device) {
    KernelXidLines.Parsed p = KernelXidLines.parse(line);
    assertThat(p).isNotNull();
    assertThat(p.code()).isEqualTo(code);
    assertThat(p.deviceId()).isEqualTo(device);
    assertThat(p.pciBusId()).isNull();
    assertThat(p.reporter()).isEqualTo(KernelXid.Reporter.DEVICE_PLUGIN);
    assertThat(p.message()).isNull();
  }

  @Test
  void aPluginLineCutBeforeItsDeviceIsNotRead() {
    assertThat(KernelXidLines.parse("XidCriticalError: Xid=4")).isNull();
    assertThat(KernelXidLines.parse("I0714 10:19:52.118274       1 health.go:210] XidCriticalError: Xid=48 on Device=GPU-7f3a")).isNull();
  }

  @Test
  void goLogTimesOfTheOlderPluginAreTimes() {
    assertThat(KernelXidLines.parse("2021/03/02 10:19:52 XidCriticalError: Xid=48 on Device=GPU-0b1c, the device will go unhealthy.").at())
        .isEqualTo(Instant.parse("2021-03-02T10:19:52Z"));
  }

  @Test
  void theOneLineFallenOffTheBusIsXid79OfItsBusId() {
    KernelXidLines.Parsed p = KernelXidLines.parse("Jul 14 10:19:52 " + NODE + " kernel: NVRM: GPU 0000:3b:00.0: GPU has fallen off the bus.");
    assertThat(p.code()).isEqualTo(79);
    assertThat(p.pciBusId()).isEqualTo("0000:3b:00");
    assertThat(p.host()).isEqualTo(NODE);
    assertThat(p.reporter()).isEqualTo(KernelXid.Reporter.DRIVER);
  }

  @Test
  void theFallenOffLineAfterItsXid79LineIsTheSameEvent() {
    write("journalctl-k.txt", """
        Jul 14 10:19:52 %1$s kernel: NVRM: Xid (PCI:0001:00:00): 79, pid=2142, name=python3, GPU has fallen off the bus.
        Jul 14 10:19:52 %1$s kernel: NVRM: GPU 0001:00:00.0: GPU has fallen off the bus.
        Jul 14 10:19:52 %1$s kernel: NVRM: GPU 0002:00:00.0: GPU has fallen off the bus.
        """.formatted(NODE));
    assertThat(Bundles.facts(Bundles.read(dir), KernelXid.class)).extracting(x -> x.pciBusId() + " " + x.provenance().pointer())
        .containsExactly("0001:00:00 line 1", "0002:00:00 line 3");
  }

  @Test
  void theNewerDriversThreeLinesAreOneXid79() {
    write("dmesg.txt", """
        [ 1843.301122] nvidia-nvswitch: probe of 0000:05:00.0 failed with error -1
        [ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0
        [ 1843.308145] NVRM: (PCI ID: 10de:26b5) installed in this system has
        [ 1843.308145] NVRM: fallen off the bus and is not responding to commands.
        [ 1843.308201] nvidia 0000:b3:00.0: can't change power state from D3cold to D0 (config space inaccessible)
        """);
    write("target.yaml", TARGET.formatted("node/" + NODE));
    KernelXid x = Bundles.only(Bundles.read(dir), KernelXid.class);
    assertThat(x.code()).isEqualTo(79);
    assertThat(x.pciBusId()).isEqualTo("0000:b3:00");
    assertThat(x.message()).isEqualTo(
        "The NVIDIA GPU 0000:b3:00.0 (PCI ID: 10de:26b5) installed in this system has fallen off the bus and is not responding to commands.");
    assertThat(x.provenance().pointer()).isEqualTo("line 2");
    assertThat(x.line()).startsWith("[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0 [ 1843.308145] NVRM: (PCI ID")
        .endsWith("not responding to commands.");
    assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.TARGET);
  }

  @Test
  void aGpuHeaderWithoutTheFallenOffLineIsNoXid() {
    write("dmesg.txt", """
        [ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0
        [ 1843.308145] NVRM: (PCI ID: 10de:26b5) installed in this system is not supported by the
        [ 1843.308145] NVRM: NVIDIA 535.54.03 driver release.
        """);
    assertThat(Bundles.facts(Bundles.read(dir), KernelXid.class)).isEmpty();
  }

  @Test
  void theDevicePluginsLogTakesTheNodeItsPodRunsOn() {
    String pluginPod = "nvidia-device-plugin-daemonset-7xk2p";
    write("pods.json", """
        {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": "%s", "namespace": "kube-system", "creationTimestamp": "2026-07-11T05:21:00Z"},
         "spec": {"nodeName": "%s", "containers": [{"name": "nvidia-device-plugin-ctr", "image": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"}]},
         "status": {"phase": "Running"}}
        """.formatted(pluginPod, NODE));
    write("logs/kube-system/" + pluginPod + "/nvidia-device-plugin-ctr.log", """
        2026-07-14T10:19:52.118274000Z I0714 10:19:52.118274       1 health.go:210] XidCriticalError: Xid=48 on Device=GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63; marking device as unhealthy.
        2026-07-14T10:19:52.118301000Z I0714 10:19:52.118301       1 server.go:263] 'nvidia.com/gpu' device marked unhealthy: GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    KernelXid x = Bundles.only(bundle, KernelXid.class);
    assertThat(x.node()).isEqualTo(NODE);
    assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.LOG_POD);
    assertThat(x.logPod()).isEqualTo("kube-system/" + pluginPod);
    assertThat(x.deviceId()).isEqualTo("GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63");
    assertThat(x.at()).isEqualTo(Instant.parse("2026-07-14T10:19:52.118274Z"));
    assertThat(x.gpuSubject()).isEqualTo(NODE + "/GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63");
    assertThat(Bundles.only(bundle, LogSignal.class).kind()).isEqualTo(LogSignalKind.DEVICE_MARKED_UNHEALTHY);
    assertThat(bundle.reads()).contains(Read.supplied(Topics.LOGS, "logs/kube-system/" + pluginPod + "/nvidia-device-plugin-ctr.log"));
  }

  @Test
  void aPastedPluginLogWithoutItsPodHasNoNode() {
    write("plugin.txt", "I0714 10:19:52.118274       1 health.go:210] XidCriticalError: Xid=79 on Device=GPU-7f3a9c2e; marking device as unhealthy.\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.unreadable()).isEmpty();
    KernelXid x = Bundles.only(bundle, KernelXid.class);
    assertThat(x.nodeKnown()).isFalse();
    assertThat(x.subject()).isEqualTo("unknown node (GPU GPU-7f3a9c2e)");
  }

  @Test
  void theHostOfThePromptBeforeDmesgNamesTheNodeOfItsLines() {
    write("issue.md", """
        ```
        root@node4:~# dmesg -T |grep NVRM
        [Fri Aug  9 13:32:56 2024] NVRM: GPU at PCI:0000:00:08: GPU-c24840ec-8de1-83d5-b126-08000173ae32
        [Fri Aug  9 13:32:56 2024] NVRM: Xid (PCI:0000:00:08): 94, pid='<unknown>', name=<unknown>, Contained: SM (0x1). RST: No, D-RST: No
        ```
        The other node logged this, copied without the prompt:
        ```
        [Fri Aug  9 14:02:11 2024] NVRM: Xid (PCI:0000:00:05): 48, pid=2142, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.
        ```
        """);

    assertThat(Bundles.facts(Bundles.read(dir), KernelXid.class)).satisfiesExactlyInAnyOrder(
        x -> {
          assertThat(x.code()).isEqualTo(94);
          assertThat(x.node()).isEqualTo("node4");
          assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.PROMPT);
          assertThat(x.nodeQuote()).isEqualTo("node node4 (from the shell prompt of the dmesg/journalctl -k command that printed it)");
        },
        x -> {
          assertThat(x.code()).isEqualTo(48);
          assertThat(x.nodeKnown()).isFalse();
        });
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"[root@gpu-07 ~]# journalctl -k --no-pager | grep NVRM", "(base) ops@gpu-07:~$ sudo dmesg",
      "ops@gpu-07 ~ % journalctl --dmesg -b"})
  void everyPromptFormBeforeAKernelLogCommandNamesItsHost(String prompt) {
    write("node.txt", prompt + "\n[ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.\n");
    KernelXid x = Bundles.only(Bundles.read(dir), KernelXid.class);
    assertThat(x.node()).isEqualTo("gpu-07");
    assertThat(x.nodeFrom()).isEqualTo(KernelXid.NodeFrom.PROMPT);
  }

  @Test
  void aPromptBeforeAnotherCommandNamesNoNode() {
    write("node.txt", """
        ops@gpu-07:~$ journalctl -u kubelet --no-pager | grep -i xid
        [ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.
        """);
    assertThat(Bundles.only(Bundles.read(dir), KernelXid.class).nodeKnown()).isFalse();
  }

  private void write(String name, String content) {
    Bundles.write(dir, name, content);
  }
}