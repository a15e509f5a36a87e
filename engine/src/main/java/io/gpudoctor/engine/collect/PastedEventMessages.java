package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The messages of Kubernetes events pasted bare, without their event row: in prose, inline code,
 * a title, a quote, a YAML {@code message:} field, a component's log line. Each becomes the event
 * the component records with it (domain 2, 3, 5.2):
 * <ul>
 *   <li>kube-scheduler: {@code 0/4 nodes are available: ...} (every version since 1.11),
 *       {@code no nodes available to schedule pods} -> FailedScheduling, default-scheduler;</li>
 *   <li>Volcano: {@code 0/101 nodes are unavailable: 100 Insufficient nvidia.com/gpu.} (older releases
 *       {@code all nodes are unavailable: ...}) -> FailedScheduling, volcano;</li>
 *   <li>kubelet admission: {@code Allocate failed due to <error>, which is unexpected}, in a pod's
 *       status prefixed {@code Pod was rejected: } (1.2x+) or {@code Pod } (older) ->
 *       UnexpectedAdmissionError, kubelet;</li>
 *   <li>kubelet admission: {@code Node didn't have enough resource: <res>, requested: N, used: U, capacity: C}
 *       (pkg/kubelet/lifecycle, 1.2x+ prefixed {@code Pod was rejected: } in the pod's status, older
 *       {@code Pod }) -> {@code OutOf<res>}, kubelet;</li>
 *   <li>kubelet eviction manager: {@code The node was low on resource: memory. ...} (evicted),
 *       {@code The node had condition: [MemoryPressure].} (rejected at admission), and over the pod's own
 *       ephemeral-storage limits {@code Pod ephemeral local storage usage exceeds the total limit of containers L.},
 *       {@code Container C exceeded its local ephemeral storage limit "L".}, {@code Usage of EmptyDir volume "V"
 *       exceeds the limit "L".} -> Evicted, kubelet;</li>
 *   <li>kubelet OOM watcher: {@code System OOM encountered[, victim process: P[, pid: N]]} -> SystemOOM
 *       about a node (the node the pasted command names, else none);</li>
 *   <li>kubelet image manager: {@code Failed to pull image "I": ...}, {@code Error: ErrImagePull},
 *       {@code Error: ImagePullBackOff} -> Failed; {@code Back-off pulling image "I"} -> BackOff;</li>
 *   <li>Karpenter: its event {@code Failed to schedule pod, incompatible with nodepool ...}, and its
 *       provisioner's log of the same errors, {@code Could not schedule pod, incompatible with ...}
 *       (v0.2x-v0.37: the JSON encoder's {@code "message"}, escaped, or the console encoder's text), or
 *       {@code "message":"could not schedule pod", ..., "error":"incompatible with nodepool ..."} (v1)
 *       -> FailedScheduling, karpenter;</li>
 *   <li>cluster-autoscaler: {@code pod didn't trigger scale-up: ...} (current), {@code pod didn't
 *       trigger scale-up (it wouldn't fit if a new node is added)[: ...]} (&lt;= 1.20) -> NotTriggerScaleUp;
 *       GKE's {@code Node scale up in zones ... associated with this pod failed: ...} -> FailedScaleUp;</li>
 *   <li>keda-operator: its event about a ScaledObject whose scaler it cannot build or query, pasted as
 *       {@code KEDAScalerFailed: <error>} ({@code error parsing prometheus metadata: missing required parameter
 *       "serverAddress" in [triggerMetadata]}, the error going on over the next, indented line) -> KEDAScalerFailed,
 *       keda-operator, about a ScaledObject it does not name.</li>
 * </ul>
 * The event is about the pod the last pasted command names ({@code kubectl describe pod P}), or the
 * pod a log line names (the scheduler's {@code pod="ns/name"}, Karpenter's {@code "pod":"ns/name"}
 * or {@code "Pod":{"name":..,"namespace":..}}), else about no named pod (placed like a bare event row). A message an event row of the file already carries is not added again.
 */
final class PastedEventMessages {
  /** {@code objectKind} is the kind of object the component records the event about. */
  private record Kind(Pattern anchor, String type, String reason, String component, String objectKind) {
    Kind(Pattern anchor, String type, String reason, String component) {
      this(anchor, type, reason, component, "Pod");
    }
  }

  private static final String KARPENTER = "karpenter";
  /**
   * Where a message begins: not inside a longer ASCII word. Java's {@code \b} (up to JDK 18) takes any letter of any
   * script for a word character, so a message glued to the reporter's CJK text ({@code 具体信息是Allocate failed ...})
   * had no boundary before it; text in any script, full-width punctuation and markup before a message all start it.
   */
  static final String START = "(?<![A-Za-z0-9_])";
  /** Where a message's last word ends, likewise. */
  static final String END = "(?![A-Za-z0-9_])";
  /** How each of Karpenter's per-NodePool errors begins (KarpenterSchedulingText). */
  private static final String KARPENTER_REASON =
      "incompatible with (?:nodepool|provisioner) |all available instance types exceed limits|node limits have been exhausted";
  // One anchor a line, each with the wording of its component (see above); keep one Kind per entry.
  private static final List<Kind> KINDS = List.of(
      new Kind(Pattern.compile(START + "\\d+/\\d+ nodes are available|" + START + "no nodes available to schedule pods"),
          "Warning", "FailedScheduling", "default-scheduler"),
      // Volcano's FitErrors (pkg/scheduler/api/unschedule_info.go): "0/%v nodes are unavailable" (current), "all nodes are
      // unavailable" (older releases), then ": " and the sorted "<count> <reason>" parts, the pod's FailedScheduling message.
      new Kind(Pattern.compile(START + "(?:\\d+/\\d+|all) nodes are unavailable: (?=\\d+ )"),
          "Warning", "FailedScheduling", "volcano"),
      new Kind(Pattern.compile("(?:Pod was rejected: |" + START + "Pod )?" + START + "Allocate failed due to "),
          "Warning", "UnexpectedAdmissionError", "kubelet"),
      new Kind(Pattern.compile("(?:Pod was rejected: |" + START + "Pod )?" + START + "Node didn't have enough resource: "),
          "Warning", "OutOf", "kubelet"),
      new Kind(Pattern.compile(START + "The node was low on resource: |" + START + "The node had condition: \\[|" + START
          + "Pod ephemeral local storage usage exceeds |" + START + "Container \\S+ exceeded its local ephemeral storage limit |"
          + START + "Usage of EmptyDir volume \"[^\"]+\" exceeds the limit "),
          "Warning", "Evicted", "kubelet"),
      new Kind(Pattern.compile(START + "System OOM encountered" + END), "Warning", "SystemOOM", "kubelet", "Node"),
      new Kind(Pattern.compile(START + "Failed to pull image \"[^\"]+\": |" + START + "Error: (?:ErrImagePull|ImagePullBackOff)"
          + END), "Warning", "Failed", "kubelet"),
      new Kind(Pattern.compile(START + "Back-off pulling image \""), "Normal", "BackOff", "kubelet"),
      new Kind(Pattern.compile(START + "pod didn't trigger scale-up"), "Normal", "NotTriggerScaleUp", "cluster-autoscaler"),
      new Kind(Pattern.compile(START + "(?:Failed to|Could not) schedule pod, (?=" + KARPENTER_REASON + ")"
          + "|(?<=\"error\":\\s?\")(?=incompatible with (?:nodepool|provisioner) )"), "Warning", "FailedScheduling", KARPENTER),
      // GKE's cluster autoscaler (k8s.io/gke-autoscaling) on a pod whose node scale-up failed.
      new Kind(Pattern.compile(START + "Node scale up in zones" + END + ".{0,200}? associated with this pod failed"), "Warning",
          "FailedScaleUp", "cluster-autoscaler"),
      // keda-operator's event (pkg/eventreason): the message is the scaler's error, after the reason and its colon.
      new Kind(Pattern.compile("(?<=\\bKEDAScalerFailed: {0,3})(?=\\S)"), "Warning", "KEDAScalerFailed", "keda-operator",
          "ScaledObject"));
  /** The resource a kubelet admission rejection names: its reason is {@code OutOf} + the resource. */
  private static final Pattern SHORT_RESOURCE = Pattern.compile("Node didn't have enough resource: ([A-Za-z0-9][A-Za-z0-9./_-]*)");
  private static final String UNEXPECTED = ", which is unexpected";
  /** kube-scheduler's structured log names the pod: {@code "Unable to schedule pod; no fit; waiting" pod="ns/name" err="0/3 nodes ..."}. */
  private static final Pattern LOGGED_POD = Pattern.compile(
      START + "pod=\"([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9.-]*)\"|\"pod\":\\s*\"([a-z0-9][a-z0-9.-]*)/([a-z0-9][a-z0-9.-]*)\"");
  /** Karpenter v1's structured pod: {@code "Pod":{"name":"vllm-0","namespace":"ml"}}. */
  private static final Pattern LOGGED_POD_OBJECT = Pattern.compile(
      "\"Pod\":\\s*\\{\"name\":\\s*\"([a-z0-9][a-z0-9.-]*)\",\\s*\"namespace\":\\s*\"([a-z0-9][a-z0-9.-]*)\"\\}");

  private PastedEventMessages() {}

  /**
   * The namespace and name of the pod a component's log line is about (klog's {@code pod="ns/name"} of the scheduler
   * and the kubelet, Karpenter's {@code "pod":"ns/name"} and {@code "Pod":{"name":..,"namespace":..}}, the kubelet's
   * {@code name_namespace(uid)} of its unstructured lines), or null.
   */
  static String[] loggedPod(String line) {
    if (!line.contains("od")) return EventText.kubeletPod(line);
    Matcher logged = LOGGED_POD.matcher(line);
    if (logged.find()) {
      return logged.group(1) != null ? new String[] {logged.group(1), logged.group(2)} : new String[] {logged.group(3), logged.group(4)};
    }
    Matcher object = LOGGED_POD_OBJECT.matcher(line);
    return object.find() ? new String[] {object.group(2), object.group(1)} : EventText.kubeletPod(line);
  }

  static boolean mentions(String text) {
    return text.contains("nodes are available") || text.contains("no nodes available to schedule pods")
        || text.contains("nodes are unavailable: ")
        || text.contains("Allocate failed due to") || text.contains("didn't trigger scale-up")
        || text.contains("associated with this pod failed")
        || text.contains("Node didn't have enough resource") || text.contains("The node was low on resource")
        || text.contains("The node had condition") || text.contains("System OOM encountered")
        || text.contains("ephemeral local storage") || text.contains("local ephemeral storage limit")
        || text.contains("Usage of EmptyDir volume")
        || text.contains("Failed to pull image") || text.contains("Back-off pulling image")
        || text.contains("Error: ErrImagePull") || text.contains("Error: ImagePullBackOff")
        || text.contains("schedule pod, ") || text.contains("incompatible with nodepool")
        || text.contains("incompatible with provisioner") || text.contains("KEDAScalerFailed:");
  }

  /** Adds the event of every bare message in the lines not in {@code skipLines} (1-based); returns how many lines held one. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = List.of(text.split("\\R", -1));
    List<EventText.Row> rows = new ArrayList<>();
    // The body first: a title that repeats a message of the body is not where it was shown.
    read(lines, skipLines, false, rows);
    read(lines, skipLines, true, rows);
    if (rows.isEmpty()) return 0;
    out.used(Topics.EVENTS, path);
    out.later(3, at -> EventText.place(notYetRead(rows, at.out()), path, at));
    return rows.size();
  }

  private static void read(List<String> lines, Set<Integer> skipLines, boolean titles, List<EventText.Row> rows) {
    CommandContext context = CommandContext.NONE;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (skipLines.contains(i + 1) || MarkdownText.isHeading(line) != titles) continue;
      if (CommandContext.isCommand(line)) {
        // The pod of `kubectl logs P` wrote the lines; it is not the pod they are about.
        context = LogsCommand.owner(line) != null ? CommandContext.NONE : CommandContext.parse(line);
        continue;
      }
      MessageSpan block = MessageSpan.blockAt(lines, i);
      String from = block != null ? block.text() : line;
      Found found = first(from);
      if (found == null) continue;
      MessageSpan span = block != null ? new MessageSpan(from.substring(found.start()), block.firstLine(), block.lastLine())
          : titles ? new MessageSpan(MessageSpan.unescape(inTitle(line, found.start())), i, i)
          : MessageSpan.at(lines, i, found.start());
      Kind kind = found.kind();
      String message = kind.reason().equals("UnexpectedAdmissionError") ? upToUnexpected(span.text()) : span.text();
      // Karpenter v1 logs the errors apart from "could not schedule pod": they are the event's message.
      if (KARPENTER.equals(kind.component())) {
        // The console encoder ends the line with its fields: {"commit": "...", "pod": "ns/name"}.
        int fields = message.indexOf("\t{\"");
        if (fields > 0) message = message.substring(0, fields).strip();
        if (!KarpenterSchedulingText.isKarpenterMessage(message)) message = KarpenterSchedulingText.PREFIX + message;
      }
      String reason = reason(kind, message);
      if (reason == null) continue;
      String namespace = context.namespace();
      String name = "Node".equals(kind.objectKind()) ? context.node() : "Pod".equals(kind.objectKind()) ? context.pod() : null;
      String[] logged = "Pod".equals(kind.objectKind()) ? loggedPod(line) : null;
      if (logged != null) {
        namespace = logged[0];
        name = logged[1];
      }
      int at = span.firstLine();
      rows.add(new EventText.Row(namespace, name == null && "Pod".equals(kind.objectKind()) ? null : kind.objectKind(),
          name, kind.type(), reason, null, kind.component(), message, new TextLine(at + 1, lines.get(at))));
      i = Math.max(i, span.lastLine());
    }
  }

  private record Found(Kind kind, int start) {}

  /** The leftmost message of the line: a scheduler message quoted in an autoscaler one is part of it. */
  private static Found first(String line) {
    Found first = null;
    for (Kind k : KINDS) {
      Matcher m = k.anchor().matcher(line);
      if (m.find() && (first == null || m.start() < first.start())) first = new Found(k, m.start());
    }
    return first;
  }

  /** A title's message, up to the backtick or quote that opened it (a title never wraps onto the next line). */
  private static String inTitle(String line, int start) {
    String rest = line.substring(start);
    char open = start > 0 ? line.charAt(start - 1) : ' ';
    int close = open == '`' || open == '"' ? rest.indexOf(open) : -1;
    return close > 0 ? rest.substring(0, close) : rest;
  }

  /** The event's reason: {@code OutOf<resource>} for an admission rejection (null when it names no resource). */
  private static String reason(Kind kind, String message) {
    if (!kind.reason().equals("OutOf")) return kind.reason();
    Matcher m = SHORT_RESOURCE.matcher(message);
    return m.find() ? "OutOf" + m.group(1) : null;
  }

  private static String upToUnexpected(String message) {
    int end = message.indexOf(UNEXPECTED);
    return end < 0 ? message : message.substring(0, end + UNEXPECTED.length());
  }

  /**
   * The rows whose message no event of the bundle carries yet: a bare message that names no pod,
   * whole or the start of it (a reply quotes the first sentence), is the same event an event row,
   * an event's JSON or an earlier bare message shows, not a second one.
   */
  private static List<EventText.Row> notYetRead(List<EventText.Row> rows, BundleBuilder out) {
    List<EventText.Row> kept = new ArrayList<>();
    for (EventText.Row r : rows) {
      String message = r.message().strip();
      boolean known = r.name() == null && (out.facts().stream().anyMatch(f -> f instanceof KubeEvent e
          && e.reason().equals(r.reason()) && e.message().strip().startsWith(message))
          || kept.stream().anyMatch(k -> k.reason().equals(r.reason()) && k.message().strip().startsWith(message)));
      if (!known) kept.add(r);
    }
    return kept;
  }
}
