package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.ObjectKeys;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ReasonPart;
import io.gpudoctor.facts.ScaleUpTemplateMismatch;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.time.Month;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cluster autoscaler's own log (klog text: {@code kubectl logs}, an AKS {@code AzureDiagnostics}
 * export, a paste in an issue). Two kinds of line say why a pod got no node:
 * <ul>
 *   <li>the events it records, logged by the event broadcaster: {@code Event(v1.ObjectReference{Kind:"Pod",
 *       Namespace:"ml", Name:"vllm-0", ...}): type: 'Normal' reason: 'NotTriggerScaleUp' pod didn't trigger
 *       scale-up ...} (client-go up to ~1.27) and the structured {@code "Event occurred" object="ml/vllm-0"
 *       fieldPath="" kind="Pod" apiVersion="v1" type="Normal" reason="NotTriggerScaleUp" message="..."}
 *       (later): they become the same KubeEvents a {@code kubectl get events} would give;</li>
 *   <li>the scale-up simulation against each node group's template node (see
 *       {@link ScaleUpTemplateMismatch} for the three wordings), which names the group.</li>
 * </ul>
 * klog times carry no year ({@code I0605 11:27:30.008919}): the capture's year is used, as for a
 * journal line, unless {@code kubectl logs --timestamps} put an RFC 3339 time before the line.
 */
final class AutoscalerLogLines {
  private static final Pattern KLOG = Pattern.compile(
      "(?:^|[\\s`>])[IWEF](\\d{2})(\\d{2}) (\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?)\\s+\\d+\\s+[^\\s\\]]+:\\d+\\] (.*)$");
  private static final Pattern OBJECT_REFERENCE = Pattern.compile(
      "^Event\\(v1\\.ObjectReference\\{Kind:\"([^\"]*)\", Namespace:\"([^\"]*)\", Name:\"([^\"]*)\"[^}]*\\}\\): "
          + "type: '(\\w+)' reason: '(\\w+)' (.*)$");
  private static final Pattern EVENT_OCCURRED = Pattern.compile("^\"Event occurred\" (.*)$");
  /** klog's key="value" pairs; values are Go-quoted, so a quote inside is escaped. */
  private static final Pattern PAIR = Pattern.compile("(\\w+)=(\"(?:[^\"\\\\]|\\\\.)*\"|\\S*)");
  private static final Pattern TEMPLATE_OLD = Pattern.compile(
      "^Scale-up predicate failed: \\S+ predicate mismatch, cannot put (\\S+) on (\\S+), reason: (.*)$");
  private static final Pattern CANT_SCHEDULE = Pattern.compile(
      "^Pod (\\S+) can't be scheduled on (\\S+), predicate (failed|checking error): (.*)$");
  private static final Pattern UNSCHEDULABLE = Pattern.compile("^Pod (\\S+)/(\\S+) is unschedulable");
  private static final Pattern TEMPLATE_NODE = Pattern.compile("^template-node-for-(.+)-\\d+$");
  /** The reasons of one predicate, joined by "," (CA 1.0-1.2) or ", "; the ~1.18-1.25 taint wording has a comma of its own. */
  private static final Pattern REASON_SEPARATOR = Pattern.compile(",\\s*(?!that the pod)");
  private static final Set<String> AUTOSCALER_REASONS = Set.of("NotTriggerScaleUp", "TriggeredScaleUp", "ScaledUpGroup",
      "FailedToScaleUpGroup", "ScaleDown", "ScaleDownFailed", "ScaleDownEmpty");

  private AutoscalerLogLines() {}

  /** When a line was written: a full time, or a klog time without its year (placed in the capture's year). */
  record LogTime(Instant at, KernelXidLines.JournalTime journal) {
    Instant in(Instant capturedAt) {
      if (at != null || journal == null) return at;
      return capturedAt == null ? null : journal.before(capturedAt);
    }
  }

  /** A klog line, its time and what follows the header. */
  private record Klog(int number, LogTime time, String body, String line) {}

  /** An event as a log line records it: its object and when. */
  record LoggedEvent(String namespace, String kind, String name, String type, String reason, String message,
      int line, LogTime time) {}

  private record Mismatch(String pod, String group, String reasons, Klog line) {}

