package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.ZoneOffset;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * and the same text inside a node-problem-detector event ({@code node/NAME ... NVRM: Xid ...}). Xid 79 also
 * shows without the Xid form: {@code NVRM: GPU 0000:3b:00.0: GPU has fallen off the bus.} and, from newer
 * drivers, three lines {@code NVRM: The NVIDIA GPU 0000:b3:00.0} / {@code NVRM: (PCI ID: 10de:26b5) installed in
 * this system has} / {@code NVRM: fallen off the bus and is not responding to commands.}. The NVIDIA device
 * plugin's health check logs the Xids it marks a GPU unhealthy for (k8s-device-plugin): up to v0.14
 * {@code XidCriticalError: Xid=48 on Device=GPU-..., the device will go unhealthy.} (forks add {@code , uuid=...}
 * or write {@code on GPU=}; {@code XidCriticalError: Xid=79, All devices will go unhealthy.} when NVML names no
 * device), from v0.15 ({@code internal/rm/health.go}) {@code XidCriticalError: Xid=48 on Device=GPU-...; marking
 * device as unhealthy.}
 * The node ({@link KernelLineOrigin}, shared with the OOM-killer lines) is the line's host, else the host of the shell prompt of the {@code dmesg} / {@code journalctl -k}
 * command whose output the line is ({@code root@node4:~# dmesg -T | grep NVRM}), else the node a {@code kubectl
 * debug node} banner in the file names,
 * else the node of the pod whose container log it is (a device plugin runs on the node it watches),
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
  /** The device plugin's health line; the code must be followed by what follows it, so a cut line is not read. */
  private static final Pattern PLUGIN_XID = Pattern.compile(
      "XidCriticalError: Xid=(\\d{1,4})(?:(?: on (?:Device|GPU)=([^\\s,;]+))(?:, uuid=([^\\s,;]+))?[,;]|(, All devices))");
  /** The driver's one-line form of Xid 79 (NV_DEV_PRINTF prefixes the GPU's PCI address). */
  private static final Pattern FALLEN_OFF = Pattern.compile(
      "NVRM: GPU ([0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\\.[0-7])?): GPU has fallen off the bus\\.?");
  /** The first of the newer drivers' three lines of Xid 79; the third says "fallen off the bus". */
  private static final Pattern GPU_HEADER = Pattern.compile(
      "NVRM: The NVIDIA GPU ([0-9A-Fa-f]{4}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\\.[0-7])?)\\s*$");
  /** Go's standard logger (device plugin up to v0.14): {@code 2021/03/02 10:19:52 XidCriticalError: ...}. */
  private static final Pattern GO_LOG_TIME = Pattern.compile("(\\d{4})/(\\d{2})/(\\d{2}) (\\d{2}:\\d{2}:\\d{2})");
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
  static final Pattern DEBUG_POD = Pattern.compile(
      "(?m)^Creating debugging pod \\S+ with container \\S+ on node ([a-z0-9][a-z0-9.-]*)\\.\\s*$");
  /** What a node debugging session prints before the kernel log: its banner and shell prompts. */
  private static final Pattern SESSION_LINE = Pattern.compile(
      "^(?:Creating debugging pod |If you don't see a command prompt|-- |\\S*\\s?[#$] )");
  /**
   * A prompt that names its host before a kernel-log command: {@code root@node4:~# dmesg -T |grep NVRM},
   * {@code [root@gpu-07 ~]# sudo journalctl -k}, {@code (base) ops@worker3:~$ journalctl --dmesg -b}.
   */
  private static final Pattern PROMPT_HOST = Pattern.compile(
      "^\\s*(?:\\([\\w.@-]+\\)\\s+)?\\[?[\\w.-]+@([A-Za-z0-9][A-Za-z0-9._-]*?)(?:[:\\s][^$#%>]*)?\\]?\\s?[$#%>]\\s*"
          + "(?:sudo\\s+)?(?:dmesg\\b|journalctl\\b(?=.*(?:\\s-[a-zA-Z]*k|\\s--dmesg\\b)))");
  /** A kernel log by its first line: dmesg, dmesg -T, or a journal/syslog line of the kernel. */
  private static final Pattern KERNEL_LOG_LINE = Pattern.compile(
      "^(?:\\[\\s*\\d+\\.\\d+\\]|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\d{4}\\]"
          + "|[A-Z][a-z]{2} +\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\S+ kernel: |\\S+ \\S+ kernel: )");

  private KernelXidLines() {}

  /** One Xid line as read, before the bundle says the capture year and the target node. */
  record Parsed(int code, String message, String pciBusId, String deviceId, KernelXid.Reporter reporter, String pid,
      String processName, String host, Instant at, JournalTime journalTime, String line) {}

  /** What the text before the Xid says: the host and the time, when it says them. */
  record Prefix(String host, Instant at, JournalTime journalTime) {}

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

  /** A line's time: its own, else its journal time in the capture's year, else null. */
  static Instant when(Instant at, JournalTime journalTime, Instant capturedAt) {
    if (at != null || journalTime == null || capturedAt == null) return at;
    return journalTime.before(capturedAt);
  }

  /** The Xid of one line, or null when the line is no Xid line of the driver or the device plugin. */
  static Parsed parse(String raw) {
    String line = raw.strip();
    if (line.contains("NVRM: Xid (")) return driverXid(line);
    if (line.contains("XidCriticalError: Xid=")) return pluginXid(line);
    if (line.contains("GPU has fallen off the bus")) {
      Matcher f = FALLEN_OFF.matcher(line);
      if (f.find()) return fallenOff(f.group(1), line.substring(0, f.start()), "GPU has fallen off the bus.", line);
    }
    return null;
  }

  private static Parsed driverXid(String line) {
    Matcher x = XID.matcher(line);
    if (!x.find()) return null;
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
    Prefix prefix = prefix(line.substring(0, x.start()));
    return new Parsed(Integer.parseInt(x.group(2)), rest.strip(), x.group(1).toLowerCase(Locale.ROOT), null,
        KernelXid.Reporter.DRIVER, pid, name, prefix.host(), prefix.at(), prefix.journalTime(), line);
  }

  private static Parsed pluginXid(String line) {
    Matcher x = PLUGIN_XID.matcher(line);
    if (!x.find()) return null;
    String device = x.group(4) != null ? "all devices" : x.group(3) != null ? x.group(3) : x.group(2);
    Prefix prefix = prefix(line.substring(0, x.start()));
    Instant at = prefix.at();
    if (at == null) at = goLogTime(line.substring(0, x.start()));
    // The plugin states no message of the Xid, only that it marks the device: the code is what it reports.
    return new Parsed(Integer.parseInt(x.group(1)), null, null, device, KernelXid.Reporter.DEVICE_PLUGIN, null, null,
        prefix.host(), at, prefix.journalTime(), line);
  }

  /** Xid 79 in the words of the drivers that do not write the Xid form; {@code line} is what is quoted. */
  private static Parsed fallenOff(String bus, String before, String message, String line) {
    Prefix prefix = prefix(before);
    return new Parsed(79, message, busId(bus), null, KernelXid.Reporter.DRIVER, null, null, prefix.host(), prefix.at(),
        prefix.journalTime(), line);
  }

  /** The Xid lines' form of a bus id (domain:bus:device); the function ".0" the other forms add is dropped. */
  private static String busId(String bus) {
    String b = bus.toLowerCase(Locale.ROOT);
    return b.matches(".*\\.0$") ? b.substring(0, b.length() - 2) : b;
  }

  static Prefix prefix(String prefix) {
    Matcher j = JOURNAL.matcher(prefix);
    if (j.find()) {
      Month month = month(j.group(1));
      return new Prefix(j.group(4), null, month == null ? null : new JournalTime(month, Integer.parseInt(j.group(2)), j.group(3)));
    }
    Matcher iso = ISO_HOST.matcher(prefix);
    if (iso.find()) return new Prefix(iso.group(2), isoTime(iso.group(1)), null);
    Instant at = null;
    Matcher rfc = RFC3339.matcher(prefix);
    Matcher t = DMESG_T.matcher(prefix);
    if (rfc.find()) at = Times.parse(rfc.group(1));
    else if (t.find()) at = new JournalTime(month(t.group(1)), Integer.parseInt(t.group(2)), t.group(3)).in(Integer.parseInt(t.group(4)));
    Matcher event = EVENT_NODE.matcher(prefix);
    return new Prefix(event.find() ? event.group(1) : null, at, null);
  }

  /** Go's standard logger writes the host's local time, UTC in the device plugin's container. */
  private static Instant goLogTime(String prefix) {
    Matcher g = GO_LOG_TIME.matcher(prefix);
    if (!g.find()) return null;
    try {
      return LocalDateTime.parse(g.group(1) + "-" + g.group(2) + "-" + g.group(3) + "T" + g.group(4)).toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null;
    }
  }

  /**
   * The newer drivers' Xid 79 message starting at {@code lines[i]} (its first line), or null: the third
   * line must follow within the next three lines, so a header on its own is not read.
   */
  private static Parsed threeLineFallenOff(String[] lines, int i) {
    Matcher header = GPU_HEADER.matcher(lines[i].strip());
    if (!header.find()) return null;
    StringBuilder quoted = new StringBuilder(lines[i].strip());
    StringBuilder said = new StringBuilder("The NVIDIA GPU ").append(header.group(1));
    for (int k = i + 1; k < Math.min(lines.length, i + 4); k++) {
      String next = lines[k].strip();
      int nvrm = next.indexOf("NVRM: ");
      if (nvrm < 0) return null;
      quoted.append(' ').append(next);
      said.append(' ').append(next.substring(nvrm + "NVRM: ".length()).strip());
      if (next.contains("fallen off the bus")) {
        return fallenOff(header.group(1), lines[i].strip().substring(0, header.start()), said.toString(), quoted.toString());
      }
    }
    return null;
  }

  static boolean hasXid(String text) {
    return mayHaveXid(text) && !parseAll(text.split("\\R", -1)).isEmpty();
  }

  /** A cheap test every text file passes: none of the Xid forms can be in a text without these. */
  private static boolean mayHaveXid(String text) {
    return text.contains("NVRM: Xid (") || text.contains("XidCriticalError: Xid=") || text.contains("fallen off the bus");
  }

  /**
   * The Xids of the lines, each with its (first) line number. The driver writes {@code NVRM: GPU <bus>: GPU has
   * fallen off the bus.} right after its {@code NVRM: Xid (PCI:<bus>): 79} line: a fallen-off line of a GPU whose
   * Xid 79 line the text has is the same event, not a second one.
   */
  private static List<Map.Entry<Integer, Parsed>> parseAll(String[] lines) {
    List<Map.Entry<Integer, Parsed>> found = new ArrayList<>();
    java.util.Set<String> xid79 = new java.util.HashSet<>();
    for (int i = 0; i < lines.length; i++) {
      Parsed p = parse(lines[i]);
      if (p == null && lines[i].contains("NVRM: The NVIDIA GPU")) p = threeLineFallenOff(lines, i);
      if (p == null) continue;
      found.add(Map.entry(i + 1, p));
      if (p.code() == 79 && p.line().contains("NVRM: Xid (")) xid79.add(p.pciBusId());
    }
    if (!xid79.isEmpty()) {
      found.removeIf(e -> e.getValue().reporter() == KernelXid.Reporter.DRIVER && e.getValue().code() == 79
          && !e.getValue().line().contains("NVRM: Xid (") && xid79.contains(e.getValue().pciBusId()));
    }
    return found;
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
      // A Red Hat prompt ("[root@gpu-07 ~]# dmesg") starts like a JSON array: a prompt is never the log.
      if (l.isEmpty() || SESSION_LINE.matcher(l).find() || CommandContext.SHELL_PROMPT.matcher(l).find()) continue;
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
   * The host each line's prompt names (1-based line number to host): the lines right after a
   * {@code user@host} prompt of a kernel-log command, while they are kernel-log lines. A blank line,
   * another prompt or any other output ends it, so a second paste without a prompt names no host.
   */
  static Map<Integer, String> promptHosts(String[] lines) {
    Map<Integer, String> hosts = new java.util.HashMap<>();
    String host = null;
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i];
      Matcher prompt = l.indexOf('@') >= 0 ? PROMPT_HOST.matcher(l) : null;
      if (prompt != null && prompt.find()) {
        host = prompt.group(1).toLowerCase(Locale.ROOT);
      } else if (host != null && isKernelLine(l)) {
        hosts.put(i + 1, host);
      } else {
        host = null;
      }
    }
    return hosts;
  }

  private static boolean isKernelLine(String line) {
    String l = line.strip();
    return !l.isEmpty() && (KERNEL_LOG_LINE.matcher(l).find() || l.contains("NVRM: "));
  }

  /**
   * Adds a {@link KernelXid} for every Xid line of the text once the bundle is read (the capture year
   * and the target's node come from target.yaml). Returns how many lines were Xid lines.
   */
  static int read(String path, String text, BundleBuilder out) {
    if (!mayHaveXid(text)) return 0;
    String[] lines = text.split("\\R", -1);
    List<Map.Entry<Integer, Parsed>> found = parseAll(lines);
    if (found.isEmpty()) return 0;
    for (Map.Entry<Integer, Parsed> e : found) {
      out.observed(e.getValue().at());
      out.used(e.getValue().reporter() == KernelXid.Reporter.DRIVER ? Topics.KERNEL_LOG : Topics.LOGS, path);
    }
    KernelLineOrigin origin = KernelLineOrigin.of(path, text, lines);
    // After the pasted describes and tables (ranks 0 and 1): the pod of the log may come from one of them.
    out.later(2, placement -> {
      for (Map.Entry<Integer, Parsed> e : found) {
        Parsed p = e.getValue();
        KernelLineOrigin.Node node = origin.node(e.getKey(), p.host(), placement);
        Instant at = when(p.at(), p.journalTime(), placement.capturedAt());
        placement.out().fact(new KernelXid(p.code(), p.message(), p.pciBusId(), p.deviceId(), p.pid(), p.processName(),
            node.name(), node.from(), p.reporter(), origin.logPod(), at, p.line(), Provenance.of(path, "line " + e.getKey())));
      }
    });
    return found.size();
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
