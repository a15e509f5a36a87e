package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Events as people paste them: the {@code Events:} table of {@code kubectl describe}
 * ({@code Type  Reason  Age  From  Message}, ages like {@code 2m5s (x3 over 12m)}), the
 * {@code kubectl get events} table ({@code LAST SEEN  TYPE  REASON  OBJECT  MESSAGE}, also with
 * {@code NAMESPACE} and {@code -o wide}), and bare rows of either without their header.
 */
final class EventText {
  /** An event row before its ages are placed in time and its object is known. */
  record Row(String namespace, String kind, String name, String type, String reason, RelativeAge age,
      String from, String message, TextLine line) {

    Row about(String namespace, String name) {
      return new Row(this.namespace != null ? this.namespace : namespace, "Pod", name, type, reason, age, from, message,
          line);
    }

    boolean namesNoObject() {
      return name == null && (kind == null || "Pod".equals(kind));
    }

    /** The row with its message gone on onto the next line. */
    Row continued(String more) {
      return new Row(namespace, kind, name, type, reason, age, from, (message == null ? "" : message.stripTrailing()) + " "
          + more.strip(), line);
    }
  }

  // A `kubectl get events` row without its header: [NAMESPACE] LAST SEEN, TYPE, REASON, OBJECT, then
  // MESSAGE (or, with -o wide, SUBOBJECT SOURCE MESSAGE FIRST SEEN COUNT NAME). kubectl 1.14 printed
  // the bare KIND where later versions print OBJECT as kind/name. A name people redacted with a
  // placeholder may hold spaces (pod/egg-<id here>): it stays the name, the one the text gives that pod.
  private static final String AGE = "(?:\\d+[smhdy])+|<unknown>|<invalid>";
  private static final String OBJECT = "[a-z][a-z0-9.]*/[^\\s<>]*<[^<>]{1,40}>\\S*|\\S+";
  private static final Pattern GET_ROW = Pattern.compile("^\\s*(?:([a-z0-9][-a-z0-9]*)\\s{2,})?((?:" + AGE
      + ")(?: \\(x\\d+ over (?:" + AGE + ")\\))?)\\s{2,}(Normal|Warning)\\s{2,}([A-Za-z][A-Za-z0-9]*)\\s{2,}(" + OBJECT
      + ")\\s{2,}(\\S.*)$");
  /**
   * A {@code kubectl events} (1.26+) row pasted without its LAST SEEN cell, as people trim it: TYPE, REASON,
   * OBJECT (kind/name), MESSAGE. The object's slash tells it from a describe-style row, whose third cell is an age.
   */
  private static final Pattern OBJECT_ROW = Pattern.compile(
      "^\\s*(Normal|Warning)\\s{2,}([A-Za-z][A-Za-z0-9]*)\\s{2,}([a-z][a-z0-9.]*/\\S+)\\s{2,}(\\S.*)$");
  /**
   * A describe row pasted without its TYPE cell, as people cut it from the left: REASON, AGE (with its
   * {@code (x42 over 60m)}), FROM, MESSAGE ({@code FailedScheduling  2m21s (x42 over 60m)  default-scheduler  1 node(s) ...}).
   * The age and the component in their places tell it from prose; the type stays unknown.
   */
  private static final Pattern TYPELESS_ROW = Pattern.compile("^\\s*([A-Z][A-Za-z0-9]*)\\s{2,}((?:" + AGE
      + ")(?: \\(x\\d+ over (?:" + AGE + ")\\))?)\\s{2,}([a-z][-a-z0-9./]*(?:, [a-z0-9][-a-z0-9.]*)?)\\s{2,}(\\S.*)$");
  /** A name people cut to an ellipsis (pod/...): no name. */
  private static final Pattern ELIDED_NAME = Pattern.compile("\\.{3,}|\u2026");
  /**
   * Where a row's message, wrapped onto the next line (by a terminal or by hand), goes on: a part of
   * the scheduler's or the autoscaler's list ("2 node(s) didn't match ...", "1 Insufficient ...",
   * "1 max node group size reached", "1 in backoff after failed scale-up", "preemption: ...").
   */
  private static final Pattern PART_START = Pattern.compile(
      "^\\s*(?:\\d+ (?:node\\(s\\)|Insufficient|max node group size|in backoff)|preemption:)");
  private static final Pattern DESCRIBE_ROW_START = Pattern.compile("^\\s*(?:Normal|Warning)\\s{2,}\\S");
  private static final Pattern RUN = Pattern.compile("\\S+(?: \\S+)*");
  private static final Pattern AGE_ONLY = Pattern.compile(AGE);
  private static final Pattern EVENT_NAME = Pattern.compile("[a-z0-9][-a-z0-9.]*\\.[0-9a-f]{8,}");
  private static final Pattern SUBOBJECT = Pattern.compile("(?:spec|status)\\.\\S*");
  private static final Pattern SOURCE = Pattern.compile("[a-z][-a-z0-9./]*(?:, \\S+)?");
  private static final Pattern KUBELET_POD = Pattern.compile("(?<![\\w.-])([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)_"
      + "([a-z0-9](?:[-a-z0-9]*[a-z0-9])?)\\([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\\)");
  // The scheduler's Scheduled event names the pod and its node; before 1.12 without the namespace.
  private static final Pattern ASSIGNED = Pattern.compile(
      "Successfully assigned (?:([a-z0-9][-a-z0-9]*)/)?([a-z0-9][-a-z0-9.]*) to (\\S+)");

