package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON and YAML documents pasted inside prose: a fenced block ({@code ```yaml}, {@code ```json},
 * or a bare fence whose content starts like a document, also after the {@code $ kubectl get ... -o yaml}
 * line that printed it) and a bare run of YAML starting at {@code apiVersion:} or of JSON from a
 * <code>{</code> line to its closing <code>}</code>. A text that is itself one document (a
 * {@code kubectl get -o yaml} file) holds none: it is read whole, as before.
 */
final class EmbeddedDocuments {
  /** A Kubernetes apiVersion: {@code v1}, {@code apps/v1}, {@code kaito.sh/v1beta1}; not prose that says "apiVersion:". */
  private static final Pattern API_VERSION = Pattern.compile("^apiVersion:\\s*[\"']?([a-z0-9.-]+/)?v\\d+(alpha\\d*|beta\\d*)?[\"']?\\s*$");
  private static final Pattern DOCUMENT_START = Pattern.compile("^(apiVersion:|kind:|---\\s*$|[{\\[]\\s*$|[{\\[]\")");
  /** Where a bare document could start outside a fence: an apiVersion line, a lone brace or bracket. */
  private static final Pattern MAY_HOLD_ONE = Pattern.compile("(?m)^(apiVersion:|[{\\[]\\s*$)");
  /** A line a YAML run goes on with: indented, a list item, a top-level key, a document marker, or blank. */
  private static final Pattern YAML_LINE = Pattern.compile("^(\\s.*|-( .*)?|---.*|[A-Za-z_][\\w./-]*:(\\s.*)?)?$");
  /** Where a file that is one YAML or JSON document starts (comments and blank lines before it aside). */
  private static final Pattern WHOLE_DOCUMENT = Pattern.compile("^(---|apiVersion:|kind:|[a-z][\\w.-]*:(\\s|$)|- |[{\\[])");
  /**
   * A shell here-document that feeds what follows to a command: {@code cat <<EOF | kubectl apply -f -},
   * {@code kubectl apply -f - <<'EOF'}, {@code cat > pod.yaml <<-EOT}. Its word ends the document.
   */
  private static final Pattern HEREDOC = Pattern.compile("<<-?\\s*(['\"]?)([A-Za-z_]\\w*)\\1\\s*(\\||>|$|\\s)");

  private EmbeddedDocuments() {}

  /**
   * One pasted document. {@code text} is padded with blank lines up to {@code firstLine}, so the
   * parser's line numbers are the file's. Whatever it is not read as a document stays for the
   * readers of pasted text (a fragment's {@code message:} lines, a JSON-lines log).
   */
  record Run(int firstLine, int lastLine, String text, Claim claim) {}

  /** How sure the paste is that it is a document, which says what to report when it cannot be read. */
  enum Claim {
    /** It starts like one ({@code apiVersion:}, {@code kind:}, a brace): not reading it is an unreadable part. */
    DOCUMENT,
    /** A yaml or json fence around something that is not a whole object: a warning. */
    FRAGMENT,
    /** Maybe not a document at all (a describe fenced as yaml, JSON log lines): nothing to report. */
    MAYBE
  }

  static List<Run> find(MarkdownText md) {
    if (md.blocks().isEmpty() && !MAY_HOLD_ONE.matcher(md.text()).find()) return List.of();
    String[] lines = md.text().split("\n", -1);
    if (!md.isMarkdown() && startsAsOneDocument(lines)) return List.of();
    boolean[] fenced = new boolean[lines.length + 1];
    List<Run> runs = new ArrayList<>();
    for (MarkdownText.FencedBlock block : md.blocks()) {
      for (TextLine l : block.content()) fenced[l.number()] = true;
      inBlock(block, lines, runs);
    }
    for (int i = 0; i < lines.length; i++) {
      if (fenced[i + 1]) continue;
      int end = -1;
      if (API_VERSION.matcher(lines[i]).matches()) end = yamlRunEnd(lines, i, fenced);
      else if (lines[i].equals("{") || lines[i].equals("[")) end = jsonRunEnd(lines, i, fenced);
      if (end < 0) continue;
      runs.add(run(lines, i, end, Claim.DOCUMENT));
      i = end;
    }
    runs.sort(java.util.Comparator.comparingInt(Run::firstLine));
    return runs;
  }

