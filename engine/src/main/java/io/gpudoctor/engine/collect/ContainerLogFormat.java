package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Container logs as {@code kubectl logs --timestamps [--previous]} prints them: each line starts
 * with an RFC 3339 timestamp (nanoseconds) and a space. The pod is known from a
 * {@code logs/<namespace>/<pod>/<container>[.previous].log} path; any other {@code *.log} file, or
 * text whose first line carries such a timestamp, is read as a log of an unknown pod. Classified
 * lines keep their timestamp and exact text; a log with no classified line was still read.
 * Text that is not a log but carries messages people paste (a scheduler or kubelet message, an
 * Azure error) is read for those.
 */
final class ContainerLogFormat implements TextFormat {
  static final Pattern ATTRIBUTED = Pattern.compile("(?:^|[/!])logs/([^/]+)/([^/]+)/([^/]+?)(\\.previous)?\\.log$");
  private static final String RFC3339 = "(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2}))";
  /** kubectl logs --timestamps (a space); a CI runner's log (GitHub Actions: 7 digits, then a space or a tab). */
  private static final Pattern TIMESTAMP = Pattern.compile("^" + RFC3339 + "[ \\t]");
  /**
   * A log exported from Google Cloud Logging: severity, RFC 3339 time, then the summary fields shown
   * ({@code INFO 2025-11-19T20:16:36.096638074Z [resource.labels.containerName: vllm] ...}).
   */
  private static final Pattern CLOUD_LOGGING = Pattern.compile(
      "^(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL|ALERT|EMERGENCY) " + RFC3339 + "\\s+((?:\\[[\\w.]+: [^\\]]*\\]\\s*)*)");
  /** A YAML key of a message ({@code message:}, {@code terminationMessage:}) with a value on its line. */
  private static final Pattern MESSAGE_KEY = Pattern.compile("^\\s*(?:- )?[\\w.-]*[Mm]essage:[ \\t]+(?=\\S)");
  private static final Pattern CLOUD_LABEL = Pattern.compile("\\[resource\\.labels\\.(containerName|podName|namespaceName): ([^\\]\\s]+)\\]");

  @Override
  public boolean recognises(EvidenceFile file, String text) {
    return isLogPath(file.path())
        || timestamped(firstLine(text))
        || hasClassifiedLine(file.path(), text)
        || MessageLines.mentioned(text)
        || !PastedLogsOutput.sections(text, Set.of()).isEmpty();
  }

  @Override
  public void read(EvidenceFile file, String text, BundleBuilder out) throws NotReadable {
    Matcher where = ATTRIBUTED.matcher(file.path());
    boolean attributed = where.find();
    LogOwner owner = attributed
        ? new LogOwner(where.group(1), where.group(2), where.group(3), where.group(4) != null)
        : LogOwner.UNKNOWN;
    int classified = classifyLines(file.path(), text, Set.of(), owner, out);
    int used = classified + MessageLines.read(file.path(), text, Set.of(), out);
    int pastedLogs = attributed ? 0 : PastedLogsOutput.record(file.path(), text, Set.of(), out);
    if (isLogPath(file.path()) || timestamped(firstLine(text)) || classified > 0) out.used(Topics.LOGS, file.path());
    else if (used == 0 && pastedLogs == 0) throw DocumentParser.nothingRead();
  }

  /** A file named as a log ({@code *.log}): read as one even when its lines are JSON. */
  static boolean isLogPath(String path) {
    return path.endsWith(".log");
  }

  /** Who wrote the log lines, when the path or the pasted context says so. */
  record LogOwner(String namespace, String pod, String container, boolean previous) {
    static final LogOwner UNKNOWN = new LogOwner(null, null, null, false);

    /** This owner with what a line's own prefix says (a Cloud Logging label), where this one says nothing. */
    LogOwner with(String labelNamespace, String labelPod, String labelContainer) {
      return new LogOwner(namespace != null ? namespace : labelNamespace, pod != null ? pod : labelPod,
          container != null ? container : labelContainer, previous);
    }
  }

