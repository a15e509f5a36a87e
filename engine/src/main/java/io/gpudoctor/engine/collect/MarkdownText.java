package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pasted text as an issue thread or a ticket carries it: Markdown code fences ({@code ```} or
 * {@code ~~~}, with an info string such as {@code yaml}, indented inside a list item), quoted replies
 * ({@code > }), headings, and the side borders of a terminal UI's pane ({@code │ ... │}, k9s). {@link #text()}
 * is the same text, line for line (so {@code line N} provenance stays true), with the fence lines blank, the
 * quote markers and pane borders stripped and the content of an indented fence moved back to the margin: what
 * the tool printed, as it printed it. Text that is none of this comes back unchanged.
 */
final class MarkdownText {
  /** CommonMark: up to three spaces (more inside a list item), three or more backticks or tildes. */
  private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})([^`]*)$");
  private static final Pattern LANGUAGE = Pattern.compile("[A-Za-z][\\w+.#-]*");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+\\S");
  /** The side borders of a terminal UI's pane (k9s, lazydocker): {@code │ Reason:   OutOfmemory   │}. */
  private static final char BOX_BORDER = '\u2502';
  private static final Pattern LEFT_BORDER = Pattern.compile("^\\s*[|\u2502] ?");
  private static final Pattern RIGHT_BORDER = Pattern.compile("\\s*[|\u2502]\\s*$");

  private final String text;
  private final boolean markdown;
  private final List<FencedBlock> blocks;

  /** The lines between a fence and its closing fence; {@code info} is the fence's first word (lower case). */
  record FencedBlock(int fenceLine, String info, List<TextLine> content) {}

  private MarkdownText(String text, boolean markdown, List<FencedBlock> blocks) {
    this.text = text;
    this.markdown = markdown;
    this.blocks = blocks;
  }

  static MarkdownText of(String text) {
    // Most pasted text and every log has none of it: no copy of a big log line by line.
    if (!mayBeMarkdown(text)) return new MarkdownText(text, false, List.of());
    String[] raw = text.split("\\R", -1);
    List<String> lines = new ArrayList<>(raw.length);
    List<FencedBlock> blocks = new ArrayList<>();
    boolean changed = text.indexOf('\r') >= 0; // one line separator, so every reader counts lines alike
    boolean headings = false;
    Fence open = null;
    List<TextLine> content = null;
    for (int i = 0; i < raw.length; i++) {
      String line = raw[i];
      String out;
      if (open == null) {
        Quote q = Quote.strip(line, Integer.MAX_VALUE);
        Matcher fence = FENCE.matcher(q.rest());
        if (fence.matches()) {
          String after = fence.group(3).strip();
          boolean info = isInfoString(after);
          open = new Fence(fence.group(2).charAt(0), fence.group(2).length(), fence.group(1).length(), q.depth(),
              info ? after.split("\\s+")[0].toLowerCase(java.util.Locale.ROOT) : "", i + 1);
          content = new ArrayList<>();
          // Output glued to the fence ("```Events:", "```$ kubectl get pods") is the block's first line.
          out = info ? "" : after;
          if (!info) content.add(new TextLine(i + 1, out));
        } else {
          out = q.rest();
          headings |= isHeading(out);
        }
      } else {
        String rest = Quote.strip(line, open.quoteDepth()).rest();
        int glued = open.gluedCloseAt(rest);
        if (open.closedBy(rest) || glued > 0) {
          // "last row```": the output's last line, then the closing fence.
          out = glued > 0 ? dedent(rest.substring(0, glued), open.indent()) : "";
          if (glued > 0) content.add(new TextLine(i + 1, out));
          blocks.add(new FencedBlock(open.line(), open.info(), List.copyOf(content)));
          open = null;
        } else {
          out = dedent(rest, open.indent());
          content.add(new TextLine(i + 1, out));
        }
      }
      out = withoutPaneBorders(out);
      changed |= !out.equals(line);
      lines.add(out);
    }
    // An unclosed fence runs to the end of the text (CommonMark).
    if (open != null) blocks.add(new FencedBlock(open.line(), open.info(), List.copyOf(content)));
    boolean markdown = !blocks.isEmpty() || headings;
    return new MarkdownText(changed ? String.join("\n", lines) : text, markdown, List.copyOf(blocks));
  }

  /**
   * Where any of it could start: a fence, a quote marker, a heading, a carriage return, a
   * box-drawing border. A scan, not one regex of alternatives: that regex tried every branch at
   * every character and cost 4% of a replay (references/performance.md).
   */
  static boolean mayBeMarkdown(String text) {
    if (text.contains("```") || text.contains("~~~") || text.indexOf('\r') >= 0 || text.indexOf(BOX_BORDER) >= 0) return true;
    for (int start = 0; start < text.length(); ) {
      int at = start;
      while (at < text.length() && at - start < 3 && text.charAt(at) == ' ') at++;
      if (at < text.length() && (text.charAt(at) == '>' || at == start && text.charAt(at) == '#')) return true;
      int end = text.indexOf('\n', start);
      if (end < 0) break;
      start = end + 1;
    }
    return false;
  }

  /** The text line for line, without the Markdown around what was pasted. */
  String text() {
    return text;
  }

  /** Whether the text is Markdown (it has a code fence or a heading): prose with pasted output in it. */
  boolean isMarkdown() {
    return markdown;
  }

  List<FencedBlock> blocks() {
    return blocks;
  }

  /**
   * A Markdown heading ({@code # Device plugin does not detect GPU}): a title in the reporter's own
   * words, never a line a tool printed. A root prompt ({@code # kubectl get pods}) is a command.
   */
  static boolean isHeading(String line) {
    return line.startsWith("#") && HEADING.matcher(line).find() && !CommandContext.isCommand(line);
  }

  /**
   * A line copied from a terminal UI's pane without the pane's side borders, so {@code kubectl describe} output
   * copied from k9s reads as kubectl prints it; the indentation inside the pane stays. Only a line with a
   * box-drawing border at either end is one: an ASCII {@code | ... |} line is a Markdown table or nvidia-smi's
   * own table, which keep their bars (a pane's left border copied as {@code |} goes with a {@code │} on the right).
   */
  static String withoutPaneBorders(String line) {
    String s = line.strip();
    if (s.isEmpty() || (s.charAt(0) != BOX_BORDER && s.charAt(s.length() - 1) != BOX_BORDER)) return line;
    return RIGHT_BORDER.matcher(LEFT_BORDER.matcher(line).replaceFirst("")).replaceFirst("");
  }

  /**
   * What follows an opening fence: empty or a language ({@code yaml}, {@code json}, {@code console}),
   * else output glued to the fence ({@code Events:}, {@code NAME   READY}, {@code $ kubectl ...}).
   */
  private static boolean isInfoString(String after) {
    if (after.isEmpty()) return true;
    String word = after.split("\\s+")[0];
    boolean upperCase = word.length() > 1 && word.equals(word.toUpperCase(java.util.Locale.ROOT));
    return LANGUAGE.matcher(word).matches() && !upperCase && !after.contains("  ");
  }

  private static String dedent(String line, int indent) {
    int i = 0;
    while (i < indent && i < line.length() && line.charAt(i) == ' ') i++;
    return line.substring(i);
  }

  private record Fence(char marker, int length, int indent, int quoteDepth, String info, int line) {
    boolean closedBy(String line) {
      String s = line.strip();
      if (s.length() < length) return false;
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) != marker) return false;
      }
      return true;
    }

    /** Where a fence glued to the end of an output line starts, or -1. */
    int gluedCloseAt(String line) {
      String s = line.stripTrailing();
      int run = 0;
      while (run < s.length() && s.charAt(s.length() - 1 - run) == marker) run++;
      return run >= length && run < s.length() && !s.substring(0, s.length() - run).isBlank() ? s.length() - run : -1;
    }
  }

  /** A line without the {@code > } markers of a quoted reply, and how many there were. */
  private record Quote(int depth, String rest) {
    static Quote strip(String line, int most) {
      int depth = 0;
      int i = 0;
      while (depth < most) {
        int j = i;
        while (j < line.length() && j - i < 3 && line.charAt(j) == ' ') j++;
        // "> text" or a lone ">"; ">>> import torch" (a Python prompt) is not a quote.
        if (j < line.length() && line.charAt(j) == '>' && (j + 1 == line.length() || line.charAt(j + 1) == ' ')) {
          i = Math.min(line.length(), j + 2);
          depth++;
        } else {
          break;
        }
      }
      return new Quote(depth, line.substring(i));
    }
  }
}
