package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code kubectl describe} output split into its top-level fields ({@code Labels:}, {@code Taints:},
 * {@code Containers:}, {@code Events:} ...), each with its inline value, the lines under it and
 * where it was in the file. Nested fields are read as an indentation tree on demand.
 */
final class DescribeText {
  private static final Pattern KEY = Pattern.compile("^([^:\\s][^:]*?):(?:\\s+(.*))?$");

  /** One field: {@code key}, the value on its line, the indented lines under it. */
  record Field(String key, String value, TextLine line, List<TextLine> body) {

    /** The inline value and each continuation line, as kubectl prints multi-value fields (Labels, Taints). */
    List<TextLine> values() {
      List<TextLine> values = new ArrayList<>();
      if (value != null && !value.isBlank()) values.add(new TextLine(line.number(), value));
      for (TextLine l : body) if (!l.blank()) values.add(new TextLine(l.number(), l.trimmed()));
      return values;
    }

    /** The lines under the field as a tree of {@code Key: value} nodes. */
    List<Node> children() {
      return tree(body);
    }
  }

  /** A nested {@code Key: value} line (or a bare line, key null) with the lines under it. */
  record Node(String key, String value, TextLine line, List<Node> children) {

    Node child(String name) {
      for (Node n : children) if (name.equals(n.key())) return n;
      return null;
    }

    String childValue(String name) {
      Node n = child(name);
      return n == null ? null : n.value();
    }
  }

  /**
   * The keys {@code kubectl describe pod} prints under each container (every version since 1.10;
   * {@code Host Ports}/{@code Ports} when it has several).
   */
  private static final Set<String> CONTAINER_KEYS = Set.of("Container ID", "Image", "Image ID", "Port", "Ports",
      "Host Port", "Host Ports", "Command", "Args", "State", "Last State", "Ready", "Restart Count", "Limits",
      "Requests", "Liveness", "Readiness", "Startup", "Environment", "Environment Variables from", "Mounts");
  private static final Set<String> CONTAINER_BLOCKS = Set.of("Containers", "Init Containers");
  private static final Pattern CONTAINER_NAME = Pattern.compile("^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?:\\s*$");
  /** A pod's container shows its state; a Deployment's or a Job's pod template does not. */
  private static final Set<String> STATE_KEYS = Set.of("State", "Last State");
  /** The name of a container whose lines were pasted without its pod, and so without its name ({@link #containerBlockEnd}). */
  static final String PASTED_CONTAINER = "<container not named>";

  private final Map<String, Field> fields = new LinkedHashMap<>();
  private final List<Field> ordered = new ArrayList<>();
  private final boolean containerOnly;

  DescribeText(List<TextLine> lines) {
    containerOnly = !lines.isEmpty() && containerBlockEnd(lines, 0) == lines.size();
    if (containerOnly) {
      // One container's lines without the pod around them: the Containers block of a pod not named.
      TextLine first = lines.get(0);
      List<TextLine> body = new ArrayList<>();
      body.add(new TextLine(first.number(), " ".repeat(Math.max(0, first.indent() - 2)) + PASTED_CONTAINER + ":"));
      body.addAll(lines);
      add(new Field("Containers", "", first, body));
      return;
    }
    Field current = null;
    for (int i = 0; i < lines.size(); i++) {
      TextLine line = lines.get(i);
      if (line.indent() == 0 && !line.blank() && !containerNameAtMargin(current, lines, i)) {
        Matcher m = KEY.matcher(line.text());
        if (m.matches()) {
          current = new Field(m.group(1), m.group(2) == null ? "" : m.group(2).strip(), line, new ArrayList<>());
          add(current);
          continue;
        }
      }
      if (current != null) current.body().add(line);
    }
  }

  private void add(Field field) {
    ordered.add(field);
    fields.putIfAbsent(field.key(), field);
  }

  static final Pattern FIELD_AT_MARGIN = Pattern.compile("^[A-Z][A-Za-z -]*:(\\s.*)?$");
  /** Prose written under a paste ("The pod never starts."), not a value's next line. */
  private static final Pattern SENTENCE = Pattern.compile("[A-Z][a-z]+ [a-z]");
  private static final Pattern EVENT_ROW = Pattern.compile("^\\s+(?:Normal|Warning)\\s{2,}\\S");

  /**
   * Line i goes on with a value kubectl printed with its newlines: describe writes a container state's
   * {@code Message:} and an event's message raw, so their later lines start at the margin (the NVIDIA hook's
   * stderr after {@code Auto-detected mode as 'legacy'}). Such a line is at the margin, is no field (fields there
   * are capitalised) and no container's name, and follows a {@code Message:} (a container state's or the pod's) or an
   * event row, or another such line.
   */
  static boolean continuesValueAtMargin(List<TextLine> lines, int i) {
    TextLine line = lines.get(i);
    if (line.blank() || line.indent() > 0 || FIELD_AT_MARGIN.matcher(line.text()).matches() || isContainerNameAtMargin(lines, i)
        || line.text().startsWith("```") || line.text().startsWith("~~~") || SENTENCE.matcher(line.text()).lookingAt()) {
      return false;
    }
    for (int j = i - 1; j >= 0; j--) {
      TextLine above = lines.get(j);
      if (above.blank()) return false;
      if (above.indent() > 0) return above.trimmed().startsWith("Message:") || EVENT_ROW.matcher(above.text()).find();
      // The pod's own Message: (a Failed pod's) is a field at the margin.
      if (FIELD_AT_MARGIN.matcher(above.text()).matches()) return above.text().startsWith("Message:");
    }
    return false;
  }

