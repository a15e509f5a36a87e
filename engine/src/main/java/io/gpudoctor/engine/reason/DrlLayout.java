package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DRL text cut into its rules and everything else, by lines: a rule runs from a line that starts
 * with {@code rule "name"} to the next line that is {@code end} alone. What is not a rule (the
 * package, imports, declared types, functions, queries) is kept as its non-blank lines, so two
 * texts can be compared on it exactly. A text this reading cannot cut (a rule with no {@code end}
 * line, two rules of one name) has no layout: an edit of it is compiled whole.
 */
record DrlLayout(String packageName, List<String> header, Map<String, String> rules, String rest) {
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;?\\s*$");
  // What a rule of the file depends on outside itself: imports, globals, and package-wide
  // attributes (a dialect above all: without it an edited rule would compile as Java).
  private static final Pattern HEADER = Pattern.compile(
      "^(import|global|dialect|no-loop|lock-on-active|auto-focus|enabled|date-effective|date-expires|duration|timer|calendars)(\\s.*)?$");
  private static final Pattern FUNCTION = Pattern.compile("(?m)^\\s*function\\s+.+?\\s(\\w+)\\s*\\(");

  static Optional<DrlLayout> of(String text) {
    String packageName = null;
    List<String> header = new ArrayList<>();
    Map<String, String> rules = new LinkedHashMap<>();
    StringBuilder rest = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      String rule = ruleName(line);
      if (rule != null) {
        int end = i + 1;
        while (end < lines.length && !lines[end].strip().equals("end")) end++;
        if (end == lines.length || rules.containsKey(rule)) return Optional.empty();
        rules.put(rule, String.join("\n", List.of(lines).subList(i, end + 1)));
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
    return Optional.of(new DrlLayout(packageName, List.copyOf(header), rules, rest.toString()));
  }

  /** The names of the functions this text declares. */
  List<String> functions() {
    List<String> names = new ArrayList<>();
    Matcher m = FUNCTION.matcher(rest);
    while (m.find()) {
      if (!names.contains(m.group(1))) names.add(m.group(1));
    }
    return names;
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
