package io.gpudoctor.engine.collect;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A strict parser of the Prometheus text exposition format (0.0.4), as the DCGM exporter writes
 * it. No maintained Java parser exists, and the format is small: {@code # HELP}/{@code # TYPE}
 * lines, samples {@code name{label="value",...} value [timestamp-ms]}, label values with the
 * escapes {@code \\ \" \n}, values that may be {@code NaN}, {@code +Inf}, {@code -Inf}.
 * A malformed line is reported with its number and skipped; the other lines still count.
 * Hand-written over the characters (no regular expressions) because scrapes can be tens of MB.
 */
final class ExpositionParser {
  private static final Set<String> TYPES = Set.of("counter", "gauge", "histogram", "summary", "untyped");

  /** Receives what the parser finds, in file order. */
  interface Sink {
    void sample(String name, Map<String, String> labels, double value, Long timestampMillis, int line);

    void problem(int line, String reason);
  }

  private final String text;
  private final Sink sink;
  private final Map<String, String> typeSeen = new java.util.HashMap<>();
  private final Set<String> helpSeen = new java.util.HashSet<>();
  private int pos;
  private int lineEnd;

  private ExpositionParser(String text, Sink sink) {
    this.text = text;
    this.sink = sink;
  }

  static void parse(String text, Sink sink) {
    new ExpositionParser(text, sink).run();
  }

  /** Whether text looks like an exposition: its first non-blank line is a HELP/TYPE comment or a DCGM sample. */
  static boolean looksLikeExposition(String text) {
    int i = 0;
    int n = text.length();
    while (i < n && (Character.isWhitespace(text.charAt(i)) || text.charAt(i) == '\uFEFF')) i++;
    return text.startsWith("# HELP ", i) || text.startsWith("# TYPE ", i) || text.startsWith("DCGM_FI_", i);
  }

  private void run() {
    int n = text.length();
    int lineNo = 0;
    int start = 0;
    while (start < n) {
      int end = text.indexOf('\n', start);
      if (end < 0) end = n;
      lineNo++;
      int e = end;
      if (e > start && text.charAt(e - 1) == '\r') e--;
      pos = start;
      lineEnd = e;
      try {
        line(lineNo);
      } catch (Malformed m) {
        sink.problem(lineNo, m.getMessage());
      }
      start = end + 1;
    }
  }

  private void line(int lineNo) throws Malformed {
    skipBlanks();
    if (pos >= lineEnd) return;
    char c = text.charAt(pos);
    if (c == '#') {
      comment();
      return;
    }
    String name = metricName();
    Map<String, String> labels = Map.of();
    int afterName = pos;
    skipBlanks();
    if (pos < lineEnd && text.charAt(pos) == '{') {
      labels = labels();
      afterName = pos;
      skipBlanks();
    }
    if (pos == afterName || pos >= lineEnd) throw new Malformed("expected a space and a value after " + name);
    String valueToken = token();
    double value = value(valueToken);
    skipBlanks();
    Long timestamp = null;
    if (pos < lineEnd) {
      String ts = token();
      timestamp = timestamp(ts);
      skipBlanks();
      if (pos < lineEnd) throw new Malformed("unexpected text after the timestamp: '" + shorten(text.substring(pos, lineEnd)) + "'");
    }
    sink.sample(name, labels, value, timestamp, lineNo);
  }

  private void comment() throws Malformed {
    pos++;
    skipBlanks();
    String keyword = token();
    if (!keyword.equals("HELP") && !keyword.equals("TYPE")) return; // any other comment (incl. "# EOF") is free text
    skipBlanks();
    String name = metricName();
    if (keyword.equals("HELP")) {
      if (!helpSeen.add(name)) throw new Malformed("second HELP line for " + name);
      return;
    }
    skipBlanks();
    String type = token();
    if (!TYPES.contains(type)) throw new Malformed("unknown metric type '" + type + "' for " + name);
    skipBlanks();
    if (pos < lineEnd) throw new Malformed("unexpected text after the TYPE of " + name);
    if (typeSeen.putIfAbsent(name, type) != null) throw new Malformed("second TYPE line for " + name);
  }

  private String metricName() throws Malformed {
    int s = pos;
    if (pos >= lineEnd || !nameStart(text.charAt(pos), true)) {
      throw new Malformed(pos >= lineEnd ? "missing metric name" : "invalid metric name starting with '" + text.charAt(pos) + "'");
    }
    pos++;
    while (pos < lineEnd && namePart(text.charAt(pos), true)) pos++;
    return text.substring(s, pos);
  }

  private Map<String, String> labels() throws Malformed {
    pos++; // '{'
    Map<String, String> labels = new LinkedHashMap<>();
    while (true) {
      skipBlanks();
      if (pos >= lineEnd) throw new Malformed("unterminated label set");
      if (text.charAt(pos) == '}') {
        pos++;
        return labels;
      }
      int s = pos;
      if (!nameStart(text.charAt(pos), false)) throw new Malformed("invalid label name starting with '" + text.charAt(pos) + "'");
      while (pos < lineEnd && namePart(text.charAt(pos), false)) pos++;
      String label = text.substring(s, pos);
      skipBlanks();
      if (pos >= lineEnd || text.charAt(pos) != '=') throw new Malformed("expected '=' after label " + label);
      pos++;
      skipBlanks();
      if (pos >= lineEnd || text.charAt(pos) != '"') throw new Malformed("expected '\"' to open the value of label " + label);
      pos++;
      String value = labelValue(label);
      if (labels.put(label, value) != null) throw new Malformed("label " + label + " appears twice");
      skipBlanks();
      if (pos >= lineEnd) throw new Malformed("unterminated label set");
      char c = text.charAt(pos);
      if (c == ',') {
        pos++;
      } else if (c != '}') {
        throw new Malformed("expected ',' or '}' after the value of label " + label);
      }
    }
  }

  private String labelValue(String label) throws Malformed {
    StringBuilder sb = null;
    int s = pos;
    while (pos < lineEnd) {
      char c = text.charAt(pos);
      if (c == '"') {
        String v = sb == null ? text.substring(s, pos) : sb.append(text, s, pos).toString();
        pos++;
        return v;
      }
      if (c == '\\') {
        if (sb == null) sb = new StringBuilder();
        sb.append(text, s, pos);
        if (pos + 1 >= lineEnd) break;
        char e = text.charAt(pos + 1);
        switch (e) {
          case '\\' -> sb.append('\\');
          case '"' -> sb.append('"');
          case 'n' -> sb.append('\n');
          default -> throw new Malformed("invalid escape '\\" + e + "' in the value of label " + label);
        }
        pos += 2;
        s = pos;
        continue;
      }
      pos++;
    }
    throw new Malformed("unterminated value of label " + label);
  }

  private static double value(String token) throws Malformed {
    switch (token) {
      case "NaN": return Double.NaN;
      case "+Inf", "Inf": return Double.POSITIVE_INFINITY;
      case "-Inf": return Double.NEGATIVE_INFINITY;
      default:
    }
    if (token.isEmpty() || !numeric(token)) throw new Malformed("invalid sample value '" + shorten(token) + "'");
    try {
      return Double.parseDouble(token);
    } catch (NumberFormatException e) {
      throw new Malformed("invalid sample value '" + shorten(token) + "'");
    }
  }

  /** Digits, sign, point and exponent only: Java would also accept "1d", "0x1p3" and "Infinity". */
  private static boolean numeric(String token) {
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      if (!(c >= '0' && c <= '9') && c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E') return false;
    }
    return true;
  }

  private static Long timestamp(String token) throws Malformed {
    try {
      return Long.parseLong(token);
    } catch (NumberFormatException e) {
      throw new Malformed("invalid timestamp '" + shorten(token) + "' (milliseconds since the epoch expected)");
    }
  }

  private String token() {
    int s = pos;
    while (pos < lineEnd && !isBlank(text.charAt(pos))) pos++;
    return text.substring(s, pos);
  }

  private void skipBlanks() {
    while (pos < lineEnd && isBlank(text.charAt(pos))) pos++;
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }

  private static boolean nameStart(char c, boolean colon) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (colon && c == ':');
  }

  private static boolean namePart(char c, boolean colon) {
    return nameStart(c, colon) || (c >= '0' && c <= '9');
  }

  private static String shorten(String s) {
    return s.length() <= 40 ? s : s.substring(0, 40) + "...";
  }

  /** A malformed line; no stack trace, the message is the reason shown to the user. */
  private static final class Malformed extends Exception {
    Malformed(String reason) {
      super(reason, null, false, false);
    }
  }
}
