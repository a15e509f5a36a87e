package io.gpudoctor.facts;

import java.time.Instant;

/**
 * An Xid as a log line shows it: the NVIDIA driver's own kernel-log line ({@code NVRM: Xid (PCI:0000:3b:00): 79, ...},
 * or the newer drivers' three-line {@code NVRM: The NVIDIA GPU 0000:b3:00.0 ... fallen off the bus}, which is Xid 79),
 * as pasted from dmesg, {@code journalctl -k}, syslog or a node-problem-detector event; or the NVIDIA device
 * plugin's health check, which logs the Xid it received from NVML when it marks a GPU unhealthy
 * ({@code XidCriticalError: Xid=48 on Device=GPU-...}). The driver names the GPU by PCI bus id, the plugin by
 * its device id (UUID), never by the index DCGM uses, so this stands beside {@link XidError} rather than
 * pretending to be one. Which codes are hardware faults is rule knowledge (observability.drl).
 *
 * @param pciBusId the GPU's PCI bus id as the driver writes it, or null (the plugin names a device id)
 * @param deviceId the GPU as the device plugin names it (a {@code GPU-}/{@code MIG-} UUID, or an index), or null
 * @param node the node the line was logged on, or null when nothing says which
 * @param nodeFrom how the node is known (the line's own host, the file path, the target)
 * @param reporter who wrote the line
 * @param logPod {@code namespace/pod} whose container log the line is in, when its path says so; else null
 * @param at when it was logged, or null (dmesg's seconds since boot, or a journal time whose year
 *     is unknown because target.yaml gives no capturedAt)
 * @param line the line exactly as it appears in the file (the lines, joined by a space, of a multi-line message)
 */
public record KernelXid(
    int code, String message, String pciBusId, String deviceId, String pid, String processName, String node,
    NodeFrom nodeFrom, Reporter reporter, String logPod, Instant at, String line, Provenance provenance) {

  /** How the node of a log line is known. */
  public enum NodeFrom {
    /** the host of its journal/syslog prefix, or the node of the event that carries it */
    LOG_LINE("the host the log line names"),
    /**
     * the host of the shell prompt ({@code root@node4:~# dmesg -T}) of the dmesg or journalctl -k command the
     * line is output of: the machine's hostname, which the kubelet takes as the node name unless told otherwise
     */
    PROMPT("the shell prompt of the dmesg/journalctl -k command that printed it"),
    /** the node {@code kubectl debug node/NAME} said it created its pod on, in the same file */
    DEBUG_POD("the kubectl debug node line of the file"),
    /** the node the pod whose container log it is runs on (a device plugin pod runs on the node it watches) */
    LOG_POD("the node the pod whose log it is runs on"),
    /** a node name in the file's path */
    FILE_PATH("the file path"),
    /** the node target.yaml names ({@code resource: node/NAME}): the line itself names none */
    TARGET("target.yaml (resource node/NAME); the line itself names no host"),
    UNKNOWN("nothing: neither the line, its file path nor target.yaml names the node");

    private final String description;

    NodeFrom(String description) {
      this.description = description;
    }

    public String description() {
      return description;
    }

    /** {@code node N (from how it is known)}, or an unknown node; {@code logPod} names the pod of a LOG_POD node. */
    public String quote(String node, String logPod) {
      String from = this == LOG_POD && logPod != null ? "the node pod " + logPod + " runs on" : description;
      return node != null && !node.isBlank() ? "node " + node + " (from " + from + ")" : "an unknown node (" + from + ")";
    }
  }

  /** Who logged the Xid. */
  public enum Reporter {
    /** the NVIDIA kernel driver (NVRM), in the kernel log */
    DRIVER,
    /** the NVIDIA device plugin's health check, in its container log: it marks the GPU unhealthy */
    DEVICE_PLUGIN
  }

  public boolean nodeKnown() {
    return node != null && !node.isBlank();
  }

  public boolean fromDevicePlugin() {
    return reporter == Reporter.DEVICE_PLUGIN;
  }

  /** The GPU as the line names it: {@code PCI:<bus id>}, else the plugin's device id. */
  public String gpuName() {
    if (pciBusId != null) return "PCI:" + pciBusId;
    return deviceId != null ? deviceId : "unnamed";
  }

  /** What a finding is about: the node, or the GPU on an unknown node (never a guessed node). */
  public String subject() {
    return nodeKnown() ? node : "unknown node (GPU " + gpuName() + ")";
  }

  /** {@code <node>/PCI:<bus id>} (or {@code <node>/<device id>}), or the GPU on an unknown node: one GPU. */
  public String gpuSubject() {
    return (nodeKnown() ? node : "unknown-node") + "/" + gpuName();
  }

  public String nodeQuote() {
    return nodeFrom.quote(node, logPod);
  }

  /** Where the line is, for a summary: {@code dmesg.txt line 12}. */
  public String where() {
    return provenance.source() + (provenance.pointer().isEmpty() ? "" : " " + provenance.pointer());
  }

  /** The start of a sentence that says who wrote the line and where it is. */
  public String shownIn() {
    return fromDevicePlugin()
        ? "The NVIDIA device plugin's log (" + where() + ") reports the driver's"
        : "The kernel log (" + where() + ") shows the NVIDIA driver's";
  }

  public String quote() {
    String gpu = pciBusId != null ? " on the GPU at PCI:" + pciBusId : deviceId != null ? " on GPU " + deviceId : "";
    return "Xid " + code + (message == null || message.isBlank() ? "" : " \"" + message + "\"") + gpu
        + (processName == null ? "" : " (process " + processName + (pid == null ? "" : ", pid " + pid) + ")")
        + (at == null ? "" : " at " + at);
  }

  /** The exact line, where it was read. */
  public Evidence evidence() {
    return provenance.quote(line);
  }
}
