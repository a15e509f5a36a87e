package io.gpudoctor.facts;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sentence of prose (an issue, a ticket, a chat) that reports a container killed at its memory limit, as
 * people write it: {@code the container is OOMKilled}, {@code pod got OOM-killed}, {@code Container is killed by
 * Kubernetes when memory crosses the defined limit}, {@code it exceeds its memory limit and gets restarted}. It is
 * what someone says, not what the kubelet recorded: the pod's {@code lastState.terminated.reason: OOMKilled} is.
 * <p>
 * Not read: a sentence that negates or asks ({@code it was not OOMKilled}, {@code is it OOMKilled?}); one about GPU
 * memory ({@code CUDA out of memory}, {@code torch.OutOfMemoryError}, {@code GPU memory}, VRAM): the device path; one
 * about the node ({@code System OOM encountered}, eviction, {@code MemoryPressure}, the node low on memory): the node
 * path. The kernel's own {@code Memory cgroup out of memory: Killed process} line is a kernel log line, read as one
 * ({@link KernelOomKill}).
 *
 * @param sentence the sentence as written (trimmed of Markdown emphasis and list markers)
 */
public record ReportedContainerOom(String sentence, Provenance provenance) {
  private static final int FLAGS = Pattern.CASE_INSENSITIVE;
  /** The kubelet's reason as people write it: OOMKilled, OOM-killed, OOM killed, oomkilled. */
  private static final Pattern OOM_KILLED = Pattern.compile("\\boom[- ]?killed\\b", FLAGS);
  /** A kill and a memory limit crossed: "killed ... when memory crosses the defined limit". */
  private static final Pattern KILLED = Pattern.compile("\\b(?:kill(?:ed|s|ing)?|terminat(?:ed|es|ing)|oom)\\b", FLAGS);
  private static final Pattern CROSSES_LIMIT = Pattern.compile(
      "\\bmemory\\b.{0,60}?\\b(?:exceed\\w*|cross\\w*|reach\\w*|hit\\w*|go(?:es)? over|went over|over|above|beyond)\\b"
          + ".{0,40}?\\blimits?\\b"
          + "|\\b(?:exceed\\w*|cross\\w*|reach\\w*|hit\\w*)\\b.{0,40}?\\bmemory[ -]limits?\\b"
          + "|\\bmemory[ -]limits?\\b.{0,20}?\\b(?:exceeded|reached|hit|crossed)\\b", FLAGS);
  /** Exceeding the memory limit is a kill in Kubernetes, said without the kill. */
  private static final Pattern EXCEEDS_LIMIT = Pattern.compile(
      "\\bexceed(?:s|ed|ing)?\\s+(?:\\S+\\s+){0,3}?memory[ -]limits?\\b|\\bmemory[ -]limits?\\s+(?:was |is |got |has been )?exceeded\\b", FLAGS);
  /** A negation shortly before the report: "not OOMKilled", "no OOMKilled", "without exceeding its memory limit". */
  private static final Pattern NEGATION = Pattern.compile(
      "\\b(?:not|no|never|without|nor|neither|isn'?t|wasn'?t|aren'?t|weren'?t|didn'?t|doesn'?t|don'?t|rather than|instead of)\\b"
          + "(?:\\s+\\S+){0,3}\\s*$", FLAGS);
  /** GPU memory: the device path (GpuMemoryExhausted), never this. */
  private static final Pattern DEVICE = Pattern.compile(
      "\\bCUDA\\b|\\bHIP\\b|\\bVRAM\\b|OutOfMemoryError|\\b(?:GPU|device)\\s*(?:memory|mem|OOM|out of memory)\\b"
          + "|\\bgpu-memory-utilization\\b|\\bKV cache\\b", FLAGS);
  /** The node's memory: NodeMemoryPressure's, never this. */
  private static final Pattern NODE = Pattern.compile(
      "System OOM|\\bevict\\w*|MemoryPressure|\\bnode\\b.{0,30}?\\b(?:low on|out of|ran out of|runs out of)\\b"
          + "|\\bhost (?:ran|runs) out of memory|Memory cgroup out of memory|/dev/shm|\\bshm\\b", FLAGS);
  /** A sentence ends at . ! or ? followed by a space, or at the line's end. */
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s|$)");

  /** A cheap test: no report without one of these words. */
  public static boolean mentions(String text) {
    if (text == null) return false;
    String lower = text.toLowerCase(Locale.ROOT);
    return lower.contains("oomkilled") || lower.contains("oom-killed") || lower.contains("oom killed")
        || lower.contains("limit") && lower.contains("memory");
  }

  /** The report the line makes, or null. */
  public static ReportedContainerOom of(String line, Provenance at) {
    if (line == null || !mentions(line)) return null;
    int start = 0;
    Matcher end = SENTENCE_END.matcher(line);
    while (start < line.length()) {
      int stop = end.find(start) ? end.end() : line.length();
      String sentence = line.substring(start, stop);
      if (reports(sentence)) return new ReportedContainerOom(tidy(sentence), at);
      start = stop;
    }
    return null;
  }

  private static boolean reports(String sentence) {
    String s = sentence.strip();
    if (s.endsWith("?") || DEVICE.matcher(s).find() || NODE.matcher(s).find()) return false;
    Matcher oom = OOM_KILLED.matcher(s);
    while (oom.find()) if (!negated(s, oom.start())) return true;
    Matcher crosses = CROSSES_LIMIT.matcher(s);
    if (crosses.find() && KILLED.matcher(s).find() && !negated(s, crosses.start())) return true;
    Matcher exceeds = EXCEEDS_LIMIT.matcher(s);
    return exceeds.find() && !negated(s, exceeds.start());
  }

  private static boolean negated(String sentence, int at) {
    return NEGATION.matcher(sentence.substring(0, at)).find();
  }

  private static String tidy(String sentence) {
    return sentence.strip().replaceFirst("^(?:[-*+]\\s+|\\d+[.)]\\s+)", "").replace("**", "").replace("`", "").strip();
  }

  public Evidence evidence() {
    return provenance.quote(sentence);
  }
}
