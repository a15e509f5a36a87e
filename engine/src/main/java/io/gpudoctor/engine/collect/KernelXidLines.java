package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.Provenance;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NVIDIA driver's Xid lines in a kernel log, however it was captured:
 * <pre>
 * [ 8234.412811] NVRM: Xid (PCI:0001:00:00): 79, pid=0, name=python3, GPU has fallen off the bus.     (dmesg)
 * [Wed Jul 31 23:14:18 2024] NVRM: Xid (PCI:0000:00:07): 31, pid=2512125, name=python3.10, Ch 00000008, ...  (dmesg -T)
 * Jul 14 10:19:52 aks-gpunp-41829376-vmss000000 kernel: NVRM: Xid (PCI:0001:00:00): 48, pid=2142, ...  (journalctl -k, syslog)
 * Dec  2 11:38:47 worker4 kernel: [  219.470994] NVRM: Xid (PCI:0000:07:00): 48, pid='&lt;unknown&gt;', name=&lt;unknown&gt;, ...
 * 2026-07-14T10:19:52+0000 aks-gpunp-41829376-vmss000000 kernel: NVRM: Xid ...                     (journalctl -o short-iso)
 * NVRM: Xid (PCI:0000:02:00): 79, GPU has fallen off the bus.                                       (older drivers: no pid/name)
 * </pre>
 * and the same text inside a node-problem-detector event ({@code node/NAME ... NVRM: Xid ...}).
 * The node is the line's host, else the node a {@code kubectl debug node} banner in the file names,
 * else a node name in the file path, else the node target.yaml names, else unknown: never a guess. dmesg's {@code [ 8234.412811]} is seconds since boot, not a time;
 * journal times carry no year (the capture year from target.yaml capturedAt is used) and, like
 * {@code dmesg -T}, are the node's local time, which is UTC on AKS node images.
 */
