package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodePoolRejection;
import io.gpudoctor.facts.NodePoolRejectionKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Karpenter's {@code FailedScheduling} pod event (domain 5.3): "Failed to schedule pod, %s", where
 * %s joins one error per NodePool with "; " (Go multierr). Its provisioner logged the same errors as
 * "Could not schedule pod, %s" (v0.2x-v0.37, read as the event; see PastedEventMessages). The
 * scheduler's "0/N nodes are available" parser skips it: it has no node counts, it names NodePools.
 * The wordings:
 * <pre>
 * incompatible with nodepool "spot-pool", daemonset overhead={"cpu":"1566m",...}, no instance type has enough resources   (v1)
 * incompatible with nodepool "gpu", daemonset overhead={...}, no instance type satisfied resources {...} and requirements ... (v0.32-v0.37)
 *   ... (no instance type which met the scheduling requirements and had enough resources, had a required offering)   (offerings used up)
 * incompatible with nodepool "gpu", daemonset overhead={...}, did not tolerate sku=gpu:NoSchedule
 * incompatible with nodepool "gpu", daemonset overhead={...}, incompatible requirements, key ..., ... not in ...
 * all available instance types exceed limits for nodepool (NodePool=gpu-nodepool)      (v1, structured error)
 * all available instance types exceed limits for nodepool: "gpu" / ... for nodepool "gpu"   (v0.3x)
 * node limits have been exhausted for nodepool (NodePool=gpu)                           (v1.x, spec.limits.nodes)
 * incompatible with provisioner "default", ... / exceed limits for provisioner: "default"   (v0.2x, Provisioner API)
 * </pre>
 */
final class KarpenterSchedulingText {
  static final String PREFIX = "Failed to schedule pod, ";
  /** The provisioner's log line for the same errors (v0.2x-v0.37): "Could not schedule pod, %s". */
  private static final String LOGGED_PREFIX = "Could not schedule pod, ";
  private static final Pattern SEPARATOR = Pattern.compile(";\\s+");
  private static final Pattern INCOMPATIBLE = Pattern.compile("^incompatible with (?:nodepool|provisioner) \"([^\"]+)\"");
  private static final Pattern QUOTED_POOL = Pattern.compile("for (?:nodepool|provisioner):? \"([^\"]+)\"");
  private static final Pattern STRUCTURED_POOL = Pattern.compile("\\((?:NodePool|Provisioner)=([^)\\s,]+)\\)");
  private static final Pattern GPU_RESOURCE = Pattern.compile("\"nvidia\\.com/(?:gpu|mig-[^\"]+)\"\\s*:\\s*\"[1-9]");

  private KarpenterSchedulingText() {}

  static boolean isKarpenterMessage(String message) {
    return message != null && prefixLength(message.strip()) > 0;
  }

  private static int prefixLength(String message) {
    if (message.startsWith(PREFIX)) return PREFIX.length();
    return message.startsWith(LOGGED_PREFIX) ? LOGGED_PREFIX.length() : 0;
  }

  /** One rejection per NodePool part of the event's message; empty when it is no Karpenter scheduling message. */
  static List<NodePoolRejection> parse(KubeEvent e) {
    List<NodePoolRejection> out = new ArrayList<>();
    String message = e.message().strip();
    int prefix = prefixLength(message);
    if (prefix == 0) return out;
    boolean gpu = GPU_RESOURCE.matcher(message).find();
    for (String part : SEPARATOR.split(message.substring(prefix))) {
      String text = part.strip();
      if (text.isEmpty()) continue;
      out.add(new NodePoolRejection(e.involvedKey(), nodePool(text), kind(text), text, gpu, message, e.lastSeen(),
          e.provenance()));
    }
    return out;
  }

  private static String nodePool(String text) {
    for (Pattern p : List.of(INCOMPATIBLE, QUOTED_POOL, STRUCTURED_POOL)) {
      Matcher m = p.matcher(text);
      if (m.find()) return m.group(1);
    }
    return null;
  }

  private static NodePoolRejectionKind kind(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    if (t.contains("exceed limits for") || t.contains("limits have been exhausted")) return NodePoolRejectionKind.LIMITS;
    if (!t.startsWith("incompatible with")) return NodePoolRejectionKind.OTHER;
    if (t.contains("did not tolerate")) return NodePoolRejectionKind.UNTOLERATED_TAINT;
    // Only the offering kept every type out: the requirements and resources matched. Where it is one of several
    // criteria that each excluded them all ("... or had a required offering"), the NodePool cannot hold the pod.
    if (t.contains("no instance type has the required offering") || t.contains(", had a required offering")) {
      return NodePoolRejectionKind.NO_OFFERING;
    }
    if (t.contains("no instance type")) return NodePoolRejectionKind.NO_INSTANCE_TYPE;
    if (t.contains("incompatible requirements") || t.contains("does not have known values")) {
      return NodePoolRejectionKind.REQUIREMENTS;
    }
    // Karpenter words every permanent misfit "incompatible with nodepool ...": a reason cut off by the paste is one.
    return NodePoolRejectionKind.INCOMPATIBLE;
  }
}
