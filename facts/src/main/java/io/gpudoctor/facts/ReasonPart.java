package io.gpudoctor.facts;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code <count> <reason>} part of a FailedScheduling or NotTriggerScaleUp message, classified.
 * {@code taintKey} is null when the wording names no taint (Kubernetes up to 1.17, and again from
 * the "untolerated taint(s)" wording of 1.34); the taint must then come from the nodes.
 */
public record ReasonPart(
    int count, String text, ReasonCategory category, String resource, String taintKey,
    String taintValue) {

  // 1.26+: "node(s) had untolerated taint {sku: gpu}"; ~1.18-1.25: "node(s) had taint {sku: gpu}, that the pod didn't tolerate"
  private static final Pattern TAINT_WITH_KEY = Pattern.compile(
      "node\\(s\\) had (?:untolerated )?taint \\{([^:}]*):\\s?([^}]*)\\}(?:, that the pod didn't tolerate)?");
  // <=1.17: "node(s) had taints that the pod didn't tolerate"; 1.34+: "node(s) had untolerated taint(s)"
  private static final Pattern TAINT_WITHOUT_KEY = Pattern.compile(
      "node\\(s\\) had (?:untolerated taint\\(s\\)|taints that the pod didn't tolerate)");
  // The scheduler and the autoscaler write "Insufficient nvidia.com/gpu"; issue titles and prose retype
  // it in lower case ("3 insufficient nvidia.com/gpu"). The resource keeps the case it was written in.
  private static final Pattern INSUFFICIENT = Pattern.compile("Insufficient (\\S+)", Pattern.CASE_INSENSITIVE);
  // KAI-Scheduler's NewFitErrorInsufficientResource: "node(s) didn't have enough resources: GPUs" (also "CPU cores",
  // "memory", "GPU memory" and a scalar resource's own name). GPU memory is KAI's own accounting (the node's
  // nvidia.com/gpu.memory label), no node resource: it stays OTHER.
  private static final Pattern KAI_INSUFFICIENT = Pattern.compile("node\\(s\\) didn't have enough resources: (.+)");
  // 1.10-1.17 NodeCondition / CheckNodeCondition and the pressure predicates, as their descriptions read.
  private static final Pattern NODE_CONDITION_TEXT = Pattern.compile(
      "node\\(s\\) (?:were not ready|had (?:memory|disk|pid) pressure|were out of disk space|had unavailable network"
          + "|had unknown conditions)");

  /**
   * Kubernetes 1.8 and 1.9 name the failed predicate instead of describing it
   * ({@code 0/3 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient nvidia.com/gpu.}), as
   * 1.7 and older did in "No nodes are available that match all of the following predicates".
   * The taint predicates name no taint.
   */
  private static final Map<String, ReasonCategory> LEGACY_PREDICATES = Map.ofEntries(
      Map.entry("PodToleratesNodeTaints", ReasonCategory.UNTOLERATED_TAINT),
      Map.entry("PodToleratesNodeNoExecuteTaints", ReasonCategory.UNTOLERATED_TAINT),
      Map.entry("MatchNodeSelector", ReasonCategory.NODE_AFFINITY_MISMATCH),
      Map.entry("MatchInterPodAffinity", ReasonCategory.POD_PLACEMENT),
      Map.entry("EvenPodsSpread", ReasonCategory.POD_PLACEMENT),
      Map.entry("PodFitsResources", ReasonCategory.INSUFFICIENT_RESOURCE),
      Map.entry("NoVolumeZoneConflict", ReasonCategory.VOLUME_AFFINITY),
      Map.entry("VolumeNodeAffinityConflict", ReasonCategory.VOLUME_AFFINITY),
      Map.entry("NoVolumeNodeConflict", ReasonCategory.VOLUME_AFFINITY),
      Map.entry("CheckNodeCondition", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeNotReady", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeOutOfDisk", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeNetworkUnavailable", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeUnknownCondition", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeUnderMemoryPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeUnderDiskPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeUnderPIDPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("CheckNodeMemoryPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("CheckNodeDiskPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("CheckNodePIDPressure", ReasonCategory.NODE_CONDITION),
      Map.entry("NodeUnschedulable", ReasonCategory.UNSCHEDULABLE_NODE),
      Map.entry("CheckNodeUnschedulable", ReasonCategory.UNSCHEDULABLE_NODE));

  /**
   * A domain-like token that a Markdown renderer linked, copied back as Markdown from a rendered page
   * or chat: {@code [nvidia.com/gpu](http://nvidia.com/gpu)}, {@code {[node.example.io/use](http://node.example.io/use): gpu}}.
   * Only a link whose target is its own text is undone.
   */
  private static final Pattern AUTOLINK = Pattern.compile("\\[([^\\]\\s()]+)\\]\\((?:https?://)?\\1/?\\)");

  public static ReasonPart classify(int count, String text) {
    String t = unlinked(text).trim();
    Matcher m = INSUFFICIENT.matcher(t);
    if (m.lookingAt()) {
      return new ReasonPart(count, t, ReasonCategory.INSUFFICIENT_RESOURCE, m.group(1), null, null);
    }
    m = KAI_INSUFFICIENT.matcher(t);
    if (m.lookingAt()) {
      String resource = kaiResource(m.group(1).trim());
      if (resource != null) return new ReasonPart(count, t, ReasonCategory.INSUFFICIENT_RESOURCE, resource, null, null);
    }
    m = TAINT_WITH_KEY.matcher(t);
    if (m.find()) {
      return new ReasonPart(count, t, ReasonCategory.UNTOLERATED_TAINT, null, m.group(1).trim(),
          m.group(2).trim());
    }
    if (TAINT_WITHOUT_KEY.matcher(t).find()) {
      return new ReasonPart(count, t, ReasonCategory.UNTOLERATED_TAINT, null, null, null);
    }
    return new ReasonPart(count, t, categoryOf(t), null, null, null);
  }

  /** The Kubernetes resource a KAI-Scheduler shortage names, or null for its GPU memory (no node resource). */
  private static String kaiResource(String named) {
    return switch (named) {
      case "GPUs" -> GpuResources.GPU;
      case "CPU cores" -> "cpu";
      case "GPU memory" -> null;
      default -> named;
    };
  }

  /** The text with its autolinked tokens back as they were written. */
  static String unlinked(String text) {
    return text.indexOf("](") < 0 ? text : AUTOLINK.matcher(text).replaceAll("$1");
  }

  private static ReasonCategory categoryOf(String t) {
    ReasonCategory legacy = LEGACY_PREDICATES.get(t);
    if (legacy != null) return legacy;
    if (t.contains("didn't match Pod's node affinity") || t.contains("didn't match node selector")
        || t.contains("didn't match pod's node affinity")) {
      return ReasonCategory.NODE_AFFINITY_MISMATCH;
    }
    // InterPodAffinity: "didn't match pod affinity rules", "didn't match pod anti-affinity rules", "didn't satisfy
    // existing pods anti-affinity rules" (1.19 on; "didn't match pod affinity/anti-affinity" before); PodTopologySpread:
    // "didn't match pod topology spread constraints" (with " (missing required label)" for a node without the key).
    if (t.contains("didn't match pod affinity") || t.contains("didn't match pod anti-affinity")
        || t.contains("existing pods anti-affinity rules") || t.contains("pod topology spread constraints")) {
      return ReasonCategory.POD_PLACEMENT;
    }
    if (t.contains("were unschedulable")) return ReasonCategory.UNSCHEDULABLE_NODE;
    if (NODE_CONDITION_TEXT.matcher(t).find()) return ReasonCategory.NODE_CONDITION;
    if (t.contains("volume node affinity conflict") || t.contains("didn't match PersistentVolume's node affinity")
        || t.contains("had no available volume zone")) {
      return ReasonCategory.VOLUME_AFFINITY;
    }
    if (t.startsWith("Too many pods")) return ReasonCategory.TOO_MANY_PODS;
    if (t.startsWith("Preemption is not helpful")) return ReasonCategory.PREEMPTION_NOT_HELPFUL;
    if (t.startsWith("No preemption victims found")) return ReasonCategory.NO_PREEMPTION_VICTIMS;
    if (t.startsWith("max node group size reached")) return ReasonCategory.MAX_NODE_GROUP_SIZE;
    if (t.startsWith("in backoff after failed scale-up")) return ReasonCategory.SCALE_UP_BACKOFF;
    if (t.startsWith("not ready for scale-up")) return ReasonCategory.NOT_READY_FOR_SCALE_UP;
    return ReasonCategory.OTHER;
  }

  public boolean isGpuShortage() {
    return category == ReasonCategory.INSUFFICIENT_RESOURCE && GpuResources.isGpuResource(resource);
  }
}
