package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.PodFacts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits pasted text into the outputs it holds, recognised by their headers (never by file name):
 * several {@code kubectl describe} outputs, tables and event lines may follow each other in one file.
 * Lines that belong to none (prose, a shell prompt's noise) are skipped. Markdown code fences
 * ({@code ```} or {@code ~~~}, with an info string, indented in a list) end whatever output they
 * close and are never part of one; a fence glued to the first line of an output
 * ({@code ```Events:}) is taken off it.
 */
final class PastedSections {
  private static final Pattern DESCRIBE_NAME = Pattern.compile("^Name:\\s+\\S.*$");
  private static final Pattern TOP_KEY = DescribeText.FIELD_AT_MARGIN;
  private static final Pattern EVENT_LINE = Pattern.compile("^\\s*(Normal|Warning)\\s{2,}[A-Za-z]\\S*\\s{2,}\\S.*\\s{2,}\\S.*$");
  private static final Pattern FENCE = Pattern.compile("^\\s*(?:`{3,}|~{3,})(.*)$");
  // What may follow the fence marks on a fence line: nothing, an info string (yaml, console, shell),
  // or the rest of a one-line code span (```v1.18.3```).
  private static final Pattern INFO_STRING = Pattern.compile("\\s*[\\w+#.-]*\\s*|.*(?:`{3,}|~{3,})\\s*");
  private static final Set<String> POD_COLUMNS = Set.of("NAME", "READY", "STATUS", "RESTARTS");
  private static final Set<String> NODE_COLUMNS = Set.of("NAME", "STATUS", "ROLES", "VERSION");
  private static final Set<String> EVENT_COLUMNS = Set.of("LAST SEEN", "TYPE", "REASON");
  // Keys a trimmed describe may start with before the ones that tell its kind.
  private static final Set<String> SHARED_DESCRIBE_KEYS = Set.of("Namespace", "Labels", "Annotations",
      "CreationTimestamp", "Start Time", "Priority Class Name", "Service Account", "Volumes");
  private static final Set<String> DAEMONSET_COLUMNS = Set.of("NAME", "DESIRED", "CURRENT", "READY", "AVAILABLE",
      "NODE SELECTOR");
  // Lower-case leftovers glued to a table's first column: a fence's info string that lost its marks
  // ("text", "console", "xt" of a half-erased "```text") or terminal noise before the header.
  private static final Pattern GLUED_BEFORE_HEADER = Pattern.compile("^[a-z]{1,10}(?=(?:NAMESPACE|NAME) {2,}\\S)");

  private PastedSections() {}

  static List<PastedSection> split(String text) {
    List<TextLine> lines = lines(text);
    List<PastedSection> sections = new ArrayList<>();
    CommandContext context = CommandContext.NONE;
    int i = 0;
    while (i < lines.size()) {
      TextLine line = lines.get(i);
      String s = line.text();
      int fragment;
      if (CommandContext.isCommand(s)) {
        context = CommandContext.parse(s);
        i++;
      } else if (isDescribeStart(lines, i)) {
        int end = describeEnd(lines, i);
        sections.add(new PastedSection(PastedSection.Kind.DESCRIBE, DescribeText.withValuesJoined(lines.subList(i, end)), context));
        i = end;
      } else if ((fragment = fragmentEnd(lines, i)) > 0) {
        sections.add(new PastedSection(PastedSection.Kind.DESCRIBE, DescribeText.withValuesJoined(lines.subList(i, fragment)), context));
        i = fragment;
      } else if (isAzHeader(lines, i)) {
        int end = tableEnd(lines, i + 2);
        sections.add(new PastedSection(PastedSection.Kind.AZ_TABLE, lines.subList(i, end), context));
        i = end;
      } else if (isKubectlHeader(s)) {
        int end = tableEnd(lines, i + 1);
        sections.add(new PastedSection(PastedSection.Kind.KUBECTL_TABLE, lines.subList(i, end), context));
        i = end;
      } else if (s.equals("Events:")) {
        int end = i + 1;
        while (end < lines.size() && !lines.get(end).blank() && !isFence(lines.get(end))
            && (lines.get(end).indent() > 0 || DescribeText.continuesValueAtMargin(lines, end))) {
          end++;
        }
        sections.add(new PastedSection(PastedSection.Kind.EVENTS_BLOCK, DescribeText.withValuesJoined(lines.subList(i, end)), context));
        i = end;
      } else if (isEventLine(s)) {
        int end = i + 1;
        // A row wrapped onto the next line keeps its continuation (EventText joins it to the row).
        while (end < lines.size() && (isEventLine(lines.get(end).text())
            || EventText.continuesRow(lines.get(end - 1).text(), lines.get(end).text()))) end++;
        sections.add(new PastedSection(PastedSection.Kind.EVENT_LINES, lines.subList(i, end), context));
        i = end;
      } else {
        i++;
      }
    }
    return bindEventsToTheOnlyPod(sections);
  }

  /** The lines of the text, tabs expanded, a fence glued to the start or end of a line taken off it. */
  private static List<TextLine> lines(String text) {
    List<TextLine> lines = new ArrayList<>();
    String[] raw = text.split("\\R", -1);
    for (int i = 0; i < raw.length; i++) {
      lines.add(new TextLine(i + 1, withoutNoiseBeforeHeader(unglued(raw[i].replace("\t", "    ").stripTrailing()))));
    }
    return lines;
  }

  /**
   * {@code xtNAME    INSTANCE   RESOURCEREADY ...} is the header {@code NAME ...}: the noise is taken off and
   * the first column's padding keeps the others where the rows have them. Only when what is left is a
   * header; any other line stays as it is.
   */
  static String withoutNoiseBeforeHeader(String line) {
    Matcher m = GLUED_BEFORE_HEADER.matcher(line);
    if (!m.find()) return line;
    String rest = line.substring(m.end());
    int nameEnd = rest.startsWith("NAMESPACE") ? "NAMESPACE".length() : "NAME".length();
    String header = rest.substring(0, nameEnd) + " ".repeat(m.end()) + rest.substring(nameEnd);
    return isKubectlHeader(header) ? header : line;
  }

  /**
   * {@code ```Events:} is the Events line; {@code ```NAME  READY ...} a header whose columns line up
   * with the rows once the marks are gone; {@code 33m```} the last row. A fence line stays as it is.
   */
  static String unglued(String line) {
    if (line.indexOf("``") < 0 && line.indexOf("~~") < 0) return line;
    Matcher m = FENCE.matcher(line);
    if (m.matches()) return INFO_STRING.matcher(m.group(1)).matches() ? line : m.group(1);
    if (line.endsWith("```") || line.endsWith("~~~")) return line.substring(0, line.length() - 3).stripTrailing();
    return line;
  }

  static boolean isFence(TextLine line) {
    String s = line.text();
    return (s.contains("```") || s.contains("~~~")) && FENCE.matcher(s).matches();
  }

  /**
   * A describe-style event row ({@code Warning  FailedScheduling  3m  default-scheduler  ...}), one cut before its
   * reason ({@code FailedScheduling  3m  default-scheduler  ...}), or a get-events row.
   */
  private static boolean isEventLine(String s) {
    if (!s.contains("Normal") && !s.contains("Warning")) return EventText.isTypelessRow(s);
    return EVENT_LINE.matcher(s).matches() || EventText.isGetEventsRow(s) || EventText.isTypelessRow(s);
  }

  /** {@code Name:  x} at the margin, followed by another top-level {@code Key:} line. */
  private static boolean isDescribeStart(List<TextLine> lines, int i) {
    String s = lines.get(i).text();
    if (!s.startsWith("Name:") || !DESCRIBE_NAME.matcher(s).matches()) return false;
    return i + 1 < lines.size() && TOP_KEY.matcher(lines.get(i + 1).text()).matches();
  }

  private static int describeEnd(List<TextLine> lines, int start) {
    int end = start + 1;
    while (end < lines.size() && !startsSection(lines, end) && !endsDescribe(lines, end)) end++;
    return end;
  }

  /**
   * Where a describe trimmed of its {@code Name:} line ends (people paste only the part that matters,
   * after a {@code ...}), or -1 when none starts at line i: keys only a pod's describe has, or only a
   * node's ({@link DescribePodText#isFragment}, {@link DescribeNodeText#isFragment}), or the indented
   * lines of one container ({@link DescribeText#containerBlockEnd}).
   */
  private static int fragmentEnd(List<TextLine> lines, int i) {
    int container = DescribeText.containerBlockEnd(lines, i);
    if (container > 0) return container;
    String s = lines.get(i).text();
    if (s.isEmpty() || !Character.isUpperCase(s.charAt(0)) || !TOP_KEY.matcher(s).matches()) return -1;
    String key = s.substring(0, s.indexOf(':'));
    if (!DescribePodText.isPodKey(key) && !DescribeNodeText.isNodeKey(key) && !SHARED_DESCRIBE_KEYS.contains(key)) return -1;
    int end = describeEnd(lines, i);
    DescribeText d = new DescribeText(DescribeText.withValuesJoined(lines.subList(i, end)));
    return DescribePodText.isFragment(d) || DescribeNodeText.isFragment(d) ? end : -1;
  }

  private static boolean startsSection(List<TextLine> lines, int i) {
    String s = lines.get(i).text();
    return CommandContext.isCommand(s) || isDescribeStart(lines, i) || isAzHeader(lines, i) || isKubectlHeader(s);
  }

  /**
   * Describe output has no blank lines and no unindented line that is not a {@code Key:} (or a
   * container's name that lost its indentation, {@link DescribeText#isContainerNameAtMargin}).
   */
  private static boolean endsDescribe(List<TextLine> lines, int i) {
    TextLine line = lines.get(i);
    if (isFence(line)) return true;
    if (line.blank()) return i + 1 >= lines.size() || lines.get(i + 1).indent() == 0;
    return line.indent() == 0 && !TOP_KEY.matcher(line.text()).matches() && !DescribeText.isContainerNameAtMargin(lines, i)
        && !DescribeText.continuesValueAtMargin(lines, i);
  }

  private static int tableEnd(List<TextLine> lines, int from) {
    int end = from;
    while (end < lines.size() && !lines.get(end).blank() && !isFence(lines.get(end)) && !startsSection(lines, end)) end++;
    return end;
  }

  static boolean isKubectlHeader(String line) {
    if (line.isEmpty() || line.charAt(0) == ' ' || !line.equals(line.toUpperCase(java.util.Locale.ROOT))) return false;
    List<String> columns = TextTable.fromHeader(line).names();
    if (!columns.contains("NAME") && !columns.contains("LAST SEEN")) return false;
    return columns.containsAll(POD_COLUMNS) || columns.containsAll(NODE_COLUMNS) || columns.containsAll(DAEMONSET_COLUMNS)
        || columns.containsAll(EVENT_COLUMNS) && (columns.contains("OBJECT") || columns.contains("KIND"))
        || columns.contains("INSTANCE") && columns.stream().anyMatch(KubectlTableText::isWorkspaceConditionColumn)
        || columns.contains("TYPE") && columns.contains("NODE") && columns.contains("READY") && !columns.contains("STATUS");
  }

  /** An az {@code -o table} header (a node pool list or a usage list) and its dashed underline. */
  static boolean isAzHeader(List<TextLine> lines, int i) {
    if (i + 1 >= lines.size()) return false;
    String header = lines.get(i).text();
    return (header.contains("VmSize") || header.contains("CurrentValue") && header.contains("Limit"))
        && TextTable.isUnderline(lines.get(i + 1).text());
  }

  /**
   * Event lines pasted with no command naming their pod (a thread that pastes only the Events of
   * the pod it is about) are that pod's when the file describes or lists exactly one pod. When that
   * pod's describe lost its {@code Name:} line, the pod the events name (a Scheduled row's assignment,
   * the kubelet's {@code name_namespace(uid)}) is the one described. Sections under a command about another kind ({@code describe node}) stay as they are.
   */
  private static List<PastedSection> bindEventsToTheOnlyPod(List<PastedSection> sections) {
    List<String> only = onlyPod(sections);
    if (only == null) return sections;
    if (PodFacts.UNNAMED.equals(only.get(1))) {
      List<String> named = podTheEventsName(sections);
      if (named != null) only = named;
    }
    List<PastedSection> bound = new ArrayList<>(sections.size());
    for (PastedSection s : sections) {
      boolean events = s.kind() == PastedSection.Kind.EVENT_LINES || s.kind() == PastedSection.Kind.EVENTS_BLOCK;
      boolean fragment = s.kind() == PastedSection.Kind.DESCRIBE && !PodFacts.UNNAMED.equals(only.get(1))
          && isPodFragment(s);
      bound.add((events || fragment) && s.context().kind() == null
          ? new PastedSection(s.kind(), s.lines(), s.context().aboutPod(only.get(0), only.get(1))) : s);
    }
    return bound;
  }

  private static boolean isPodFragment(PastedSection s) {
    DescribeText d = new DescribeText(s.lines());
    return !d.has("Name") && DescribePodText.isPod(d);
  }

  /** The one pod the file's event lines name, when they name one. */
  private static List<String> podTheEventsName(List<PastedSection> sections) {
    List<EventText.Row> rows = new ArrayList<>();
    for (PastedSection s : sections) {
      if (s.context().kind() != null) continue;
      if (s.kind() == PastedSection.Kind.EVENT_LINES) rows.addAll(EventText.bareLines(s.lines(), s.context().namespace(), null));
      if (s.kind() == PastedSection.Kind.EVENTS_BLOCK) {
        rows.addAll(EventText.describeTable(s.lines().subList(1, s.lines().size()), s.context().namespace(), null, null));
      }
    }
    return EventText.namedPod(rows);
  }

  /**
   * {namespace, name} of the one pod the file describes or lists, or null. A describe without a name
   * is that pod too; alone, it is a pod whose name is unknown ({@link PodFacts#UNNAMED}).
   */
  private static List<String> onlyPod(List<PastedSection> sections) {
    Set<List<String>> named = new LinkedHashSet<>();
    List<String> unnamed = null;
    for (PastedSection s : sections) {
      if (s.kind() == PastedSection.Kind.DESCRIBE) {
        DescribeText d = new DescribeText(s.lines());
        if (DescribeCustomText.isCustom(d) || !DescribePodText.isPod(d)) continue;
        String name = d.value("Name") != null ? d.value("Name") : s.context().pod();
        String namespace = d.value("Namespace") != null ? d.value("Namespace") : s.context().namespace();
        if (name != null) named.add(java.util.Arrays.asList(namespace, name));
        else if (unnamed == null) unnamed = java.util.Arrays.asList(namespace, PodFacts.UNNAMED);
      } else if (s.kind() == PastedSection.Kind.KUBECTL_TABLE) {
        named.addAll(KubectlTableText.podsListed(s));
      }
      if (named.size() > 1) return null;
    }
    return named.size() == 1 ? named.iterator().next() : unnamed;
  }
}
