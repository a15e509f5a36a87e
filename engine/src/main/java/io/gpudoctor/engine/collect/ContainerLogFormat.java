package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Container logs as {@code kubectl logs --timestamps [--previous]} prints them: each line starts
 * with an RFC 3339 timestamp (nanoseconds) and a space. The pod is known from a
 * {@code logs/<namespace>/<pod>/<container>[.previous].log} path; any other {@code *.log} file, or
 * text whose first line carries such a timestamp, is read as a log of an unknown pod. Classified
 * lines keep their timestamp and exact text; a log with no classified line was still read.
 */
final class ContainerLogFormat implements TextFormat {
  private static final Pattern ATTRIBUTED = Pattern.compile("(?:^|[/!])logs/([^/]+)/([^/]+)/([^/]+?)(\\.previous)?\\.log$");
  private static final Pattern TIMESTAMP = Pattern.compile(
      "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})) ");

  @Override
  public boolean recognises(EvidenceFile file, String text) {
    return file.path().endsWith(".log") || TIMESTAMP.matcher(firstLine(text)).find() || hasClassifiedLine(text)
        || ScalingLogLines.mentions(text);
  }

  @Override
  public void read(EvidenceFile file, String text, BundleBuilder out) {
    Matcher where = ATTRIBUTED.matcher(file.path());
    boolean attributed = where.find();
    LogOwner owner = attributed
        ? new LogOwner(where.group(1), where.group(2), where.group(3), where.group(4) != null)
        : LogOwner.UNKNOWN;
    classifyLines(file.path(), text, java.util.Set.of(), owner, out);
    KernelXidLines.read(file.path(), text, out);
    ScalingLogLines.read(file.path(), text, java.util.Set.of(), out);
    out.used(Topics.LOGS, file.path());
  }

  /** Who wrote the log lines, when the path or the pasted context says so. */
  record LogOwner(String namespace, String pod, String container, boolean previous) {
    static final LogOwner UNKNOWN = new LogOwner(null, null, null, false);
  }

  /**
   * Adds a LogSignal for every classified line of the text, except the lines (1-based) in
   * {@code skip}; lines may carry a {@code kubectl logs --timestamps} prefix. Returns how many.
   */
  static int classifyLines(String path, String text, java.util.Set<Integer> skip, LogOwner owner, BundleBuilder out) {
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
      if (skip.contains(lineNo)) continue;
      Instant at = null;
      Matcher ts = TIMESTAMP.matcher(line);
      if (ts.find()) {
        at = time(ts.group(1));
        line = line.substring(ts.end());
      }
      LogClassifier.Classified c = LogClassifier.classify(line);
      if (c == null) continue;
      out.observed(at);
      out.fact(new LogSignal(owner.namespace(), owner.pod(), owner.container(), owner.previous(), c.kind(), at,
          line.strip(), c.triedMiB(), c.totalMiB(), c.freeMiB(), Provenance.of(path, "line " + lineNo)));
      found++;
    }
    return found;
  }

  /** Log lines pasted without timestamps (a ticket, an issue thread) still say what they say. */
  private static boolean hasClassifiedLine(String text) {
    for (String line : text.split("\\R")) {
      if (LogClassifier.classify(line) != null) return true;
    }
    return false;
  }

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