  /**
   * The documents of one fenced block: its content, or what follows each command line in it, or the body of a
   * here-document up to its word.
   */
  private static void inBlock(MarkdownText.FencedBlock block, String[] lines, List<Run> runs) {
    List<TextLine> content = block.content();
    boolean typed = block.info().equals("yaml") || block.info().equals("yml") || block.info().equals("json");
    int i = 0;
    while (i < content.size()) {
      String terminator = null;
      while (i < content.size()) {
        String text = content.get(i).text();
        terminator = hereDocumentWord(text);
        if (terminator == null && !content.get(i).blank() && !CommandContext.isCommand(text)) break;
        i++;
        if (terminator != null) break;
      }
      if (i >= content.size()) return;
      int end = i;
      while (end + 1 < content.size() && !CommandContext.isCommand(content.get(end + 1).text())
          && !content.get(end + 1).trimmed().equals(terminator)) {
        end++;
      }
      String first = content.get(i).text();
      boolean starts = DOCUMENT_START.matcher(first).find();
      if (starts || typed && looksLikeYamlOrJson(first)) {
        List<TextLine> part = content.subList(i, end + 1);
        Claim claim = jsonLines(part, block.info().equals("json")) || typed && !starts && describeLike(first) ? Claim.MAYBE
            : starts ? Claim.DOCUMENT : Claim.FRAGMENT;
        runs.add(run(lines, content.get(i).number() - 1, content.get(end).number() - 1, claim));
      }
      i = end + 1;
    }
  }

  /** The word that ends the here-document the line opens, or null when it opens none. */
  private static String hereDocumentWord(String line) {
    if (!line.contains("<<")) return null;
    Matcher m = HEREDOC.matcher(line);
    return m.find() ? m.group(2) : null;
  }

  /** Log lines of a structured logger (Karpenter, KAITO): one JSON object a line, never an object to read whole. */
  private static boolean jsonLines(List<TextLine> part, boolean typedJson) {
    int objects = 0;
    for (TextLine l : part) {
      if (l.blank()) continue;
      String s = l.trimmed();
      if (!s.startsWith("{") || !s.endsWith("}")) return false;
      objects++;
    }
    // One object on one line is a log line unless the fence says json or the object is a Kubernetes one.
    return objects > 1 || objects == 1 && !typedJson && !part.get(0).trimmed().contains("\"apiVersion\"");
  }

  /** {@code kubectl describe} output is YAML-shaped too ({@code Name:  x}): people fence it as yaml for the colours. */
  private static boolean describeLike(String line) {
    return !line.isEmpty() && Character.isUpperCase(line.charAt(0));
  }

  private static boolean looksLikeYamlOrJson(String line) {
    return YAML_LINE.matcher(line).matches() && !line.isBlank() && !line.startsWith(" ");
  }

  private static int yamlRunEnd(String[] lines, int start, boolean[] fenced) {
    int end = start;
    for (int i = start + 1; i < lines.length && !fenced[i + 1]; i++) {
      String s = lines[i];
      if (API_VERSION.matcher(s).matches() || MarkdownText.isHeading(s) || CommandContext.isCommand(s)
          || !YAML_LINE.matcher(s).matches()) {
        break;
      }
      if (!s.isBlank()) end = i;
    }
    return end;
  }

  private static int jsonRunEnd(String[] lines, int start, boolean[] fenced) {
    String close = lines[start].equals("{") ? "}" : "]";
    for (int i = start + 1; i < lines.length && !fenced[i + 1]; i++) {
      if (lines[i].equals(close)) return i;
    }
    return -1;
  }

  private static Run run(String[] lines, int from, int to, Claim claim) {
    StringBuilder text = new StringBuilder("\n".repeat(from));
    for (int i = from; i <= to; i++) text.append(lines[i]).append('\n');
    return new Run(from + 1, to + 1, text.toString(), claim);
  }

  private static boolean startsAsOneDocument(String[] lines) {
    for (String l : lines) {
      String s = l.replace("\uFEFF", "");
      if (s.isBlank() || s.startsWith("#")) continue;
      return WHOLE_DOCUMENT.matcher(s).find();
    }
    return false;
  }
}