  private EventText() {}

  /** The rows of a describe {@code Events:} table (header, underline, rows), about one object. */
  static List<Row> describeTable(List<TextLine> body, String namespace, String kind, String name) {
    List<Row> rows = new ArrayList<>();
    TextTable table = null;
    boolean open = false;
    for (TextLine line : body) {
      if (line.blank()) {
        open = false;
        continue;
      }
      if (table == null) {
        if (line.trimmed().startsWith("Type") && line.text().contains("Reason")) table = TextTable.fromHeader(line.text());
        continue;
      }
      if (TextTable.isUnderline(line.text())) continue;
      Row row = describeRow(table.row(line.text()), namespace, kind, name, line);
      if (row != null) rows.add(row);
      open = row != null || open && continued(rows, line.text());
    }
    return name == null && kind == null ? boundToTheNamedPod(rows) : rows;
  }

  /**
   * Bare rows without a header, describe-style ({@code Warning  FailedScheduling  3m  default-scheduler  ...})
   * or {@code kubectl get events} rows; a describe-style row is about the pod named, if any.
   */
  static List<Row> bareLines(List<TextLine> lines, String namespace, String name) {
    TextTable table = TextTable.fromHeader("TYPE  REASON  AGE  FROM  MESSAGE");
    List<Row> rows = new ArrayList<>();
    boolean open = false;
    for (TextLine line : lines) {
      Row row = getEventsRow(line, namespace);
      if (row == null) row = objectRow(line, namespace);
      if (row == null) row = describeRow(table.row(line.trimmed()), namespace, name == null ? null : "Pod", name, line);
      if (row == null) row = typelessRow(line, namespace, name);
      if (row != null) rows.add(row);
      open = row != null || open && continued(rows, line.text());
    }
    return name == null ? boundToTheNamedPod(rows) : boundTo(rows, namespace, name);
  }

  /** Rows that name no object are about the pod named (a get-events row names its own). */
  private static List<Row> boundTo(List<Row> rows, String namespace, String name) {
    List<Row> bound = new ArrayList<>(rows.size());
    for (Row r : rows) bound.add(r.namesNoObject() ? r.about(namespace, name) : r);
    return bound;
  }

