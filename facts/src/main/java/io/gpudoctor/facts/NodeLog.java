package io.gpudoctor.facts;

/**
 * A classified line the GPU node printed itself, not a container: output of a command run in a shell on the node
 * ({@code nvidia-smi} after {@code kubectl debug node/NAME} and {@code chroot /host}, at a {@code root@aks-...} prompt,
 * {@code sudo nvidia-smi} on a host), or a line of a node daemon's log ({@code nvidia-gridd} in syslog), or the
 * licence state of the node's vGPU driver however it was printed. What it says is about the node's driver, not
 * about one container's view of it.
 *
 * @param node the node the line was printed on, or null when nothing says which
 * @param nodeFrom how the node is known (the shell prompt, the debug banner, the log line's host, target.yaml)
 * @param via how the line came from the node
 * @param vmSize the one Azure VM size the same text names, or null: what the text says the machine is
 * @param line the line exactly as it appears in the file
 */
public record NodeLog(String node, KernelXid.NodeFrom nodeFrom, Via via, String vmSize, LogSignalKind kind,
    String line, Provenance provenance) {

  /** How the line came from the node. */
  public enum Via {
    /**
     * a shell of a {@code kubectl debug node} pod (its banner or command is in the text): host namespaces and the
     * host's files under {@code /host}, but the pod's own device cgroup unless it runs privileged
     * ({@code --profile=sysadmin}), even after {@code chroot /host}
     */
    DEBUG_POD,
    /**
     * a shell on the node itself: a prompt naming the node, {@code sudo} on a host, or a privileged node debug pod
     * ({@code kubectl debug node/N --profile=sysadmin})
     */
    NODE_SHELL,
    /** a node daemon's own log line, or the node driver's licence state printed by nvidia-smi wherever it ran */
    NODE_DAEMON
  }

  public boolean nodeKnown() {
    return node != null && !node.isBlank();
  }

  /** What a finding is about: the node, or a visible unknown (never a guessed node). */
  public String subject() {
    return nodeKnown() ? node : NodeFacts.UNNAMED;
  }

  /** {@code node N (from how it is known)}, or an unknown node. */
  public String nodeQuote() {
    String from = nodeFrom == KernelXid.NodeFrom.PROMPT ? "the host of the shell prompt the command ran at"
        : nodeFrom == KernelXid.NodeFrom.TARGET ? "target.yaml (resource node/NAME); the text names no host"
        : nodeFrom.description();
    return nodeKnown() ? "node " + node + " (from " + from + ")" : "an unknown node (" + from + ")";
  }

  /** Where the line is: {@code issue.md line 26}. */
  public String where() {
    return provenance.source() + (provenance.pointer().isEmpty() ? "" : " " + provenance.pointer());
  }

  /** The exact line, where it was read. */
  public Evidence evidence() {
    return provenance.quote(line);
  }
}
