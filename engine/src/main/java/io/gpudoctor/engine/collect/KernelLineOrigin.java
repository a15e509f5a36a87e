package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.ObjectKeys;
import io.gpudoctor.facts.PodFacts;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Which node a kernel-log line of one file was logged on, for every reader of kernel lines (Xids, OOM kills):
 * the line's own host, else the host of the shell prompt of the {@code dmesg} / {@code journalctl -k} command the
 * line is output of, else the node a {@code kubectl debug node} banner of the file names, else the node of the pod
 * whose container log it is, else a node name in the file path, else the node target.yaml names, else unknown:
 * never a guess.
 */
final class KernelLineOrigin {
  /** The node of one line and how it is known. */
  record Node(String name, KernelXid.NodeFrom from) {}

  private final Map<Integer, String> promptHosts;
  private final String debugNode;
  private final String pathNode;
  private final String logPod;

  private KernelLineOrigin(Map<Integer, String> promptHosts, String debugNode, String pathNode, String logPod) {
    this.promptHosts = promptHosts;
    this.debugNode = debugNode;
    this.pathNode = pathNode;
    this.logPod = logPod;
  }

  /** What the file says about where its lines come from; {@code lines} is the text split into lines. */
  static KernelLineOrigin of(String path, String text, String[] lines) {
    Map<Integer, String> promptHosts = text.indexOf('@') >= 0 ? KernelXidLines.promptHosts(lines) : Map.of();
    Matcher debug = KernelXidLines.DEBUG_POD.matcher(text);
    Matcher log = ContainerLogFormat.ATTRIBUTED.matcher(path);
    return new KernelLineOrigin(promptHosts, debug.find() ? debug.group(1) : null, KernelXidLines.nodeOfPath(path),
        log.find() ? ObjectKeys.key(log.group(1), log.group(2)) : null);
  }

  /** {@code namespace/pod} whose container log the file is, or null. */
  String logPod() {
    return logPod;
  }

  /**
   * The node of line {@code lineNumber} (1-based) whose own prefix names {@code lineHost} (or null), once the
   * bundle's pods and target are known.
   */
  Node node(int lineNumber, String lineHost, TextPlacement placement) {
    if (lineHost != null) return new Node(lineHost, KernelXid.NodeFrom.LOG_LINE);
    String prompt = promptHosts.get(lineNumber);
    if (prompt != null) return new Node(prompt, KernelXid.NodeFrom.PROMPT);
    if (debugNode != null) return new Node(debugNode, KernelXid.NodeFrom.DEBUG_POD);
    String podNode = logPod == null ? null : nodeOfPod(placement.out(), logPod);
    if (podNode != null) return new Node(podNode, KernelXid.NodeFrom.LOG_POD);
    if (pathNode != null) return new Node(pathNode, KernelXid.NodeFrom.FILE_PATH);
    String target = targetNode(placement);
    return target != null ? new Node(target, KernelXid.NodeFrom.TARGET) : new Node(null, KernelXid.NodeFrom.UNKNOWN);
  }

  /** The node a pod read from the evidence ran on, or null. */
  private static String nodeOfPod(BundleBuilder out, String podKey) {
    for (Object f : out.facts()) {
      if (f instanceof PodFacts pod && podKey.equals(pod.key()) && pod.nodeName() != null && !pod.nodeName().isBlank()) {
        return pod.nodeName();
      }
    }
    return null;
  }

  private static String targetNode(TextPlacement placement) {
    var t = placement.target();
    if (t == null || t.resourceName() == null || t.resourceName().isBlank() || t.resourceKind() == null) return null;
    String kind = t.resourceKind().toLowerCase(Locale.ROOT);
    return kind.equals("node") || kind.equals("nodes") || kind.equals("no") ? t.resourceName() : null;
  }
}