  /** Whether the text holds a cluster-autoscaler line this class reads (cheap: most files hold none). */
  static boolean mentions(String text) {
    if (!text.contains("Event(v1.ObjectReference{") && !text.contains("\"Event occurred\"") && !text.contains("predicate")) {
      return false;
    }
    return text.lines().anyMatch(l -> {
      Klog k = klog(0, l);
      return k != null && (event(k) != null || mismatch(k) != null);
    });
  }

  /**
   * Reads the events and the template mismatches of the text, except the lines (1-based) in
   * {@code skipLines}. Facts wait for the capture time (the year of a klog time). Returns how many
   * lines were read.
   */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    return read(path, text, skipLines, new java.util.HashSet<>(), out);
  }

  /** As {@link #read(String, String, Set, BundleBuilder)}, adding the number of every line read to {@code read}. */
  static int read(String path, String text, Set<Integer> skipLines, Set<Integer> linesRead, BundleBuilder out) {
    if (!text.contains("] ")) return 0;
    List<LoggedEvent> events = new ArrayList<>();
    List<Mismatch> mismatches = new ArrayList<>();
    Map<String, String> namespaceOfPod = new HashMap<>();
    int number = 0;
    int read = 0;
    for (String raw : text.split("\\R", -1)) {
      number++;
      if (skipLines.contains(number)) continue;
      Klog k = klog(number, raw);
      if (k == null) continue;
      Matcher u = UNSCHEDULABLE.matcher(k.body());
      if (u.find()) namespaceOfPod.putIfAbsent(u.group(2), u.group(1));
      LoggedEvent e = event(k);
      if (e != null) {
        events.add(e);
        if ("Pod".equals(e.kind()) && e.namespace() != null) namespaceOfPod.putIfAbsent(e.name(), e.namespace());
        read++;
        linesRead.add(number);
        continue;
      }
      Mismatch m = mismatch(k);
      if (m != null) {
        mismatches.add(m);
        int slash = m.pod().indexOf('/');
        if (slash > 0) namespaceOfPod.putIfAbsent(m.pod().substring(slash + 1), m.pod().substring(0, slash));
        read++;
        linesRead.add(number);
      }
    }
    if (!events.isEmpty()) out.used(Topics.EVENTS, path);
    if (!mismatches.isEmpty()) out.used(Topics.LOGS, path);
    if (read == 0) return 0;
    out.later(1, placement -> {
      placeEvents(events, path, placement);
      placeMismatches(mismatches, namespaceOfPod, path, placement);
    });
    return read;
  }

  private static Klog klog(int number, String raw) {
    Matcher m = KLOG.matcher(raw);
    if (!m.find()) return null;
    Matcher ts = ScalingLogLines.KUBECTL_TIMESTAMP.matcher(raw);
    Instant at = ts.find() ? Times.parse(ts.group(1)) : null;
    int month = Integer.parseInt(m.group(1));
    if (month < 1 || month > 12) return null;
    return new Klog(number, new LogTime(at, new KernelXidLines.JournalTime(Month.of(month), Integer.parseInt(m.group(2)),
        m.group(3))), m.group(4).strip(), raw.strip());
  }

  private static LoggedEvent event(Klog k) {
    Matcher m = OBJECT_REFERENCE.matcher(k.body());
    if (m.find()) {
      return new LoggedEvent(blankToNull(m.group(2)), blankToNull(m.group(1)), m.group(3), m.group(4), m.group(5),
          m.group(6).strip(), k.number(), k.time());
    }
    m = EVENT_OCCURRED.matcher(k.body());
    if (!m.find()) return null;
    Map<String, String> pairs = new LinkedHashMap<>();
    Matcher p = PAIR.matcher(m.group(1));
    while (p.find()) pairs.putIfAbsent(p.group(1), unquote(p.group(2)));
    String object = pairs.get("object");
    String reason = pairs.get("reason");
    if (object == null || object.isEmpty() || reason == null || reason.isEmpty()) return null;
    int slash = object.indexOf('/');
    String namespace = slash > 0 ? object.substring(0, slash) : null;
    String name = slash >= 0 ? object.substring(slash + 1) : object;
    return new LoggedEvent(namespace, blankToNull(pairs.get("kind")), name, pairs.get("type"), reason,
        pairs.getOrDefault("message", "").strip(), k.number(), k.time());
  }

  private static Mismatch mismatch(Klog k) {
    Matcher m = TEMPLATE_OLD.matcher(k.body());
    if (m.find()) {
      Matcher template = TEMPLATE_NODE.matcher(m.group(2));
      return new Mismatch(m.group(1), template.find() ? template.group(1) : m.group(2), m.group(3), k);
    }
    m = CANT_SCHEDULE.matcher(k.body());
    if (!m.find()) return null;
    String detail = m.group(4);
    String reasons;
    if (m.group(3).equals("checking error")) {
      // "<message>; predicateName=<plugin>; reasons: <r1>, <r2>; debugInfo=<...>"
      int at = detail.indexOf("; reasons: ");
      int end = detail.indexOf("; debugInfo=");
      reasons = at >= 0 ? detail.substring(at + "; reasons: ".length(), end > at ? end : detail.length())
          : detail.contains(";") ? detail.substring(0, detail.indexOf(';')) : detail;
    } else {
      // "<Predicate> predicate mismatch, reason: <r1>, <r2>"
      int at = detail.indexOf("reason: ");
      reasons = at >= 0 ? detail.substring(at + "reason: ".length()) : detail;
    }
    return new Mismatch(m.group(1), m.group(2), reasons, k);
  }

  /**
   * One KubeEvent per object, reason and message (the autoscaler logs the same event every loop),
   * counted, first and last seen, unless the same event was read from the API's own list.
   */
  static void placeEvents(List<LoggedEvent> events, String path, TextPlacement at) {
    Map<List<String>, List<LoggedEvent>> same = new LinkedHashMap<>();
    for (LoggedEvent e : events) {
      same.computeIfAbsent(java.util.Arrays.asList(e.namespace(), e.kind(), e.name(), e.reason(), e.message()),
          x -> new ArrayList<>()).add(e);
    }
    for (List<LoggedEvent> group : same.values()) {
      LoggedEvent e = group.get(0);
      Instant first = null;
      Instant last = null;
      for (LoggedEvent g : group) {
        Instant t = g.time().in(at.capturedAt());
        if (t == null) continue;
        if (first == null || t.isBefore(first)) first = t;
        if (last == null || t.isAfter(last)) last = t;
      }
      at.out().observed(last);
      String component = AUTOSCALER_REASONS.contains(e.reason()) ? "cluster-autoscaler" : null;
      KubeEvent event = new KubeEvent(e.namespace(), e.kind(), e.name(), e.type(), e.reason(), e.message(), component,
          group.size(), first, last, Provenance.of(path, "line " + e.line()));
      if (!at.out().hasEvent(event)) at.out().fact(event);
    }
  }

  private static void placeMismatches(List<Mismatch> mismatches, Map<String, String> namespaceOfPod, String path,
      TextPlacement at) {
    Set<List<Object>> seen = new java.util.HashSet<>();
    for (Mismatch m : mismatches) {
      int slash = m.pod().indexOf('/');
      String name = slash > 0 ? m.pod().substring(slash + 1) : m.pod();
      String namespace = slash > 0 ? m.pod().substring(0, slash)
          : namespaceOfPod.getOrDefault(name, at.targetNamespace());
      String podKey = ObjectKeys.key(namespace, name);
      for (String reason : REASON_SEPARATOR.split(m.reasons().strip())) {
        if (reason.isBlank()) continue;
        ReasonPart part = ReasonPart.classify(0, reason);
        if (!seen.add(List.of(podKey, m.group(), part.text()))) continue;
        Instant t = m.line().time().in(at.capturedAt());
        at.out().observed(t);
        at.out().fact(new ScaleUpTemplateMismatch(podKey, m.group(), part.category(), part.resource(), part.taintKey(),
            part.text(), m.line().line(), t, Provenance.of(path, "line " + m.line().number())));
      }
    }
  }

  private static String unquote(String value) {
    if (value.length() < 2 || value.charAt(0) != '"') return value;
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i < value.length() - 1; i++) {
      char c = value.charAt(i);
      if (c == '\\' && i + 1 < value.length() - 1) {
        char next = value.charAt(++i);
        sb.append(next == 'n' ? '\n' : next == 't' ? '\t' : next);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