  /**
   * Rows that name no object are about the pod their messages name: a row whose message the kubelet wrote about a
   * pod by its {@code name_namespace(uid)} is that pod's; the others are the one pod the rows name, a Scheduled
   * row's ({@code Successfully assigned ml-serving/vllm-0 to aks-gpu-...}) or the kubelet's.
   */
  private static List<Row> boundToTheNamedPod(List<Row> rows) {
    List<Row> own = new ArrayList<>(rows.size());
    for (Row r : rows) {
      String[] pod = r.namesNoObject() ? kubeletPod(r.message()) : null;
      own.add(pod == null ? r : new Row(pod[0], "Pod", pod[1], r.type(), r.reason(), r.age(), r.from(), r.message(), r.line()));
    }
    List<String> pod = namedPod(own);
    return pod == null ? own : boundTo(own, pod.get(0), pod.get(1));
  }

  /** {namespace, name} of the one pod the rows name (the Scheduled rows' assignment, the kubelet's messages), or null. */
  static List<String> namedPod(List<Row> rows) {
    Set<List<String>> named = new LinkedHashSet<>();
    for (Row r : rows) {
      if (r.kind() != null && !"Pod".equals(r.kind()) || r.message() == null) continue;
      Matcher m = "Scheduled".equals(r.reason()) ? ASSIGNED.matcher(r.message()) : null;
      if (m != null && m.find()) named.add(java.util.Arrays.asList(m.group(1) != null ? m.group(1) : r.namespace(), m.group(2)));
      String[] kubelet = kubeletPod(r.message());
      if (kubelet != null) named.add(java.util.Arrays.asList(kubelet));
    }
    return named.size() == 1 ? named.iterator().next() : null;
  }

  /**
   * {namespace, name} of the pod the kubelet names in a message as {@code name_namespace(uid)}
   * (pkg/kubelet/util/format.Pod, every version: {@code Back-off restarting failed container c in pod
   * vllm-0_ml(4dd91701-b2ab-4441-ae75-dba42264ef38)}), or null. A pod's name has no underscore, its uid is a UUID.
   */
  static String[] kubeletPod(String text) {
    if (text == null || text.indexOf('_') < 0 || text.indexOf('(') < 0) return null;
    Matcher m = KUBELET_POD.matcher(text);
    return m.find() ? new String[] {m.group(2), m.group(1)} : null;
  }

  /** The node a Scheduled event's message assigns the pod to, or null. */
  static String assignedNode(String message) {
    Matcher m = ASSIGNED.matcher(message == null ? "" : message);
    return m.find() ? m.group(3) : null;
  }

  static boolean isGetEventsRow(String line) {
    return GET_ROW.matcher(line).matches();
  }

  /** A describe row without its TYPE cell ({@link #TYPELESS_ROW}). */
  static boolean isTypelessRow(String line) {
    return TYPELESS_ROW.matcher(line).matches();
  }

  /**
   * Whether {@code next} goes on with the message of the row text before it: it is no row, header
   * or blank, and the text before ends in a comma or {@code next} starts a part of the list.
   */
  static boolean continuesRow(String before, String next) {
    if (before == null || next == null || next.isBlank() || next.contains("```") || next.contains("~~~")) return false;
    if (DESCRIBE_ROW_START.matcher(next).find() || isGetEventsRow(next) || isTypelessRow(next)
        || next.contains("Reason") && next.contains("Message")
        || next.contains("LAST SEEN")) {
      return false;
    }
    // The kubelet's admission message always ends ", which is unexpected": until then a wrapped line goes on with
    // it; and a Go error chain cut after its colon ("...devices:") has its cause on the next line.
    String end = before.stripTrailing();
    // A runtime hook's stderr keeps its newlines ("Auto-detected mode as 'legacy'", then nvidia-container-cli's
    // error), and runc's error chain ends ": unknown".
    return end.endsWith(",") || end.endsWith(":") || PART_START.matcher(next).find()
        || before.contains("Allocate failed due to ") && !before.contains("which is unexpected")
        || before.contains("error running hook") && !end.endsWith("unknown") && !end.endsWith("unknown.");
  }

  /** A line that is no row, right under the last row, goes on with its message when it continues it. */
  private static boolean continued(List<Row> rows, String line) {
    Row last = rows.get(rows.size() - 1);
    if (!continuesRow(last.message(), line)) return false;
    rows.set(rows.size() - 1, last.continued(line));
    return true;
  }

