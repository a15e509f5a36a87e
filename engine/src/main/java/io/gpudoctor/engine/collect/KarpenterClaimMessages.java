package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ClaimConditionMessage;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Karpenter's NodeClaim condition messages pasted bare, outside a claim's object or describe (in
 * prose, inline code, a quote, a bare list of conditions, a log line): {@code Node not registered
 * with cluster}, {@code Resource "nvidia.com/gpu" was requested but not registered}
 * ({@link ClaimConditionMessage}). No claim is named there; one fact per distinct message.
 */
final class KarpenterClaimMessages {
  private KarpenterClaimMessages() {}

  static boolean mentions(String text) {
    return ClaimConditionMessage.mentions(text);
  }

  /** Adds the messages of the lines not in {@code skipLines} (1-based: a claim's section is read as the claim); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = text.lines().toList();
    boolean gpuContext = ClaimConditionMessage.namesGpus(text);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      if (skipLines.contains(i + 1)) continue;
      ClaimConditionMessage m = ClaimConditionMessage.of(null, lines.get(i), gpuContext, Provenance.of(path, "line " + (i + 1)));
      if (m != null && seen.add(m.message())) out.fact(m);
    }
    if (!seen.isEmpty()) out.used(Topics.NODECLAIMS, path);
    return seen.size();
  }
}