final class KernelXidLines {
  /**
   * The code must be followed by its comma: a line cut inside the code ("7" of "79") is not read;
   * a line cut later keeps the message it has.
   */
  private static final Pattern XID = Pattern.compile(
      "NVRM: Xid \\(PCI:([0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\\.[0-7])?)\\): (\\d{1,4}),\\s?(.*)$");
  private static final Pattern PID = Pattern.compile("^pid=('?<unknown>'?|\\d+)(?:,\\s?|$)");
  private static final Pattern NAME = Pattern.compile("^name=([^,]*)(?:,\\s?|$)");
  private static final Pattern JOURNAL = Pattern.compile(
      "^([A-Z][a-z]{2}) +(\\d{1,2}) (\\d{2}:\\d{2}:\\d{2}) ([A-Za-z0-9][A-Za-z0-9._-]*) kernel: ");
  private static final Pattern ISO_HOST = Pattern.compile(
      "^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}:?\\d{2})) ([A-Za-z0-9][A-Za-z0-9._-]*) kernel: ");
  private static final Pattern RFC3339 = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2}))");
  private static final Pattern DMESG_T = Pattern.compile(
      "\\[[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\\d{1,2}) (\\d{2}:\\d{2}:\\d{2}) (\\d{4})\\]");
  private static final Pattern EVENT_NODE = Pattern.compile("(?:^|\\s)node/([a-z0-9][a-z0-9.-]*)");
  /** AKS node names (VMSS instances), and the nodes/NAME/ or node-debugger-NAME- of a path. */
  private static final Pattern PATH_NODE = Pattern.compile(
      "(aks-[a-z0-9]+-\\d+-vmss[0-9a-z]{6})|(?:^|/)nodes?/([a-z0-9][a-z0-9.-]*)/");
  /** kubectl debug node's banner (kubectl/pkg/cmd/debug): "Creating debugging pod %s with container %s on node %s." */
  private static final Pattern DEBUG_POD = Pattern.compile(
      "(?m)^Creating debugging pod \\S+ with container \\S+ on node ([a-z0-9][a-z0-9.-]*)\\.\\s*$");
  /** What a node debugging session prints before the kernel log: its banner and shell prompts. */
  private static final Pattern SESSION_LINE = Pattern.compile(
      "^(?:Creating debugging pod |If you don't see a command prompt|-- |\\S*\\s?[#$] )");
  /** A kernel log by its first line: dmesg, dmesg -T, or a journal/syslog line of the kernel. */
  private static final Pattern KERNEL_LOG_LINE = Pattern.compile(
      "^(?:\\[\\s*\\d+\\.\\d+\\]|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\d{4}\\]"
          + "|[A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\S+ kernel: |\\S+ \\S+ kernel: )");

  private KernelXidLines() {}

  /** One Xid line as read, before the bundle says the capture year and the target node. */
  record Parsed(int code, String message, String pciBusId, String pid, String processName, String host,
      Instant at, JournalTime journalTime, String line) {}

  /** A journal/syslog time: month, day and time of day, no year. */
  record JournalTime(Month month, int day, String time) {
    Instant in(int year) {
      if (month == null) return null;
      try {
        return LocalDateTime.parse(year + "-" + String.format(Locale.ROOT, "%02d-%02d", month.getValue(), day) + "T" + time)
            .toInstant(ZoneOffset.UTC);
      } catch (DateTimeException e) {
        return null;
      }
    }

    /** In the capture's year, or the year before when that would lie after the capture (a December log read in January). */
    Instant before(Instant capturedAt) {
      int year = capturedAt.atZone(ZoneOffset.UTC).getYear();
      Instant at = in(year);
      return at != null && at.isAfter(capturedAt.plusSeconds(86_400)) ? in(year - 1) : at;
    }
  }

  /** The Xid of one line, or null when the line is not a driver Xid line. */
  static Parsed parse(String raw) {
    String line = raw.strip();
    Matcher x = XID.matcher(line);
    if (!x.find()) return null;
    String prefix = line.substring(0, x.start());
    String rest = x.group(3);
    String pid = null;
    String name = null;
    Matcher p = PID.matcher(rest);
    if (p.find()) {
      pid = p.group(1).replace("'", "");
      rest = rest.substring(p.end());
      Matcher n = NAME.matcher(rest);
      if (n.find()) {
        name = n.group(1).strip();
        rest = rest.substring(n.end());
      }
    }
    if ("<unknown>".equals(pid)) pid = null;
    if ("<unknown>".equals(name) || "".equals(name)) name = null;
    String host = null;
    Instant at = null;
    JournalTime journal = null;
    Matcher j = JOURNAL.matcher(prefix);
    Matcher iso = ISO_HOST.matcher(prefix);
    if (j.find()) {
      host = j.group(4);
      journal = new JournalTime(month(j.group(1)), Integer.parseInt(j.group(2)), j.group(3));
    } else if (iso.find()) {
      host = iso.group(2);
      at = isoTime(iso.group(1));
    } else {
      Matcher rfc = RFC3339.matcher(prefix);
      Matcher t = DMESG_T.matcher(prefix);
      if (rfc.find()) at = Times.parse(rfc.group(1));
      else if (t.find()) at = new JournalTime(month(t.group(1)), Integer.parseInt(t.group(2)), t.group(3)).in(Integer.parseInt(t.group(4)));
      Matcher event = EVENT_NODE.matcher(prefix);
      if (event.find()) host = event.group(1);
    }
    if (journal != null && journal.month() == null) journal = null;
    return new Parsed(Integer.parseInt(x.group(2)), rest.strip(), x.group(1).toLowerCase(Locale.ROOT), pid, name, host,
        at, journal, line);
  }

  static boolean hasXid(String text) {
    return text.contains("NVRM: Xid (") && text.lines().anyMatch(l -> parse(l) != null);
  }

  /** Whether the text is a kernel log by its first line (so a log with no Xid is still read, and found clean). */
  static boolean looksLikeKernelLog(String text) {
    // Line by line without splitting the whole text: every JSON file of the bundle passes through here.
    int start = 0;
    for (int seen = 0; start < text.length() && seen < 50; seen++) {
      int end = text.indexOf('\n', start);
      if (end < 0) end = text.length();
      // The shapes sit at the start of a line; a one-line JSON file is never copied whole.
      String l = text.substring(start, Math.min(end, start + 512)).replace("\uFEFF", "").strip();
      start = end + 1;
      // journalctl's "-- Logs begin at ... --", a kubectl debug banner and a prompt ("/ # dmesg") say nothing yet.
      if (l.isEmpty() || SESSION_LINE.matcher(l).find()) continue;
      // JSON (an events list that quotes an Xid) is not a kernel log; dmesg's "[ 8234.412811]" only looks like it.
      return KERNEL_LOG_LINE.matcher(l).find() || (l.charAt(0) != '{' && l.charAt(0) != '[' && l.contains("NVRM: "));
    }
    return false;
  }

  /** The node a path names, or null. */
  static String nodeOfPath(String path) {
    Matcher m = PATH_NODE.matcher(path);
    if (!m.find()) return null;
    return m.group(1) != null ? m.group(1) : m.group(2);
  }

  /**
   * Adds a {@link KernelXid} for every Xid line of the text once the bundle is read (the capture year
   * and the target's node come from target.yaml). Returns how many lines were Xid lines.
   */
  static int read(String path, String text, BundleBuilder out) {
    if (!text.contains("NVRM: Xid (")) return 0;
    List<Parsed> found = new ArrayList<>();
    List<Integer> lineNumbers = new ArrayList<>();
    int number = 0;
    for (String line : text.split("\\R", -1)) {
      number++;
      Parsed p = parse(line);
      if (p == null) continue;
      found.add(p);
      lineNumbers.add(number);
      out.observed(p.at());
    }
    if (found.isEmpty()) return 0;
    out.used(io.gpudoctor.facts.Topics.KERNEL_LOG, path);
    Matcher debug = DEBUG_POD.matcher(text);
    String debugNode = debug.find() ? debug.group(1) : null;
    String pathNode = nodeOfPath(path);
    out.later(2, placement -> {
      String targetNode = targetNode(placement);
      for (int i = 0; i < found.size(); i++) {
        Parsed p = found.get(i);
        KernelXid.NodeFrom from = p.host() != null ? KernelXid.NodeFrom.LOG_LINE
            : debugNode != null ? KernelXid.NodeFrom.DEBUG_POD
            : pathNode != null ? KernelXid.NodeFrom.FILE_PATH
            : targetNode != null ? KernelXid.NodeFrom.TARGET : KernelXid.NodeFrom.UNKNOWN;
        String node = p.host() != null ? p.host() : debugNode != null ? debugNode : pathNode != null ? pathNode : targetNode;
        Instant at = p.at();
        if (at == null && p.journalTime() != null && placement.capturedAt() != null) {
          at = p.journalTime().before(placement.capturedAt());
        }
        placement.out().fact(new KernelXid(p.code(), p.message(), p.pciBusId(), p.pid(), p.processName(), node, from,
            at, p.line(), Provenance.of(path, "line " + lineNumbers.get(i))));
      }
    });
    return found.size();
  }

  private static String targetNode(TextPlacement placement) {
    var t = placement.target();
    if (t == null || t.resourceName() == null || t.resourceName().isBlank() || t.resourceKind() == null) return null;
    String kind = t.resourceKind().toLowerCase(Locale.ROOT);
    return kind.equals("node") || kind.equals("nodes") || kind.equals("no") ? t.resourceName() : null;
  }

  private static Month month(String abbreviation) {
    for (Month m : Month.values()) {
      if (m.getDisplayName(TextStyle.SHORT, Locale.ENGLISH).equals(abbreviation)) return m;
    }
    return null;
  }

  /** journalctl -o short-iso writes {@code +0000}; RFC 3339 wants {@code +00:00}. */
  private static Instant isoTime(String text) {
    String s = text.replace(',', '.');
    if (s.matches(".*[+-]\\d{4}$")) s = s.substring(0, s.length() - 2) + ":" + s.substring(s.length() - 2);
    return Times.parse(s);
  }

}
