package io.gpudoctor.cli;

import java.util.List;

/** Plain left-aligned text tables, two spaces between columns. */
final class Tables {
  private Tables() {}

  static String render(List<String[]> rows) {
    int columns = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], row[i].length());
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(row[i]);
        if (i < row.length - 1) line.append(" ".repeat(widths[i] - row[i].length() + 2));
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
