package io.gpudoctor.facts;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sentence of prose (an issue, a ticket) that reports how many GPUs a node shows, as people write it when a node
 * advertises fewer GPUs than its VM size has: {@code only one GPU is visible}, {@code kubectl shows 1 as the amount of
 * available nvidia.com/gpu}, {@code the node only advertises 2 nvidia.com/gpu}, {@code nvidia-smi lists only 3 GPUs}.
 * It is what someone says, not what the node's status holds ({@code status.capacity["nvidia.com/gpu"]} is), so it is
 * never more than likely. {@code vmSize} is the one VM size the same text names (null when it names none or several).
 * <p>
 * Not read: a sentence that asks for or requests GPUs ({@code requests nvidia.com/gpu: 1}, {@code asks for 2 GPUs}):
 * that is the pod's request; one that names MIG, whose partitions change what a GPU counts.
 */
public record ReportedGpuCount(int count, String sentence, String vmSize, Provenance provenance) {
  private static final int FLAGS = Pattern.CASE_INSENSITIVE;
  private static final String NUMBER = "(\\d{1,2}|one|two|three|four|five|six|seven|a single)";
  private static final String GPUS = "(?:nvidia\\.com/gpus?|gpus?|gpu devices?|graphics cards?)";
  /** "only one GPU is visible", "1 nvidia.com/gpu is advertised", "2 GPUs are detected". */
  private static final Pattern COUNT_THEN_SEEN = Pattern.compile(
      "\\b(?:only\\s+)?" + NUMBER + "\\s+(?:\\w+\\s+)?" + GPUS + "\\s+(?:is|are|was|were|gets?|got)\\s+(?:\\w+\\s+)?"
          + "(?:visible|shown|listed|advertised|exposed|detected|available|registered|reported|recogni[sz]ed|usable)\\b", FLAGS);
  /** "shows 1 as the amount of available nvidia.com/gpu", "advertises only 2 nvidia.com/gpu", "lists 1 GPU". */
  private static final Pattern SEEN_THEN_COUNT = Pattern.compile(
      "\\b(?:shows?|showing|showed|lists?|listed|advertis(?:es|ed|ing)|expos(?:es|ed|ing)|reports?|reported|detects?|"
          + "detected|sees?|saw)\\s+(?:only\\s+)?" + NUMBER + "\\b(?:\\s+\\S+){0,6}?\\s+(?:available\\s+|allocatable\\s+)?"
          + GPUS + "\\b", FLAGS);
  /** A request, a limit or a question: the pod's side, never what the node shows. */
  private static final Pattern REQUEST = Pattern.compile(
      "\\b(?:request\\w*|limits?|asks?|asking|asked|need\\w*|want\\w*|require\\w*|claim\\w*|allocat(?:e|ed|ing) to)\\b|\\?", FLAGS);
  private static final Pattern MIG = Pattern.compile("\\bmig\\b|mig-\\d", FLAGS);
  private static final Map<String, Integer> WORDS = Map.of("one", 1, "a single", 1, "two", 2, "three", 3, "four", 4,
      "five", 5, "six", 6, "seven", 7);

  /** Whether the text may hold such a sentence (cheap). */
  public static boolean mentions(String text) {
    String lower = text == null ? "" : text.toLowerCase(Locale.ROOT);
    return lower.contains("gpu") && !MIG.matcher(lower).find();
  }

  /** Whether a line of the text reports a count: such a sentence makes a text evidence by itself. */
  public static boolean reportedIn(String text) {
    if (!mentions(text)) return false;
    for (String line : text.split("\n")) {
      if (of(line, null, null) != null) return true;
    }
    return false;
  }

  /** The count a line of prose reports the node to show, or null. */
  public static ReportedGpuCount of(String line, String vmSize, Provenance at) {
    if (line == null || !line.toLowerCase(Locale.ROOT).contains("gpu") || REQUEST.matcher(line).find()) return null;
    line = line.replace("`", "").replace("**", "");
    Matcher m = COUNT_THEN_SEEN.matcher(line);
    if (!m.find()) {
      m = SEEN_THEN_COUNT.matcher(line);
      if (!m.find()) return null;
    }
    String n = m.group(1).toLowerCase(Locale.ROOT);
    int count = WORDS.containsKey(n) ? WORDS.get(n) : Integer.parseInt(n);
    String sentence = line.strip().replaceAll("^[-*>\\s]+", "");
    return new ReportedGpuCount(count, sentence.length() <= 240 ? sentence : sentence.substring(0, 240), vmSize, at);
  }

  /** The GPUs the named size has (Azure's N-series table), or null when no size is named or known. */
  public Integer sizeGpus() {
    return vmSize == null ? null : InstanceTypes.azureGpuCount(vmSize);
  }

  public Evidence evidence() {
    return provenance.quote(sentence);
  }
}
