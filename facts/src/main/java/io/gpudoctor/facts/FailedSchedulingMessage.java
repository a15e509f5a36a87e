package io.gpudoctor.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scheduler's FailedScheduling message, split into its {@code <count> <reason>} parts, in
 * every wording Kubernetes has used:
 * {@code 0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, 2 Insufficient
 * nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod..}
 * Kubernetes 1.7 and older wrote {@code No nodes are available that match all of the following
 * predicates:: Insufficient nvidia.com/gpu (2), PodToleratesNodeTaints (1).}, which gives no total
 * ({@code totalNodes} 0). Volcano writes the same parts after {@code 0/101 nodes are unavailable: }
 * ({@code all nodes are unavailable: } in older releases, no total). KAI-Scheduler (and Run:ai before it) writes its
 * per-node histogram after {@code no nodes with enough resources were found: }, no total, parts ended by {@code . }
 * and a line break: {@code 2 node(s) didn't have enough resources: GPUs. \n1 node(s) had untolerated taint(s).}
 */
public record FailedSchedulingMessage(
    int totalNodes, List<ReasonPart> parts, List<ReasonPart> preemptionParts, boolean noNodes) {

  // Case-insensitive for the same reason as ReasonPart's "insufficient": a retyped title or sentence.
  private static final Pattern HEADER = Pattern.compile(
      "(?:0/(\\d+) nodes are (?:un)?available|all nodes are unavailable):\\s*", Pattern.CASE_INSENSITIVE);
  // A list pasted without its head starts with a part's count: "1 node(s) had untolerated taint {...}".
  private static final Pattern HEADLESS = Pattern.compile("\\d+\\s+\\S");
  // Parts are separated by ", " before the next count; "{sku: gpu}, that the pod didn't tolerate" is not split.
  private static final Pattern PART_SEPARATOR = Pattern.compile(",\\s+(?=\\d+\\s)");
  // KAI-Scheduler's FitErrors.Error(): ResourcesWereNotFoundMsg, then the reasons joined by ". \n".
  private static final Pattern KAI_HEADER = Pattern.compile("no nodes with enough resources were found:\\s*", Pattern.CASE_INSENSITIVE);
  private static final Pattern KAI_PART_SEPARATOR = Pattern.compile("\\.\\s+(?=\\d+\\s)");
  private static final Pattern PART = Pattern.compile("(\\d+)\\s+(.+)", Pattern.DOTALL);
  private static final Pattern PREDICATES_HEADER =
      Pattern.compile("No nodes are available that match all of the following predicates:+\\s*");
  // "Insufficient cpu (3), PodToleratesNodeTaints (1)": the count follows each reason in brackets.
  private static final Pattern COUNTED_PART_SEPARATOR = Pattern.compile("(?<=\\))\\s*,\\s*");
  private static final Pattern COUNTED_PART = Pattern.compile("(.+?)\\s*\\((\\d+)\\)", Pattern.DOTALL);

  /** The parsed message, or null when the text is not a scheduler availability message. */
  public static FailedSchedulingMessage parse(String message) {
    return parse(message, false);
  }

  /**
   * The message a scheduler wrote (its FailedScheduling event, the pod's Unschedulable condition), also when it was
   * pasted without its {@code 0/N nodes are available: } head, as people cut it from a describe row
   * ({@code 1 node(s) had untolerated taint {nvidia.com/gpu: present}}): then a list of {@code <count> <reason>} parts,
   * one at least of a reason the scheduler writes, the total unknown (0). Only for the scheduler's own text: prose
   * that begins with a number is no such list.
   */
  public static FailedSchedulingMessage parseFromScheduler(String message) {
    return parse(message, true);
  }

  private static FailedSchedulingMessage parse(String message, boolean headless) {
    if (message == null) return null;
    String text = message.trim();
    if (text.contains("no nodes available to schedule pods")) {
      return new FailedSchedulingMessage(0, List.of(), List.of(), true);
    }
    Matcher predicates = PREDICATES_HEADER.matcher(text);
    if (predicates.find()) {
      return new FailedSchedulingMessage(0, splitCountedParts(text.substring(predicates.end())), List.of(), false);
    }
    Matcher kai = KAI_HEADER.matcher(text);
    if (kai.find()) {
      List<ReasonPart> parts = new ArrayList<>();
      for (String list : KAI_PART_SEPARATOR.split(text.substring(kai.end()))) parts.addAll(splitParts(list));
      return new FailedSchedulingMessage(0, List.copyOf(parts), List.of(), false);
    }
    Matcher header = HEADER.matcher(text);
    // The head of the preemption summary is not the message's own: its parts come before it.
    boolean headed = header.find() && !text.substring(0, header.start()).stripTrailing().endsWith("preemption:");
    if (!headed && !(headless && HEADLESS.matcher(text).lookingAt())) return null;
    int total = headed && header.group(1) != null ? Integer.parseInt(header.group(1)) : 0;
    String rest = headed ? text.substring(header.end()) : text;
    String preemption = "";
    int p = rest.indexOf("preemption:");
    if (p >= 0) {
      preemption = rest.substring(p + "preemption:".length());
      rest = rest.substring(0, p);
    }
    // DRA-aware schedulers insert "no new claims to deallocate, " before "preemption:".
    rest = rest.replace("no new claims to deallocate,", "");
    List<ReasonPart> preemptionParts = List.of();
    Matcher ph = HEADER.matcher(preemption);
    if (ph.find()) {
      preemptionParts = splitParts(preemption.substring(ph.end()));
    }
    List<ReasonPart> parts = splitParts(rest);
    if (!headed && parts.stream().allMatch(r -> r.category() == ReasonCategory.OTHER)) return null;
    return new FailedSchedulingMessage(total, parts, preemptionParts, false);
  }

  /** Splits a comma list of {@code <count> <reason>} parts (also used for autoscaler messages). */
  public static List<ReasonPart> splitParts(String list) {
    return split(list, PART_SEPARATOR, PART, 1, 2);
  }

  /** The 1.7 form: {@code <reason> (<count>)} parts. */
  private static List<ReasonPart> splitCountedParts(String list) {
    return split(list, COUNTED_PART_SEPARATOR, COUNTED_PART, 2, 1);
  }

  private static List<ReasonPart> split(String list, Pattern separator, Pattern part, int countGroup, int reasonGroup) {
    List<ReasonPart> parts = new ArrayList<>();
    String trimmed = trimEnd(list);
    if (trimmed.isEmpty()) return List.of();
    for (String raw : separator.split(trimmed)) {
      String piece = trimEnd(raw);
      Matcher m = part.matcher(piece);
      if (m.matches()) {
        parts.add(ReasonPart.classify(Integer.parseInt(m.group(countGroup)), m.group(reasonGroup)));
      } else if (!piece.isEmpty()) {
        parts.add(ReasonPart.classify(0, piece));
      }
    }
    return List.copyOf(parts);
  }

  private static String trimEnd(String s) {
    String t = s.trim();
    while (t.endsWith(".") || t.endsWith(",")) t = t.substring(0, t.length() - 1).trim();
    return t;
  }

  public boolean mentions(ReasonCategory category) {
    return parts.stream().anyMatch(r -> r.category() == category);
  }
}
