package io.gpudoctor.facts;

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
  private static final Pattern INSUFFICIENT = Pattern.compile("Insufficient (\\S+)");

  public static ReasonPart classify(int count, String text) {
    String t = text.trim();
    Matcher m = INSUFFICIENT.matcher(t);
    if (m.lookingAt()) {
      return new ReasonPart(count, t, ReasonCategory.INSUFFICIENT_RESOURCE, m.group(1), null, null);
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

  private static ReasonCategory categoryOf(String t) {
    if (t.contains("didn't match Pod's node affinity") || t.contains("didn't match node selector")
        || t.contains("didn't match pod's node affinity")) {
      return ReasonCategory.NODE_AFFINITY_MISMATCH;
    }
    if (t.contains("were unschedulable")) return ReasonCategory.UNSCHEDULABLE_NODE;
    if (t.contains("volume node affinity conflict") || t.contains("didn't match PersistentVolume's node affinity")) {
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
