package io.gpudoctor.facts;

import java.time.Instant;

/**
 * An Xid the NVIDIA driver wrote to the kernel log ({@code NVRM: Xid (PCI:0000:3b:00): 79, ...}),
 * as pasted from dmesg, {@code journalctl -k}, syslog or a node-problem-detector event. It names the
 * GPU by PCI bus id, not by the index DCGM uses, so it stands beside {@link XidError} rather than
 * pretending to be one. Which codes are hardware faults is rule knowledge (observability.drl).
 *
 * @param node the node the line was logged on, or null when nothing says which
 * @param nodeFrom how the node is known (the line's own host, the file path, the target)
 * @param at when it was logged, or null (dmesg's seconds since boot, or a journal time whose year
 *     is unknown because target.yaml gives no capturedAt)
 * @param line the line exactly as it appears in the file
 */
public record KernelXid(
    int code, String message, String pciBusId, String pid, String processName, String node, NodeFrom nodeFrom,
    Instant at, String line, Provenance provenance) {

  /** How the node of a kernel log line is known. */
  public enum NodeFrom {
    /** the host of its journal/syslog prefix, or the node of the event that carries it */
    LOG_LINE("the host the log line names"),
    /** the node {@code kubectl debug node/NAME} said it created its pod on, in the same file */
    DEBUG_POD("the kubectl debug node line of the file"),
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
  }

  public boolean nodeKnown() {
    return node != null && !node.isBlank();
  }

  /** What a finding is about: the node, or the GPU's bus id on an unknown node (never a guessed node). */
  public String subject() {
    return nodeKnown() ? node : "unknown node (GPU PCI:" + pciBusId + ")";
  }

  /** {@code <node>/PCI:<bus id>}, or the bus id on an unknown node: one GPU. */
  public String gpuSubject() {
    return (nodeKnown() ? node : "unknown-node") + "/PCI:" + pciBusId;
  }

  public String nodeQuote() {
    return nodeKnown() ? "node " + node + " (from " + nodeFrom.description() + ")" : "an unknown node (" + nodeFrom.description() + ")";
  }

  /** Where the line is, for a summary: {@code dmesg.txt line 12}. */
  public String where() {
    return provenance.source() + (provenance.pointer().isEmpty() ? "" : " " + provenance.pointer());
  }

  public String quote() {
    return "Xid " + code + (message == null || message.isBlank() ? "" : " \"" + message + "\"") + " on the GPU at PCI:"
        + pciBusId + (processName == null ? "" : " (process " + processName + (pid == null ? "" : ", pid " + pid) + ")")
        + (at == null ? "" : " at " + at);
  }

  /** The exact line, where it was read. */
  public Evidence evidence() {
    return provenance.quote(line);
  }
}
