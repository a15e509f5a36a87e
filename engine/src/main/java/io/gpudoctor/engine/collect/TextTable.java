package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table as kubectl (tabwriter: columns start where their header starts, at least two spaces
 * apart) or az ({@code -o table}: a dashed underline gives each column's extent) prints it. Cells
 * are read by position when the row is aligned with the header, else by runs of two or more spaces
 * (text pasted through a chat often loses its alignment); the last column takes the rest of the row.
 */
final class TextTable {
  private static final Pattern CELL = Pattern.compile("\\S+(?: \\S+)*");

  record Column(String name, int start) {}

  private final List<Column> columns;

  private TextTable(List<Column> columns) {
    this.columns = List.copyOf(columns);
  }

  /** Columns from a header row: words joined by single spaces ({@code LAST SEEN}) make one column. */
  static TextTable fromHeader(String header) {
    List<Column> columns = new ArrayList<>();
    Matcher m = CELL.matcher(header);
    while (m.find()) columns.add(new Column(m.group().toUpperCase(Locale.ROOT), m.start()));
    return new TextTable(columns);
  }

  /** Columns from an az header and its dashed underline ({@code ----  -------}). */
  static TextTable fromUnderline(String header, String underline) {
    List<Column> columns = new ArrayList<>();
    Matcher m = Pattern.compile("-+").matcher(underline);
    while (m.find()) {
      int end = Math.min(m.end(), header.length());
      String name = m.start() < header.length() ? header.substring(m.start(), end).strip() : "";
      columns.add(new Column(name.toUpperCase(Locale.ROOT), m.start()));
    }
    return new TextTable(columns);
  }

  static boolean isUnderline(String line) {
    String s = line.strip();
    return !s.isEmpty() && s.chars().allMatch(c -> c == '-' || c == ' ');
  }

  List<String> names() {
    return columns.stream().map(Column::name).toList();
  }

  boolean has(String name) {
    return names().contains(name);
  }

  /** The cells of a row by upper-case column name; empty cells are empty strings. */
  Map<String, String> row(String line) {
    Map<String, String> cells = new LinkedHashMap<>();
    if (aligned(line)) {
      for (int i = 0; i < columns.size(); i++) {
        int start = columns.get(i).start();
        int end = i + 1 < columns.size() ? columns.get(i + 1).start() : line.length();
        cells.put(columns.get(i).name(), start >= line.length() ? "" : line.substring(start, Math.min(end, line.length())).strip());
      }
      return cells;
    }
    List<int[]> runs = runs(line);
    for (int i = 0; i < columns.size(); i++) {
      String cell = "";
      if (i < runs.size()) {
        int[] r = runs.get(i);
        cell = i == columns.size() - 1 ? line.substring(r[0]).strip() : line.substring(r[0], r[1]);
      }
      cells.put(columns.get(i).name(), cell);
    }
    return cells;
  }

  /** Every column boundary falls on a space, and no cell starts between column starts. */
  private boolean aligned(String line) {
    for (int i = 1; i < columns.size(); i++) {
      int start = columns.get(i).start();
      if (start < line.length() && line.charAt(start - 1) != ' ') return false;
    }
    int last = columns.get(columns.size() - 1).start();
    for (int[] r : runs(line)) {
      if (r[0] >= last) break;
      if (columns.stream().noneMatch(c -> c.start() == r[0])) return false;
    }
    return true;
  }

  /** Runs of text separated by two or more spaces, as [start, end). */
  private static List<int[]> runs(String line) {
    List<int[]> runs = new ArrayList<>();
    Matcher m = CELL.matcher(line);
    while (m.find()) runs.add(new int[] {m.start(), m.end()});
    return runs;
  }
}
