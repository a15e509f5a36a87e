package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.MentionedVmSize;
import io.gpudoctor.facts.NodeGroupNames;
import io.gpudoctor.facts.NodeLog;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of pasted text that a shell on the GPU node printed, not a container: what people paste from
 * <pre>
 * $ kubectl debug node/aks-nva10-41829376-vmss000000 -it --image=mcr.microsoft.com/cbl-mariner/busybox:2.0
 * Creating debugging pod node-debugger-aks-nva10-41829376-vmss000000-x7k2p with container debugger on node aks-nva10-41829376-vmss000000.
 * / # chroot /host
 * root@aks-nva10-41829376-vmss000000:/# nvidia-smi
 * Failed to initialize NVML: Unknown Error
 * </pre>
 * or from a prompt on the node ({@code azureuser@aks-gpunp-12345678-vmss000000:~$ sudo nvidia-smi}, {@code sudo
 * nvidia-smi} on a host). A node shell starts at {@code kubectl debug node/NAME} or its banner ({@code Creating
 * debugging pod ... on node NAME.}, kubectl/pkg/cmd/debug), at {@code chroot /host} (the debug pod's mount of the
 * node's root), at a prompt whose host is an AKS node ({@code aks-<pool>-<digits>-vmss<6>}, the hostname of its VM,
 * upper case and all) or the node the banner named, and at {@code sudo} running a node tool ({@code nvidia-smi},
 * {@code dmesg}, {@code journalctl}, {@code systemctl}, {@code lsmod}, {@code modprobe}, ...) on a host that is no
 * container's. It ends at a command run at the user's own machine ({@code kubectl}, {@code az}), at a prompt of
 * another host, at a heading, and at a blank line (a closed code fence) unless {@code nvidia-smi -q} output goes on
 * after it. {@code kubectl exec}, {@code docker run|exec} and the like open a container's shell: its prompt
 * ({@code root@vllm-0:/#}, {@code root@3f2a1b4c5d6e:/#}) is never the node's, and neither is a prompt at a Deployment pod's
 * name (a {@code hostNetwork} pod shows the node's hostname, so the session's start decides).
 * <p>
 * The node's own NVML and licence lines there are {@link NodeLog} facts, never a container's log line. nvidia-smi's
 * {@code License Status : Unlicensed...} and nvidia-gridd's lines are the node driver's state wherever they were
 * printed: they are node lines too, the node then known as for the kernel lines ({@link KernelLineOrigin}: the
 * syslog line's own host, the debug banner, the pod whose log it is, the file path, target.yaml).
 */
final class NodeShellLines {
  /** The kinds a node shell's line is the node's, not a container's: NVML and nvidia-smi on the host, the vGPU licence. */
  private static final Set<LogSignalKind> NODE_KINDS = Set.of(LogSignalKind.NVML_INIT_FAILED,
      LogSignalKind.DRIVER_LIBRARY_MISMATCH, LogSignalKind.NVIDIA_SMI_NO_DRIVER, LogSignalKind.GRID_UNLICENSED,
      LogSignalKind.CUDA_DEVICE_NOT_LICENSED);

  /** kubectl debug node/NAME (also nodes/NAME, no/NAME), with or without a prompt and flags before it. */
  private static final Pattern DEBUG_NODE_COMMAND = Pattern.compile(
      "\\bkubectl\\b.*?\\sdebug\\s+(?:.*?\\s)?(?:nodes?|no)/([A-Za-z0-9][A-Za-z0-9.-]*)");
  /** kubectl debug's sysadmin profile runs the node's debug pod privileged: no device cgroup of its own. */
  private static final Pattern SYSADMIN_PROFILE = Pattern.compile("\\s--profile[=\\s]sysadmin\\b");
  /** A command that opens a container's shell: its prompts are the container's, whatever host they show. */
  private static final Pattern CONTAINER_SHELL = Pattern.compile(
      "(?:^|\\s)(?:kubectl\\b.*?\\s(?:exec|attach|run)|(?:docker|podman|nerdctl)\\s+(?:\\S+\\s+)*?(?:exec|run)|crictl\\s+exec|ctr\\s+(?:\\S+\\s+)*?run)\\s");
  /** {@code user@host...$ command}: bash's {@code root@aks-x:/#}, Red Hat's {@code [root@gpu-07 ~]#}, a conda env before it. */
  private static final Pattern USER_HOST_PROMPT = Pattern.compile(
      "^\\s*(?:\\([\\w.@-]+\\)\\s+)?\\[?([\\w.-]+)@([A-Za-z0-9][A-Za-z0-9._-]*?)(?:[:\\s][^$#%>\\]]*)?\\]?\\s?[$#%>]\\s+(\\S.*)$");
  /** A prompt without user and host: {@code / # chroot /host}, {@code $ sudo nvidia-smi}, {@code ~ # nvidia-smi}. */
  private static final Pattern BARE_PROMPT = Pattern.compile("^\\s*(?:[~/]\\S*\\s?)?[$#%>]\\s+(\\S.*)$");
  /** A node tool run with sudo: nvidia-smi and the driver's tools, the kernel log, the node's services and modules. */
  private static final Pattern SUDO_NODE_TOOL = Pattern.compile(
      "^sudo\\s+(?:-\\S+\\s+)*(?:nvidia-smi|nvidia-bug-report\\.sh|nvidia-ctk|dmesg|journalctl|systemctl|lsmod|modprobe|"
          + "modinfo|lspci|cat\\s+/proc/driver/nvidia|cat\\s+/var/log/)\\b");
  /** The debug pod's view of the node's root: {@code chroot /host}. */
  private static final Pattern CHROOT_HOST = Pattern.compile("^(?:sudo\\s+)?chroot\\s+/host\\b");
  /** A container's hostname: docker's short or full id. */
  private static final Pattern CONTAINER_ID = Pattern.compile("^[0-9a-f]{12}(?:[0-9a-f]{52})?$");
  /** A Deployment's pod ({@code vllm-7d9f8c7b5d-x7k2p}): its ReplicaSet's hash and its own suffix. */
  private static final Pattern POD_NAME = Pattern.compile("^[a-z0-9.-]+-[a-z0-9]{8,10}-[a-z0-9]{5}$");
  /**
   * nvidia-smi -q's output, which has blank lines between its sections: its header, the top-level fields, a GPU's
   * heading and the indented fields under it.
   */
  private static final Pattern NVSMI_QUERY = Pattern.compile(
      "^(?:=+NVSMI LOG=+|(?:Timestamp|Driver Version|CUDA Version|Attached GPUs)\\s+:|GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:"
          + "[0-9A-Fa-f]{2}\\.\\d|\\s+\\S.*?\\s:\\s)");
  /** A syslog or journal line of the vGPU licensing daemon names its host: {@code Mar 16 23:02:11 HOST nvidia-gridd[1873]: }. */
  private static final Pattern DAEMON_HOST = Pattern.compile(
      "^(?:[A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2}|\\d{4}-\\d{2}-\\d{2}T\\S+) ([A-Za-z0-9][A-Za-z0-9._-]*) nvidia-gridd(?:\\[\\d+\\])?: ");

  private NodeShellLines() {}

  /** The node shell a line was printed in: the node when the text names it, how that is known, and how it was reached. */
  record Shell(String node, KernelXid.NodeFrom from, NodeLog.Via via) {}

  /** Whether a node shell can be in the text at all: a cheap test every pasted text passes. */
  static boolean mayHave(String text) {
    return text.contains("Creating debugging pod ") || text.contains(" debug n") || text.contains("sudo ")
        || text.contains("@aks-") || text.contains("chroot /host");
  }

  /** The node shells of the lines: line number (1-based) to the shell it was printed in, for output lines only. */
  static Map<Integer, Shell> of(List<String> lines) {
    Map<Integer, Shell> shells = new HashMap<>();
    Shell current = null;
    String debugNode = null;
    NodeLog.Via debugVia = NodeLog.Via.DEBUG_POD;
    boolean inContainer = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String l = line.strip();
      Matcher banner = KernelXidLines.DEBUG_POD.matcher(line);
      if (banner.find()) {
        debugNode = banner.group(1).toLowerCase(Locale.ROOT);
        current = new Shell(debugNode, KernelXid.NodeFrom.DEBUG_POD, debugVia);
        inContainer = false;
        continue;
      }
      if (l.isEmpty()) {
        if (current != null && !queryOutputFollows(lines, i)) current = null;
        continue;
      }
      // "# nvidia-smi" in a root shell is a prompt, elsewhere a Markdown heading.
      if (MarkdownText.isHeading(line) && (current == null || !BARE_PROMPT.matcher(line).find())) {
        current = null;
        continue;
      }
      if (CommandContext.isCommand(line)) {
        Matcher debug = DEBUG_NODE_COMMAND.matcher(line);
        if (debug.find()) {
          debugNode = debug.group(1).toLowerCase(Locale.ROOT);
          // A privileged debug pod (--profile=sysadmin) is a shell on the node like ssh.
          debugVia = SYSADMIN_PROFILE.matcher(line).find() ? NodeLog.Via.NODE_SHELL : NodeLog.Via.DEBUG_POD;
          current = new Shell(debugNode, KernelXid.NodeFrom.DEBUG_POD, debugVia);
          inContainer = false;
        } else {
          // A command at the user's own machine; an exec opens a container's shell.
          current = null;
          inContainer = CONTAINER_SHELL.matcher(line).find();
        }
        continue;
      }
      String[] prompt = CommandContext.SHELL_PROMPT.matcher(line).find() ? prompt(line) : null;
      if (prompt != null) {
        if (CONTAINER_SHELL.matcher(" " + prompt[2]).find()) {
          current = null;
          inContainer = true;
        } else if (prompt[2].equals("exit")) {
          inContainer = false;
        } else if (!inContainer) {
          current = next(current, prompt[1], prompt[2], debugNode, debugVia);
        }
        continue;
      }
      if (current != null) shells.put(i + 1, current);
    }
    return shells;
  }

  /** {@code [user, host, command]} of a prompt line (user and host null for a bare prompt), or null. */
  private static String[] prompt(String line) {
    Matcher p = USER_HOST_PROMPT.matcher(line);
    if (p.find()) return new String[] {p.group(1), p.group(2).toLowerCase(Locale.ROOT), p.group(3).strip()};
    Matcher b = BARE_PROMPT.matcher(line);
    return b.find() ? new String[] {null, null, b.group(1).strip()} : null;
  }

  /** The shell after a prompt at {@code host} (null: a bare prompt) running {@code command}. */
  private static Shell next(Shell current, String host, String command, String debugNode, NodeLog.Via debugVia) {
    boolean nodeTool = SUDO_NODE_TOOL.matcher(command).find();
    if (host == null) {
      if (current != null) return current;
      // chroot /host is the node debug pod's; its node is not in the text when the banner was cut.
      if (CHROOT_HOST.matcher(command).find()) return new Shell(null, KernelXid.NodeFrom.UNKNOWN, NodeLog.Via.DEBUG_POD);
      return nodeTool ? new Shell(null, KernelXid.NodeFrom.UNKNOWN, NodeLog.Via.NODE_SHELL) : null;
    }
    if (host.equals(debugNode)) return new Shell(host, KernelXid.NodeFrom.DEBUG_POD, debugVia);
    if (current != null && host.equals(current.node())) return current;
    if (NodeGroupNames.aksNode(host)) return new Shell(host, KernelXid.NodeFrom.PROMPT, NodeLog.Via.NODE_SHELL);
    if (CONTAINER_ID.matcher(host).matches() || POD_NAME.matcher(host).matches()) return null;
    return nodeTool ? new Shell(host, KernelXid.NodeFrom.PROMPT, NodeLog.Via.NODE_SHELL) : null;
  }

  /** Whether nvidia-smi -q's output goes on after the blank line at {@code blank} (0-based). */
  private static boolean queryOutputFollows(List<String> lines, int blank) {
    for (int j = blank + 1; j < lines.size(); j++) {
      if (lines.get(j).isBlank()) continue;
      return NVSMI_QUERY.matcher(lines.get(j)).find();
    }
    return false;
  }

  /** The host a vGPU licensing daemon's syslog line names, or null. */
  static String daemonHost(String line) {
    Matcher m = DAEMON_HOST.matcher(line.strip());
    return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
  }

  /** Whether a classified line of this kind is the node's when a node shell printed it. */
  static boolean nodeKind(LogSignalKind kind) {
    return NODE_KINDS.contains(kind);
  }

  /** Whether a classified line is the node's wherever it was printed: the node driver's vGPU licence state. */
  static boolean nodeStateKind(LogSignalKind kind) {
    return kind == LogSignalKind.GRID_UNLICENSED;
  }

  /**
   * The node lines of one text as it is read; {@link #place} turns them into {@link NodeLog} facts once the bundle
   * says the pods and the target (a line's node may be the node of the pod whose log it is, or target.yaml's).
   */
  static final class Collector {
    private final String path;
    private final String text;
    private final Map<Integer, Shell> shells;
    private final List<Object[]> lines = new ArrayList<>();

    private Collector(String path, String text, Map<Integer, Shell> shells) {
      this.path = path;
      this.text = text;
      this.shells = shells;
    }

    /** For a text: its node shells when it is pasted (a container's own log has none). */
    static Collector of(String path, String text, boolean pasted) {
      Map<Integer, Shell> shells = pasted && mayHave(text) ? NodeShellLines.of(Arrays.asList(text.split("\n", -1))) : Map.of();
      return new Collector(path, text, shells);
    }

    /** Takes the classified line {@code lineNo} (1-based) when it is the node's; false when it is a container's. */
    boolean take(int lineNo, LogSignalKind kind, String line) {
      Shell shell = shells.get(lineNo);
      if (shell != null ? !nodeKind(kind) : !nodeStateKind(kind)) return false;
      lines.add(new Object[] {lineNo, kind, line.strip(), shell});
      return true;
    }

    /** Adds the {@link NodeLog} facts once every file is read. */
    void place(BundleBuilder out) {
      if (lines.isEmpty()) return;
      out.used(Topics.LOGS, path);
      String[] all = text.split("\\R", -1);
      KernelLineOrigin origin = KernelLineOrigin.of(path, text, all);
      MentionedVmSize size = VmSizeMentions.only(path, Arrays.asList(all));
      List<Object[]> taken = List.copyOf(lines);
      out.later(2, placement -> {
        for (Object[] l : taken) {
          int lineNo = (Integer) l[0];
          String line = (String) l[2];
          Shell shell = (Shell) l[3];
          KernelLineOrigin.Node node = shell != null && shell.node() != null
              ? new KernelLineOrigin.Node(shell.node(), shell.from())
              : origin.node(lineNo, daemonHost(line), placement);
          placement.out().fact(new NodeLog(node.name(), node.from(), shell == null ? NodeLog.Via.NODE_DAEMON : shell.via(),
              size == null ? null : size.vmSize(), (LogSignalKind) l[1], line, Provenance.of(path, "line " + lineNo)));
        }
      });
    }
  }
}