  /**
   * Adds a LogSignal for every classified line of the text, except the lines (1-based) in
   * {@code skip}; lines may carry a {@code kubectl logs --timestamps}, CI or Cloud Logging prefix.
   * In pasted text (not a {@code logs/<ns>/<pod>/<container>.log} file) Markdown headings are the
   * reporter's words and skipped, and a {@code kubectl logs} command line names the owner of the
   * lines after it, until the next command or skipped line. A YAML message wrapped over several lines
   * ({@code message: >-}, or a plain or quoted value kubectl folded at 80 columns) is classified as the
   * one message it is. Returns how many lines were classified.
   */
  static int classifyLines(String path, String text, Set<Integer> skip, LogOwner owner, BundleBuilder out) {
    boolean pasted = !ATTRIBUTED.matcher(path).find();
    // What a shell on the node printed (kubectl debug node, a prompt on the node) is the node's, not a pod's log.
    NodeShellLines.Collector node = NodeShellLines.Collector.of(path, text, pasted);
    LogOwner current = owner;
    List<String> lines = null;
    int joinedUntil = 0;
    int found = 0;
    int lineNo = 0;
    int start = 0;
    int n = text.length();
    while (start < n) {
      int end = text.indexOf('\n', start);
      if (end < 0) end = n;
      lineNo++;
      String line = text.substring(start, end > start && text.charAt(end - 1) == '\r' ? end - 1 : end);
      start = end + 1;
      if (skip.contains(lineNo) || pasted && MarkdownText.isHeading(line) && !rayDeduplicated(line)) {
        current = owner;
        continue;
      }
      if (lineNo <= joinedUntil) continue;
      if (pasted && (CommandContext.isCommand(line) || CommandContext.SHELL_PROMPT.matcher(line).find())) {
        LogOwner named = LogsCommand.owner(line);
        current = named != null ? named : owner;
        continue;
      }
      if (pasted && line.contains("essage:")) {
        if (lines == null) lines = Arrays.asList(text.split("\n", -1));
        MessageSpan message = wrappedMessage(lines, lineNo - 1);
        LogClassifier.Classified c = message == null ? null : LogClassifier.classify(message.text());
        if (c != null) {
          out.fact(c.signal(current, null, message.text(), Provenance.of(path, "line " + lineNo)));
          found++;
          joinedUntil = message.lastLine() + 1;
          continue;
        }
      }
      Prefixed p = prefixed(line);
      LogClassifier.Classified c = LogClassifier.classify(p.line());
      if (c == null) continue;
      if (node.take(lineNo, c.kind(), p.line())) {
        found++;
        continue;
      }
      LogOwner who = current.with(p.namespace(), p.pod(), p.container());
      // A kubelet line about the pod's container names the pod: "Error syncing pod, skipping" err="..." pod="ns/name".
      String[] logged = pasted && who.pod() == null ? PastedEventMessages.loggedPod(p.line()) : null;
      if (logged != null) who = who.with(logged[0], logged[1], null);
      out.observed(p.at());
      out.fact(c.signal(who, p.at(), p.line().strip(), Provenance.of(path, "line " + lineNo)));
      found++;
    }
    node.place(out);
    return found;
  }

  /**
   * The message a YAML {@code message:} key on line {@code at} (0-based) holds over more lines than its own: a
   * folded block ({@code >-}), or a plain or quoted value wrapped onto more indented lines; null when it is one
   * line. A literal block ({@code |-}) keeps the line breaks the message has, so its lines stay lines.
   */
  private static MessageSpan wrappedMessage(List<String> lines, int at) {
    MessageSpan block = MessageSpan.blockAt(lines, at);
    if (block != null) return block.text().indexOf('\n') < 0 && block.lastLine() > block.firstLine() ? block : null;
    String line = lines.get(at);
    Matcher key = MESSAGE_KEY.matcher(line);
    if (!key.find()) return null;
    int from = key.end();
    // kubectl quotes a message with ": " in it; the span then runs to the closing quote.
    if (from < line.length() && (line.charAt(from) == '\'' || line.charAt(from) == '"')) from++;
    MessageSpan span = MessageSpan.at(lines, at, from);
    return span.lastLine() > at ? span : null;
  }

  /** A log line without its time prefix, the time, and the pod and container a Cloud Logging prefix names. */
  private record Prefixed(String line, Instant at, String namespace, String pod, String container) {}

  private static Prefixed prefixed(String line) {
    Matcher cloud = CLOUD_LOGGING.matcher(line);
    if (cloud.find()) {
      String namespace = null;
      String pod = null;
      String container = null;
      Matcher label = CLOUD_LABEL.matcher(cloud.group(2));
      while (label.find()) {
        switch (label.group(1)) {
          case "containerName" -> container = label.group(2);
          case "podName" -> pod = label.group(2);
          default -> namespace = label.group(2);
        }
      }
      return new Prefixed(line.substring(cloud.end()), time(cloud.group(1)), namespace, pod, container);
    }
    Matcher ts = TIMESTAMP.matcher(line);
    if (ts.find()) return new Prefixed(line.substring(ts.end()), time(ts.group(1)), null, null, null);
    return new Prefixed(line, null, null, null, null);
  }

  private static boolean timestamped(String line) {
    return TIMESTAMP.matcher(line).find() || CLOUD_LOGGING.matcher(line).find();
  }

  /**
   * Log lines pasted without timestamps (a ticket, an issue thread) still say what they say, and so does a
   * YAML message wrapped over lines none of which says it alone; a title does not.
   */
  private static boolean hasClassifiedLine(String path, String text) {
    boolean pasted = !ATTRIBUTED.matcher(path).find();
    List<String> lines = Arrays.asList(text.split("\n", -1));
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (pasted && MarkdownText.isHeading(line) && !rayDeduplicated(line)) continue;
      if (LogClassifier.classify(line) != null) return true;
      if (pasted && line.contains("essage:")) {
        MessageSpan message = wrappedMessage(lines, i);
        if (message != null && LogClassifier.classify(message.text()) != null) return true;
      }
    }
    return false;
  }

  /**
   * A title that ends in Ray's log deduplication suffix ({@code [repeated 6x across cluster]}, Ray 2.x's driver) is
   * a log line the reporter pasted as the title, not words of their own.
   */
  static boolean rayDeduplicated(String line) {
    return line.contains("x across cluster]") && RAY_DEDUP.matcher(line).find();
  }

  private static final Pattern RAY_DEDUP = Pattern.compile("\\[repeated \\d+x across cluster\\]");

  private static Instant time(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return Times.parse(text);
    }
  }

  private static String firstLine(String text) {
    int i = 0;
    while (i < text.length() && (text.charAt(i) == '\uFEFF' || Character.isWhitespace(text.charAt(i)))) i++;
    int end = text.indexOf('\n', i);
    return end < 0 ? text.substring(i) : text.substring(i, end);
  }
}
