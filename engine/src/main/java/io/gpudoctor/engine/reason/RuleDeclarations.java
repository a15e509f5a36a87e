package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.List;

/**
 * The rule declarations ({@code rule "name"}), ordering attributes (salience, agenda groups ...),
 * declared types ({@code declare Name}) and functions of a DRL text, with their lines: each a
 * keyword first on its line. One pass over the lines; the
 * two multi-line regular expressions it replaces tried every character of the 230 KB of shipped
 * rules, ~60 ms of a cold start before the JIT.
 */
final class RuleDeclarations {
  static final List<String> ORDERING = List.of(
      "salience", "agenda-group", "ruleflow-group", "activation-group", "auto-focus", "lock-on-active");

  record Declared(String name, int line) {}

  private final List<Declared> rules = new ArrayList<>();
  private final List<Declared> ordering = new ArrayList<>();
  private final List<Declared> types = new ArrayList<>();
  private final List<Declared> functions = new ArrayList<>();

  private RuleDeclarations() {}

  static RuleDeclarations scan(String text) {
    RuleDeclarations found = new RuleDeclarations();
    int line = 1;
    for (int start = 0; start < text.length(); line++) {
      int end = text.indexOf('\n', start);
      if (end < 0) end = text.length();
      int at = skipBlanks(text, start, end);
      if (keywordAt(text, at, end, "rule")) {
        found.ruleAt(text, at + "rule".length(), line);
      } else if (keywordAt(text, at, end, "declare")) {
        String name = wordAfter(text, at + "declare".length(), end);
        if (name != null) found.types.add(new Declared(name, line));
      } else if (keywordAt(text, at, end, "function")) {
        int paren = text.indexOf('(', at);
        String name = paren < 0 || paren > end ? null : lastWord(text, at, paren);
        if (name != null) found.functions.add(new Declared(name, line));
      } else {
        for (String attribute : ORDERING) {
          if (keywordAt(text, at, end, attribute)) found.ordering.add(new Declared(attribute, line));
        }
      }
      start = end + 1;
    }
    return found;
  }

  /** {@code rule}, then blanks (line breaks too), then the quoted name: the line is the name's. */
  private void ruleAt(String text, int from, int line) {
    int at = from;
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      if (text.charAt(at) == '\n') line++;
      at++;
    }
    if (at == from || at >= text.length() || text.charAt(at) != '"') return;
    int close = text.indexOf('"', at + 1);
    if (close > at + 1) rules.add(new Declared(text.substring(at + 1, close), line));
  }

  /** The identifier after the blanks that follow this offset on its line, or null. */
  private static String wordAfter(String text, int from, int end) {
    int at = skipBlanks(text, from, end);
    int stop = at;
    while (stop < end && Character.isJavaIdentifierPart(text.charAt(stop))) stop++;
    return stop == at ? null : text.substring(at, stop);
  }

  /** The identifier that ends just before this offset (blanks between allowed), or null. */
  private static String lastWord(String text, int from, int before) {
    int stop = before;
    while (stop > from && Character.isWhitespace(text.charAt(stop - 1))) stop--;
    int at = stop;
    while (at > from && Character.isJavaIdentifierPart(text.charAt(at - 1))) at--;
    return at == stop ? null : text.substring(at, stop);
  }

  private static int skipBlanks(String text, int at, int end) {
    while (at < end && Character.isWhitespace(text.charAt(at))) at++;
    return at;
  }

  /** The keyword at this offset, not followed by a letter, digit or underscore (a word of its own). */
  private static boolean keywordAt(String text, int at, int end, String keyword) {
    if (!text.startsWith(keyword, at)) return false;
    int after = at + keyword.length();
    if (after >= end) return true;
    char c = text.charAt(after);
    return !(Character.isLetterOrDigit(c) || c == '_');
  }

  List<Declared> rules() {
    return rules;
  }

  List<Declared> ordering() {
    return ordering;
  }

  List<Declared> types() {
    return types;
  }

  List<Declared> functions() {
    return functions;
  }
}
