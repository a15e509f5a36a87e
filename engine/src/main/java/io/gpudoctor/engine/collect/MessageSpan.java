package io.gpudoctor.engine.collect;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message a component printed, found where people paste it: to the end of a prose line (or to where
 * the reporter's own CJK text or full-width punctuation goes on), inside {@code `inline code`} (which may
 * wrap onto the next lines, and may open before the message: {@code `volcano  0/101 nodes ...`}), inside
 * quotes ({@code "..."}, {@code '...'}, typographic or full-width ones, JSON-escaped {@code \"...\"},
 * {@code \\\"...\\\"}), in a YAML {@code message:}
 * value that kubectl wrapped onto indented lines, or a folded {@code message: >-} block.
 * {@code text} is the message without the quoting, on one line; {@code lastLine} the index of the
 * last line it took.
 */
record MessageSpan(String text, int firstLine, int lastLine) {
  /** A YAML key line: its value may go on over more indented lines (kubectl -o yaml wraps at 80 columns). */
  private static final Pattern YAML_KEY = Pattern.compile("^(\\s*)(?:- )?[\\w.-]+:\\s");
  private static final Pattern BLOCK_SCALAR = Pattern.compile("^(\\s*)(?:- )?[\\w.-]*[Mm]essage:\\s*([>|])[-+]?\\s*$");
  private static final Pattern NEXT_KEY = Pattern.compile("^\\s*(?:- )?[\\w.-]+:(\\s|$)|^\\s*- ");
  /** How far a wrapped message may run: kubectl folds a long scheduler message over a few lines. */
  private static final int MOST_LINES = 12;
  /** A line that begins with a part's count ({@code 2 Insufficient nvidia.com/gpu,}). */
  private static final Pattern COUNTED_PART = Pattern.compile("^\\s*\\d+\\s+\\S");

  /** The message that starts at {@code from} of line {@code at}. */
  static MessageSpan at(List<String> lines, int at, int from) {
    return at(lines, at, from, true);
  }

  /**
   * The same; {@code singleQuoted} false for a message that quotes its own values in single quotes
   * (Azure's {@code location 'eastus' zones '1,2,3'}): a single quote before it does not delimit it.
   */
  static MessageSpan at(List<String> lines, int at, int from, boolean singleQuoted) {
    String line = lines.get(at);
    String before = line.substring(0, from);
    String delimiter = delimiterBefore(before);
    if (delimiter.equals("'") && !singleQuoted) delimiter = "";
    String rest = line.substring(from);
    // Inline code opened earlier on the line (the component's name, the event row's cells before the message).
    if (delimiter.isEmpty() && count(before, '`') % 2 == 1) delimiter = "`";
    if (delimiter.equals("`")) return untilClosing(lines, at, rest, "`", 3);
    if (!delimiter.isEmpty()) {
      int close = closing(rest, delimiter);
      MessageSpan span = close >= 0 ? new MessageSpan(unescape(rest.substring(0, close)), at, at)
          : continues(lines, at) ? untilClosing(lines, at, rest, delimiter, MOST_LINES)
          : new MessageSpan(unescape(trimQuotes(rest)), at, at);
      // YAML writes a quote inside single quotes twice.
      return delimiter.equals("'") ? new MessageSpan(span.text().replace("''", "'"), at, span.lastLine()) : span;
    }
    if (YAML_KEY.matcher(line).find() && continues(lines, at)) return plainScalar(lines, at, rest);
    if (opensList(rest) && at + 1 < lines.size() && COUNTED_PART.matcher(lines.get(at + 1)).lookingAt()) {
      return countedList(lines, at, rest);
    }
    return new MessageSpan(unescape(trimQuotes(beforeForeignText(rest))), at, at);
  }

  /**
   * The message up to where the reporter's own text goes on without a space: the components print their messages
   * in ASCII (names and values too), so CJK text or full-width punctuation after it ({@code ..., which is unexpected。但当我...})
   * is not part of it.
   */
  static String beforeForeignText(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (isForeign(text.charAt(i))) return text.substring(0, i);
    }
    return text;
  }

  /** A CJK character or a full-width form; below the CJK radicals (Latin, general punctuation, typographic quotes) none is. */
  private static boolean isForeign(char c) {
    if (c < 0x2E80) return false;
    Character.UnicodeScript script = Character.UnicodeScript.of(c);
    Character.UnicodeBlock block = Character.UnicodeBlock.of(c);
    return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
        || script == Character.UnicodeScript.KATAKANA || script == Character.UnicodeScript.HANGUL
        || block == Character.UnicodeBlock.CJK_SYMBOLS_AND_PUNCTUATION || block == Character.UnicodeBlock.HALFWIDTH_AND_FULLWIDTH_FORMS;
  }

  private static int count(String text, char c) {
    int n = 0;
    for (int i = 0; i < text.length(); i++) if (text.charAt(i) == c) n++;
    return n;
  }

  /** The line ends where a list of parts begins or goes on ({@code 0/5 nodes are available:}, {@code pod didn't trigger scale-up:}, {@code ...,}). */
  private static boolean opensList(String rest) {
    String s = rest.stripTrailing();
    return s.endsWith(":") || s.endsWith(",");
  }

  /**
   * A scheduler or autoscaler message whose {@code <count> <reason>} parts were put one a line (a
   * dashboard's event view, or the reporter breaking it up): each next line that begins with a count
   * is a part, for as long as the one before ends with a comma.
   */
  private static MessageSpan countedList(List<String> lines, int at, String rest) {
    StringBuilder text = new StringBuilder(rest.strip());
    int last = at;
    for (int i = at + 1; i < lines.size() && i <= at + MOST_LINES; i++) {
      String l = lines.get(i).strip();
      if (!COUNTED_PART.matcher(l).lookingAt() || !opensList(text.toString())) break;
      text.append(' ').append(l);
      last = i;
    }
    return new MessageSpan(unescape(trimQuotes(text.toString())), at, last);
  }

  /** The folded block under a {@code message: >-} line, or null when the line is not one. */
  static MessageSpan blockAt(List<String> lines, int at) {
    Matcher m = BLOCK_SCALAR.matcher(lines.get(at));
    if (!m.find()) return null;
    int indent = m.group(1).length();
    StringBuilder text = new StringBuilder();
    int last = at;
    for (int i = at + 1; i < lines.size() && i <= at + MOST_LINES; i++) {
      String l = lines.get(i);
      if (l.isBlank() || indentOf(l) <= indent) break;
      if (!text.isEmpty()) text.append(m.group(2).equals(">") ? " " : "\n");
      text.append(l.strip());
      last = i;
    }
    return last == at ? null : new MessageSpan(text.toString(), at + 1, last);
  }

  /** The quote that opened the message, as the one that closes it (a typographic or full-width opener by its closer). */
  private static String delimiterBefore(String before) {
    if (before.endsWith("\u201C")) return "\u201D";
    if (before.endsWith("\u300C")) return "\u300D";
    if (before.endsWith("\u300E")) return "\u300F";
    if (before.endsWith("\\\\\\\"")) return "\\\\\\\"";
    if (before.endsWith("\\\"")) return "\\\"";
    if (before.endsWith("\"")) return "\"";
    if (before.endsWith("'")) return "'";
    if (before.endsWith("`")) return "`";
    return "";
  }

  /** Where the quote that opened the message closes on this text, or -1. */
  private static int closing(String text, String delimiter) {
    if (delimiter.equals("'")) {
      // YAML doubles a quote inside single quotes; in prose an apostrophe sits inside a word (didn't, Pod's).
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) != '\'') continue;
        if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
          i++;
          continue;
        }
        if (i + 1 == text.length() || " ,;)]}".indexOf(text.charAt(i + 1)) >= 0) return i;
      }
      return -1;
    }
    if (delimiter.equals("\"")) {
      for (int i = 0; i < text.length(); i++) {
        if (text.charAt(i) == '"' && (i == 0 || text.charAt(i - 1) != '\\')) return i;
      }
      return -1;
    }
    return text.indexOf(delimiter);
  }

  private static MessageSpan untilClosing(List<String> lines, int at, String rest, String delimiter, int most) {
    StringBuilder text = new StringBuilder();
    String part = rest;
    for (int i = at; i < lines.size() && i <= at + most; i++) {
      if (i > at) part = lines.get(i).strip();
      int close = closing(part, delimiter);
      if (!text.isEmpty() && !(close == 0 && part.length() == delimiter.length())) text.append(' ');
      if (close >= 0) {
        text.append(part, 0, close);
        return new MessageSpan(unescape(text.toString().strip()), at, i);
      }
      text.append(part);
      if (i > at && part.isEmpty()) break;
    }
    // Never closed: the message is what its own line holds.
    return new MessageSpan(unescape(trimQuotes(rest)), at, at);
  }

  /** A plain YAML value wrapped onto more indented lines that are not keys. */
  private static MessageSpan plainScalar(List<String> lines, int at, String rest) {
    int indent = indentOf(lines.get(at));
    StringBuilder text = new StringBuilder(rest.strip());
    int last = at;
    for (int i = at + 1; i < lines.size() && i <= at + MOST_LINES; i++) {
      String l = lines.get(i);
      if (l.isBlank() || indentOf(l) <= indent || NEXT_KEY.matcher(l).find()) break;
      text.append(' ').append(l.strip());
      last = i;
    }
    return new MessageSpan(unescape(text.toString()), at, last);
  }

  /** The next line goes on with this value: it is more indented (kubectl's wrapping), and not the next key. */
  private static boolean continues(List<String> lines, int at) {
    if (at + 1 >= lines.size()) return false;
    String next = lines.get(at + 1);
    return !next.isBlank() && indentOf(next) > indentOf(lines.get(at)) && !NEXT_KEY.matcher(next).find();
  }

  private static int indentOf(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') i++;
    return i;
  }

  private static String trimQuotes(String text) {
    String s = text.strip();
    while (!s.isEmpty() && "\"'`\\\u201D\u300D\u300F".indexOf(s.charAt(s.length() - 1)) >= 0) {
      s = s.substring(0, s.length() - 1).stripTrailing();
    }
    return s;
  }

  /** JSON and Go %q escapes as they appear in pasted logs. */
  static String unescape(String text) {
    return text.replace("\\\\\\\"", "\"").replace("\\\"", "\"").replace("\\\\", "\\").strip();
  }
}
