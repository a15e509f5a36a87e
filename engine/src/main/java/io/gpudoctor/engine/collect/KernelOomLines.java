package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KernelOomKill;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel OOM killer's lines in a kernel log (dmesg, {@code dmesg -T}, {@code journalctl -k}, syslog), one
 * {@link KernelOomKill} per killed process. The kernel ({@code mm/oom_kill.c}) writes, for one kill:
 * <ul>
 *   <li>4.19+: {@code oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),...,global_oom,task_memcg=...,task=P,pid=N,uid=U}
 *       ({@code CONSTRAINT_MEMCG,...,oom_memcg=/kubepods/...} for a cgroup at its limit);</li>
 *   <li>5.0+: {@code Out of memory: Killed process N (P) total-vm:...}, or {@code Memory cgroup out of memory: Killed
 *       process N (P) ...} for a cgroup;</li>
 *   <li>before 5.0: {@code Out of memory: Kill process N (P) score S or sacrifice child} (or {@code Memory cgroup out of
 *       memory: ...}), then {@code Killed process N (P) total-vm:...}; before 4.19 a cgroup kill also says
 *       {@code Task in /kubepods/... killed as a result of limit of /kubepods/...}.</li>
 * </ul>
 * The lines of one kill are read together by the process id. The node is known as for the Xid lines
 * ({@link KernelLineOrigin}). {@code P invoked oom-killer: gfp_mask=...} only starts the report and names the
 * allocating process, not the victim: it is not read on its own. A node-problem-detector {@code OOMKilling} event row
 * that quotes the line is an event, not a kernel log, and is left to the event readers.
 */
final class KernelOomLines {
  private static final Pattern SUMMARY = Pattern.compile(
      "oom-kill:constraint=(CONSTRAINT_[A-Z_]+),(.*?)task=([^,]*),pid=(\\d+)");
  private static final Pattern OOM_MEMCG = Pattern.compile("(?:^|,)oom_memcg=([^,]+)");
  private static final Pattern KILL = Pattern.compile(
      "(Memory cgroup out of memory|Out of memory(?: \\(oom_kill_allocating_task\\))?): Kill(?:ed)? process (\\d+) \\(([^)]*)\\)");
  private static final Pattern TASK_IN = Pattern.compile("Task in (\\S+) killed as a result of limit of (\\S+)");

  private KernelOomLines() {}

  /** One kill as the text shows it, before the bundle says the node and the capture year. */
  private static final class Kill {
    KernelOomKill.Scope scope;
    String process;
    String cgroup;
    String line;
    int lineNumber;
    KernelXidLines.Prefix prefix;
  }

  /** A cheap test every text passes: no OOM-killer line can be in a text without one of these. */
  private static boolean mayHave(String text) {
    return text.contains("oom-kill:constraint=") || text.contains(" memory: Kill")
        || text.contains("(oom_kill_allocating_task): Kill");
  }

  /** Whether the text shows a kill by the OOM killer. */
  static boolean mentions(String text) {
    return mayHave(text) && !parse(text.split("\\R", -1)).isEmpty();
  }

  /** The kills of the lines, by pid (in the order first seen). */
  private static Map<String, Kill> parse(String[] lines) {
    Map<String, Kill> kills = new LinkedHashMap<>();
    String cgroupAtLimit = null;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      Matcher task = TASK_IN.matcher(line);
      if (task.find()) {
        cgroupAtLimit = task.group(2);
        continue;
      }
      Matcher s = SUMMARY.matcher(line);
      if (s.find()) {
        Kill k = kills.computeIfAbsent(s.group(4), pid -> new Kill());
        k.scope = "CONSTRAINT_MEMCG".equals(s.group(1)) ? KernelOomKill.Scope.CGROUP : KernelOomKill.Scope.HOST;
        if (k.process == null) k.process = s.group(3).strip();
        Matcher memcg = OOM_MEMCG.matcher(s.group(2));
        if (memcg.find()) k.cgroup = memcg.group(1);
        remember(k, line, i + 1, line.substring(0, s.start()), false);
        continue;
      }
      Matcher kill = KILL.matcher(line);
      // node-problem-detector's OOMKilling event quotes the line: it is an event, read as one (KubeEvent).
      if (kill.find() && !line.substring(0, kill.start()).contains("OOMKilling")) {
        Kill k = kills.computeIfAbsent(kill.group(2), pid -> new Kill());
        boolean cgroup = kill.group(1).startsWith("Memory cgroup");
        // The summary line's constraint, when it came first, is the kernel's own classification.
        if (k.scope == null || cgroup) k.scope = cgroup ? KernelOomKill.Scope.CGROUP : KernelOomKill.Scope.HOST;
        k.process = kill.group(3).strip();
        if (cgroup && k.cgroup == null) k.cgroup = cgroupAtLimit;
        remember(k, line, i + 1, line.substring(0, kill.start()), true);
      }
    }
    return kills;
  }

  /** The "Killed process" line is the one quoted: it is the kill itself; the summary stands in when it is alone. */
  private static void remember(Kill k, String line, int number, String before, boolean killLine) {
    if (k.line != null && !killLine) return;
    k.line = line;
    k.lineNumber = number;
    k.prefix = KernelXidLines.prefix(before);
  }

  /** Adds a {@link KernelOomKill} for every kill the text shows; returns how many lines were read. */
  static int read(String path, String text, BundleBuilder out) {
    if (!mayHave(text)) return 0;
    String[] lines = text.split("\\R", -1);
    Map<String, Kill> kills = parse(lines);
    if (kills.isEmpty()) return 0;
    List<Map.Entry<String, Kill>> found = new ArrayList<>(kills.entrySet());
    for (Map.Entry<String, Kill> e : found) out.observed(e.getValue().prefix.at());
    out.used(Topics.KERNEL_LOG, path);
    KernelLineOrigin origin = KernelLineOrigin.of(path, text, lines);
    out.later(2, placement -> {
      for (Map.Entry<String, Kill> e : found) {
        Kill k = e.getValue();
        KernelLineOrigin.Node node = origin.node(k.lineNumber, k.prefix.host(), placement);
        placement.out().fact(new KernelOomKill(k.scope, k.process == null || k.process.isEmpty() ? null : k.process,
            e.getKey(), k.cgroup, node.name(), node.from(),
            KernelXidLines.when(k.prefix.at(), k.prefix.journalTime(), placement.capturedAt()), k.line,
            Provenance.of(path, "line " + k.lineNumber)));
      }
    });
    return found.size();
  }
}