  /** The lines with each value kubectl printed over several lines ({@link #continuesValueAtMargin}) on its first line. */
  static List<TextLine> withValuesJoined(List<TextLine> lines) {
    List<TextLine> joined = new ArrayList<>(lines.size());
    for (int i = 0; i < lines.size(); i++) {
      if (!joined.isEmpty() && continuesValueAtMargin(lines, i)) {
        TextLine last = joined.remove(joined.size() - 1);
        joined.add(new TextLine(last.number(), last.text() + " " + lines.get(i).text()));
      } else {
        joined.add(lines.get(i));
      }
    }
    return joined;
  }

  /**
   * A container's {@code name:} pasted at the margin inside {@code Containers:} or {@code Init Containers:}
   * (a thread that lost the indentation of one line): a bare key whose indented lines are container keys
   * is that block's container, not a field of the pod.
   */
  private static boolean containerNameAtMargin(Field current, List<TextLine> lines, int i) {
    return current != null && CONTAINER_BLOCKS.contains(current.key()) && isContainerNameAtMargin(lines, i);
  }

  /**
   * Line i is a container's name ({@code app2:}, a DNS label) at the margin, and the indented lines
   * under it hold a container key: a container whose name lost its indentation, not the end of the describe.
   */
  static boolean isContainerNameAtMargin(List<TextLine> lines, int i) {
    TextLine line = lines.get(i);
    if (line.indent() != 0 || !CONTAINER_NAME.matcher(line.text()).matches()) return false;
    for (int j = i + 1; j < lines.size() && (lines.get(j).blank() || lines.get(j).indent() > 0); j++) {
      if (isContainerKey(lines.get(j))) return true;
    }
    return false;
  }

  /**
   * Where the lines of one container pasted without its pod end ({@code    State:  Waiting},
   * {@code      Reason: ImagePullBackOff}, {@code    Requests: ...}), or -1 when none starts at line
   * {@code from}: an indented container key, then lines at least as indented holding two container
   * keys at its indentation, one of them its state.
   */
  static int containerBlockEnd(List<TextLine> lines, int from) {
    if (from >= lines.size()) return -1;
    TextLine first = lines.get(from);
    int indent = first.indent();
    if (indent == 0 || !isContainerKey(first)) return -1;
    Set<String> keys = new java.util.HashSet<>();
    int end = from;
    while (end < lines.size()) {
      TextLine l = lines.get(end);
      if (l.blank() || l.indent() < indent || l.trimmed().startsWith("```") || l.trimmed().startsWith("~~~")) break;
      if (l.indent() == indent && isContainerKey(l)) keys.add(keyOf(l));
      end++;
    }
    return keys.size() >= 2 && keys.stream().anyMatch(STATE_KEYS::contains) ? end : -1;
  }

  private static boolean isContainerKey(TextLine line) {
    String key = keyOf(line);
    return key != null && CONTAINER_KEYS.contains(key);
  }

  private static String keyOf(TextLine line) {
    Matcher m = KEY.matcher(line.trimmed());
    return m.matches() ? m.group(1) : null;
  }

  /** The text is one container's lines, pasted without the pod (its other containers not shown). */
  boolean containerOnly() {
    return containerOnly;
  }

  Field field(String key) {
    return fields.get(key);
  }

  String value(String key) {
    Field f = fields.get(key);
    return f == null ? null : TextValues.value(f.value());
  }

  boolean has(String key) {
    return fields.containsKey(key);
  }

  List<Field> fields() {
    return ordered;
  }

  static List<Node> tree(List<TextLine> lines) {
    List<Node> roots = new ArrayList<>();
    build(lines, 0, lines.size(), roots);
    return roots;
  }

  private static void build(List<TextLine> lines, int from, int to, List<Node> out) {
    int i = from;
    while (i < to) {
      TextLine line = lines.get(i);
      if (line.blank()) {
        i++;
        continue;
      }
      int end = i + 1;
      while (end < to && (lines.get(end).blank() || lines.get(end).indent() > line.indent())) end++;
      Matcher m = KEY.matcher(line.trimmed());
      List<Node> children = new ArrayList<>();
      build(lines, i + 1, end, children);
      if (m.matches()) out.add(new Node(m.group(1), m.group(2) == null ? "" : m.group(2).strip(), line, children));
      else out.add(new Node(null, line.trimmed(), line, children));
      i = end;
    }
  }
}
