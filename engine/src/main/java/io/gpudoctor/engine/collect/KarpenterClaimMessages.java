package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ClaimResourceMissing;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Karpenter's NodeClaim condition messages pasted bare, outside the claim's object or describe (in
 * prose, inline code, a quote, a log line): {@code Resource "nvidia.com/gpu" was requested but not
 * registered} ({@link ClaimResourceMissing}). The claim is not named there; one fact per resource.
 */
final class KarpenterClaimMessages {
  private KarpenterClaimMessages() {}

  static boolean mentions(String text) {
    return ClaimResourceMissing.mentions(text);
  }

  /** Adds the messages of the lines not in {@code skipLines} (1-based: a claim's section is read as the claim); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = text.lines().toList();
    Set<String> resources = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      if (skipLines.contains(i + 1)) continue;
      ClaimResourceMissing m = ClaimResourceMissing.of(null, lines.get(i), Provenance.of(path, "line " + (i + 1)));
      if (m != null && resources.add(m.resource())) out.fact(m);
    }
    if (!resources.isEmpty()) out.used(Topics.NODECLAIMS, path);
    return resources.size();
  }
}