  private static Row describeRow(Map<String, String> cells, String namespace, String kind, String name, TextLine line) {
    String type = cells.get("TYPE");
    if (!"Normal".equals(type) && !"Warning".equals(type)) return null;
    RelativeAge age = RelativeAge.event(cells.get("AGE"));
    return new Row(namespace, kind, name, type, cells.get("REASON"), age, TextValues.value(cells.get("FROM")),
        cells.get("MESSAGE"), line);
  }

  /** A describe row without its TYPE cell, about the pod named if any, or null when the line is not one. */
  private static Row typelessRow(TextLine line, String namespace, String name) {
    Matcher m = TYPELESS_ROW.matcher(line.text());
    if (!m.matches()) return null;
    RelativeAge age = RelativeAge.event(m.group(2));
    if (age == null) return null;
    return new Row(namespace, name == null ? null : "Pod", name, null, m.group(1), age, TextValues.value(m.group(3)),
        m.group(4).strip(), line);
  }

  /** A {@code kubectl events} row without its LAST SEEN cell, or null when the line is not one. */
  private static Row objectRow(TextLine line, String namespace) {
    Matcher m = OBJECT_ROW.matcher(line.text());
    if (!m.matches()) return null;
    String[] object = object(m.group(3));
    return new Row(namespace, object[0], object[1], m.group(1), m.group(2), null, null, m.group(4).strip(), line);
  }

  /** A {@code kubectl get events} row without its header, or null when the line is not one. */
  private static Row getEventsRow(TextLine line, String defaultNamespace) {
    Matcher m = GET_ROW.matcher(line.text());
    if (!m.matches()) return null;
    RelativeAge age = RelativeAge.event(m.group(2));
    if (age == null) return null;
    String[] object = object(m.group(5));
    String namespace = m.group(1) != null ? m.group(1) : defaultNamespace;
    String rest = m.group(6);
    List<int[]> runs = runs(rest);
    String source = null;
    int messageStart = 0;
    int messageEnd = rest.length();
    if (runs.size() >= 4 && isWideTail(rest, runs)) {
      // -o wide: the last three cells are FIRST SEEN, COUNT and the event's own name.
      int[] firstSeen = runs.get(runs.size() - 3);
      Integer count = TextValues.integer(cell(rest, runs.get(runs.size() - 2)));
      age = new RelativeAge(age.last(), count == null ? age.count() : count, RelativeAge.age(cell(rest, firstSeen)));
      messageEnd = firstSeen[0];
      int cellIndex = 0;
      if (SUBOBJECT.matcher(cell(rest, runs.get(0))).matches()) cellIndex++;
      // SOURCE is empty for events that record no component; the message then starts right away.
      if (cellIndex + 1 < runs.size() - 3 && SOURCE.matcher(cell(rest, runs.get(cellIndex))).matches()) {
        source = cell(rest, runs.get(cellIndex));
        cellIndex++;
      }
      messageStart = runs.get(cellIndex)[0];
    }
    String message = rest.substring(messageStart, messageEnd).strip();
    return new Row(namespace, object[0], object[1], m.group(3), m.group(4), age, source, message, line);
  }

  private static boolean isWideTail(String rest, List<int[]> runs) {
    int n = runs.size();
    return EVENT_NAME.matcher(cell(rest, runs.get(n - 1))).matches()
        && TextValues.integer(cell(rest, runs.get(n - 2))) != null
        && AGE_ONLY.matcher(cell(rest, runs.get(n - 3))).matches();
  }

  private static String cell(String text, int[] run) {
    return text.substring(run[0], run[1]);
  }

  private static List<int[]> runs(String text) {
    List<int[]> runs = new ArrayList<>();
    Matcher m = RUN.matcher(text);
    while (m.find()) runs.add(new int[] {m.start(), m.end()});
    return runs;
  }

