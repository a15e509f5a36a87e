package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DRL text cut into its rules, its functions and everything else, by lines: a rule runs from a
 * line that starts with {@code rule "name"} to the next line that is {@code end} alone; a function
 * from a line that starts with {@code function} to the line that closes its body's braces (braces
 * in strings and comments do not count, {@link #code}). What is neither (the package, imports, declared types,
 * queries) is kept as its non-blank lines, so two texts can be compared on it exactly. A text this
 * reading cannot cut (a rule with no {@code end} line, a function whose braces do not close, two
 * rules or functions of one name) has no layout: an edit of it is compiled whole.
 */
record DrlLayout(String packageName, List<String> header, Map<String, String> rules, Map<String, String> functions,
    String rest) {
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;?\\s*$");
  // What a rule of the file depends on outside itself: imports, globals, and package-wide
  // attributes (a dialect above all: without it an edited rule would compile as Java).
  private static final Pattern HEADER = Pattern.compile(
      "^(import|global|dialect|no-loop|lock-on-active|auto-focus|enabled|date-effective|date-expires|duration|timer|calendars)(\\s.*)?$");
  private static final Pattern FUNCTION = Pattern.compile("^\\s*function\\s+.+?\\s(\\w+)\\s*\\(.*");

  static Optional<DrlLayout> of(String text) {
    String packageName = null;
    List<String> header = new ArrayList<>();
    Map<String, String> rules = new LinkedHashMap<>();
    Map<String, String> functions = new LinkedHashMap<>();
    StringBuilder rest = new StringBuilder();
    String[] lines = text.split("\n", -1);
    List<String> lineList = Arrays.asList(lines); // a view: List.of would copy the whole file per rule
    String[] code = code(text).split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      String rule = ruleName(line);
      if (rule != null) {
        int end = i + 1;
        while (end < lines.length && !lines[end].strip().equals("end")) end++;
        if (end == lines.length || rules.containsKey(rule)) return Optional.empty();
        rules.put(rule, String.join("\n", lineList.subList(i, end + 1)));
        i = end;
        continue;
      }
      Matcher function = FUNCTION.matcher(line);
      if (function.matches()) {
        int end = closingLine(code, i);
        if (end < 0 || functions.containsKey(function.group(1))) return Optional.empty();
        functions.put(function.group(1), String.join("\n", lineList.subList(i, end + 1)));
        i = end;
        continue;
      }
      if (line.isBlank()) continue;
      Matcher pkg = PACKAGE.matcher(line);
      if (pkg.matches()) packageName = pkg.group(1);
      if (HEADER.matcher(line.strip()).matches()) header.add(line.strip());
      rest.append(line.stripTrailing()).append('\n');
    }
    if (packageName == null) return Optional.empty();
    return Optional.of(new DrlLayout(packageName, List.copyOf(header), rules, functions, rest.toString()));
  }

  /**
   * The text as code: comments and what string and character literals hold blanked out, every
   * line and column kept. A literal that does not close on its line ends with it.
   */
  static String code(String text) {
    StringBuilder out = new StringBuilder(text.length());
    boolean blockComment = false;
    for (int c = 0; c < text.length(); c++) {
      char ch = text.charAt(c);
      char next = c + 1 < text.length() ? text.charAt(c + 1) : 0;
      if (ch == '\n') {
        out.append(ch);
      } else if (blockComment) {
        blockComment = !(ch == '*' && next == '/');
        out.append(' ');
        if (!blockComment) {
          out.append(' ');
          c++;
        }
      } else if (ch == '/' && next == '*') {
        blockComment = true;
        out.append(' ').append(' ');
        c++;
      } else if (ch == '/' && next == '/') {
        for (; c < text.length() && text.charAt(c) != '\n'; c++) out.append(' ');
        c--;
      } else if (ch == '"' || ch == '\'') {
        out.append(ch);
        int d = c + 1;
        for (; d < text.length() && text.charAt(d) != ch && text.charAt(d) != '\n'; d++) {
          if (text.charAt(d) == '\\' && d + 1 < text.length() && text.charAt(d + 1) != '\n') {
            out.append(' ');
            d++;
          }
          out.append(' ');
        }
        if (d < text.length() && text.charAt(d) == ch) out.append(ch);
        else d--; // the line's end, appended next
        c = d;
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** The line on which the braces opened from line {@code from} on close, or -1. */
  private static int closingLine(String[] code, int from) {
    int depth = 0;
    for (int i = from; i < code.length; i++) {
      for (int c = 0; c < code[i].length(); c++) {
        if (code[i].charAt(c) == '{') depth++;
        else if (code[i].charAt(c) == '}' && --depth == 0) return i;
      }
    }
    return -1;
  }

  /** {@code rule "name"} (or {@code rule name}) first on the line: the name, else null. */
  private static String ruleName(String line) {
    String s = line.strip();
    if (!s.startsWith("rule") || s.length() < 6 || !Character.isWhitespace(s.charAt(4))) return null;
    s = s.substring(5).strip();
    if (s.startsWith("\"")) {
      int close = s.indexOf('"', 1);
      return close > 1 ? s.substring(1, close) : null;
    }
    int end = 0;
    while (end < s.length() && !Character.isWhitespace(s.charAt(end))) end++;
    return end > 0 ? s.substring(0, end) : null;
  }
}
