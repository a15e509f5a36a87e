package io.gpudoctor.facts;

import java.time.Instant;

/**
 * A kill by the kernel's OOM killer as the kernel log shows it (dmesg, {@code journalctl -k}, syslog), one per
 * killed process however many lines the kernel wrote for it ({@code mm/oom_kill.c}):
 * <pre>
 * [26002.108918] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/...,task=python3,pid=4711,uid=0   (4.19+)
 * [26002.109061] Out of memory: Killed process 4711 (python3) total-vm:78521468kB, anon-rss:54398260kB, ...                                     (5.0+)
 * [ 8211.771512] Memory cgroup out of memory: Killed process 9120 (python3) total-vm:...                                                            (5.0+, a cgroup's limit)
 * [ 8211.771499] Out of memory: Kill process 4711 (python3) score 912 or sacrifice child                                                           (before 5.0)
 * [ 8211.771420] Task in /kubepods/burstable/pod.../... killed as a result of limit of /kubepods/burstable/pod...                                  (before 4.19, a cgroup's limit)
 * </pre>
 * Which memory ran out is the kernel's own word: {@code constraint=CONSTRAINT_MEMCG} or "Memory cgroup out of memory"
 * is a cgroup at its limit (a container's memory limit), anything else the host's memory.
 *
 * @param scope whose memory ran out
 * @param processName the killed process as the kernel names it (15 characters at most), or null
 * @param pid the killed process's id, or null
 * @param cgroup the cgroup at its limit ({@code oom_memcg=}, or the limit of a "Task in ... killed" line), or null
 * @param node the node the line was logged on, or null when nothing says which
 * @param nodeFrom how the node is known
 * @param at when it was logged, or null (dmesg's seconds since boot)
 * @param line the line quoted: the "Killed process" line when the kernel wrote one, else the summary line
 */
public record KernelOomKill(
    Scope scope, String processName, String pid, String cgroup, String node, KernelXid.NodeFrom nodeFrom,
    Instant at, String line, Provenance provenance) {

  /** Whose memory the kernel found exhausted. */
  public enum Scope {
    /** the host's memory (constraint NONE, CPUSET or MEMORY_POLICY: "Out of memory: Killed process") */
    HOST,
    /** a memory cgroup at its limit (constraint MEMCG: "Memory cgroup out of memory: Killed process") */
    CGROUP
  }

  public boolean nodeKnown() {
    return node != null && !node.isBlank();
  }

  public boolean hostWide() {
    return scope == Scope.HOST;
  }

  /** The node, or "unknown node": never a guessed node. */
  public String subject() {
    return nodeKnown() ? node : "unknown node";
  }

  public String nodeQuote() {
    return nodeFrom.quote(node, null);
  }

  /** The killed process: {@code python3 (pid 4711)}. */
  public String process() {
    String name = processName == null ? "a process" : processName;
    return pid == null ? name : name + " (pid " + pid + ")";
  }

  public Evidence evidence() {
    return provenance.quote(line);
  }
}