  /** OBJECT as kubectl prints it ({@code pod/vllm-0}, kind lower-cased), or the bare KIND of kubectl 1.14: {kind, name}. */
  private static String[] object(String text) {
    String object = TextValues.value(text);
    if (object == null) return new String[] {null, null};
    int slash = object.indexOf('/');
    if (slash < 0) return new String[] {Character.isUpperCase(object.charAt(0)) ? object : null, null};
    String name = object.substring(slash + 1);
    return new String[] {kindOf(object.substring(0, slash)), ELIDED_NAME.matcher(name).matches() ? null : name};
  }

  /** The rows of a {@code kubectl get events} table; the header is the first line. */
  static List<Row> getTable(List<TextLine> lines, String defaultNamespace) {
    TextTable table = TextTable.fromHeader(lines.get(0).text());
    List<Row> rows = new ArrayList<>();
    boolean open = false;
    for (TextLine line : lines.subList(1, lines.size())) {
      Map<String, String> cells = table.row(line.text());
      String type = cells.get("TYPE");
      if (!"Normal".equals(type) && !"Warning".equals(type)) {
        open = open && continued(rows, line.text());
        continue;
      }
      open = true;
      String[] object = cells.containsKey("OBJECT") ? object(cells.get("OBJECT"))
          // kubectl 1.13 and before: NAME and KIND of the object in two columns.
          : new String[] {TextValues.value(cells.get("KIND")), TextValues.value(cells.get("NAME"))};
      String namespace = cells.containsKey("NAMESPACE") ? TextValues.value(cells.get("NAMESPACE")) : defaultNamespace;
      RelativeAge age = RelativeAge.event(cells.get("LAST SEEN"));
      if (cells.containsKey("COUNT") && cells.containsKey("FIRST SEEN") && age != null && age.count() == 1) {
        Integer count = TextValues.integer(cells.get("COUNT"));
        age = new RelativeAge(age.last(), count == null ? 1 : count, RelativeAge.age(cells.get("FIRST SEEN")));
      }
      rows.add(new Row(namespace, object[0], object[1], type, cells.get("REASON"), age,
          TextValues.value(cells.get("SOURCE")), cells.get("MESSAGE"), line));
    }
    return rows;
  }

  /** kubectl prints the object as {@code pod/name}, the kind lower-cased. */
  private static String kindOf(String lower) {
    String kind = KubectlKinds.kind(lower);
    return kind != null ? kind : lower;
  }

  /**
   * Places the rows once the capture time and the target are known. A row about no object is about
   * the target's pod; without one it is kept, unattached, with a warning. An event already read
   * from JSON is not added twice.
   */
  static void place(List<Row> rows, String path, TextPlacement at) {
    boolean unplaced = false;
    boolean unattached = false;
    for (Row r : rows) {
      String name = r.name();
      String kind = r.kind();
      String namespace = r.namespace();
      if ((r.namesNoObject() || PodFacts.UNNAMED.equals(name)) && at.targetPod() != null) {
        name = at.targetPod();
        kind = "Pod";
      } else if (r.namesNoObject()) {
        UnnamedPodEvents.Pod only = UnnamedPodEvents.podOf(PodsSeenInEvents.verdictReason(r.reason(), r.from()), namespace, at.out().facts());
        if (only != null) {
          name = only.name();
          kind = "Pod";
          if (namespace == null) namespace = only.namespace();
        }
      }
      if (namespace == null) namespace = at.targetNamespace();
      if (name == null && kind == null) unattached = true;
      Instant last = r.age() == null ? null : at.ago(r.age().last());
      Instant first = r.age() == null ? null : at.ago(r.age().first());
      if (r.age() != null && r.age().last() != null && at.capturedAt() == null) unplaced = true;
      at.out().observed(last);
      KubeEvent event = new KubeEvent(namespace, kind, name, r.type(), r.reason(), r.message(),
          r.from(), r.age() == null ? 1 : r.age().count(), first, last, r.line().at(path));
      if (!at.out().hasEvent(event)) at.out().fact(event);
    }
    if (unplaced) at.noCaptureTime(path);
    if (unattached) {
      at.out().warning(path + ": event lines name no object and the target names no pod; they are kept "
          + "but tied to no pod (add resource: pod/NAME to target.yaml)");
    }
  }
}
