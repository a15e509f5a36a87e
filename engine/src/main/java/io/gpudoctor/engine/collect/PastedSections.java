package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Splits pasted text into the outputs it holds, recognised by their headers (never by file name):
 * several {@code kubectl describe} outputs, tables and event lines may follow each other in one file.
 * Lines that belong to none (prose, a shell prompt's noise) are skipped.
 */
final class PastedSections {
  private static final Pattern DESCRIBE_NAME = Pattern.compile("^Name:\\s+\\S.*$");
  private static final Pattern TOP_KEY = Pattern.compile("^[A-Z][A-Za-z -]*:(\\s.*)?$");
  private static final Pattern EVENT_LINE = Pattern.compile("^\\s*(Normal|Warning)\\s{2,}[A-Za-z]\\S*\\s{2,}\\S.*\\s{2,}\\S.*$");
  private static final Set<String> POD_COLUMNS = Set.of("NAME", "READY", "STATUS", "RESTARTS");
  private static final Set<String> NODE_COLUMNS = Set.of("NAME", "STATUS", "ROLES", "VERSION");
  private static final Set<String> EVENT_COLUMNS = Set.of("LAST SEEN", "TYPE", "REASON", "OBJECT");

  private PastedSections() {}

  static List<PastedSection> split(String text) {
    List<TextLine> lines = new ArrayList<>();
    String[] raw = text.split("\\R", -1);
    for (int i = 0; i < raw.length; i++) lines.add(new TextLine(i + 1, raw[i].replace("\t", "    ").stripTrailing()));
    List<PastedSection> sections = new ArrayList<>();
    CommandContext context = CommandContext.NONE;
    int i = 0;
    while (i < lines.size()) {
      TextLine line = lines.get(i);
      String s = line.text();
      if (CommandContext.isCommand(s)) {
        context = CommandContext.parse(s);
        i++;
      } else if (isDescribeStart(lines, i)) {
        int end = i + 1;
        while (end < lines.size() && !startsSection(lines, end) && !endsDescribe(lines, end)) end++;
        sections.add(new PastedSection(PastedSection.Kind.DESCRIBE, lines.subList(i, end), context));
        i = end;
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
        while (end < lines.size() && !lines.get(end).blank() && lines.get(end).indent() > 0) end++;
        sections.add(new PastedSection(PastedSection.Kind.EVENTS_BLOCK, lines.subList(i, end), context));
        i = end;
      } else if (isEventLine(s)) {
        int end = i + 1;
        while (end < lines.size() && isEventLine(lines.get(end).text())) end++;
        sections.add(new PastedSection(PastedSection.Kind.EVENT_LINES, lines.subList(i, end), context));
        i = end;
      } else {
        i++;
      }
    }
    return sections;
  }

  /** The regex only after the cheap test every event line passes (it names its type). */
  private static boolean isEventLine(String s) {
    return (s.contains("Normal") || s.contains("Warning")) && EVENT_LINE.matcher(s).matches();
  }

  /** {@code Name:  x} at the margin, followed by another top-level {@code Key:} line. */
  private static boolean isDescribeStart(List<TextLine> lines, int i) {
    String s = lines.get(i).text();
    if (!s.startsWith("Name:") || !DESCRIBE_NAME.matcher(s).matches()) return false;
    return i + 1 < lines.size() && TOP_KEY.matcher(lines.get(i + 1).text()).matches();
  }

  private static boolean startsSection(List<TextLine> lines, int i) {
    String s = lines.get(i).text();
    return CommandContext.isCommand(s) || isDescribeStart(lines, i) || isAzHeader(lines, i) || isKubectlHeader(s);
  }

  /** Describe output has no blank lines and no unindented line that is not a {@code Key:}. */
  private static boolean endsDescribe(List<TextLine> lines, int i) {
    TextLine line = lines.get(i);
    if (line.blank()) return i + 1 >= lines.size() || lines.get(i + 1).indent() == 0;
    return line.indent() == 0 && !TOP_KEY.matcher(line.text()).matches();
  }

  private static int tableEnd(List<TextLine> lines, int from) {
    int end = from;
    while (end < lines.size() && !lines.get(end).blank() && !startsSection(lines, end)) end++;
    return end;
  }

  static boolean isKubectlHeader(String line) {
    if (line.isEmpty() || line.charAt(0) == ' ' || !line.equals(line.toUpperCase(java.util.Locale.ROOT))) return false;
    List<String> columns = TextTable.fromHeader(line).names();
    if (!columns.contains("NAME") && !columns.contains("LAST SEEN")) return false;
    return columns.containsAll(POD_COLUMNS) || columns.containsAll(NODE_COLUMNS) || columns.containsAll(EVENT_COLUMNS)
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
}
