package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ClaimConditionMessage;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ResourceQuotaRefusal;
import io.gpudoctor.facts.RuntimeClassRefusal;
import io.gpudoctor.facts.Topics;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Status messages pasted bare that are no events, outside the object that carries them (in prose,
 * inline code, a quote, a bare list of conditions, kubectl's error output):
 * <ul>
 *   <li>Karpenter's NodeClaim conditions: {@code Node not registered with cluster}, {@code Resource
 *       "nvidia.com/gpu" was requested but not registered} ({@link ClaimConditionMessage}); no claim is
 *       named there, one fact per distinct message;</li>
 *   <li>the API server's quota refusal as kubectl prints it: {@code Error from server (Forbidden): error
 *       when creating "x.yaml": pods "p" is forbidden: exceeded quota: ...} ({@link ResourceQuotaRefusal}).
 *       The same refusal recorded as a controller's FailedCreate event is read from the event.</li>
 *   <li>the API server's refusal of a pod whose RuntimeClass does not exist, {@code pods "p" is forbidden: pod
 *       rejected: RuntimeClass "nvidia" not found} ({@link RuntimeClassRefusal}), likewise.</li>
 * </ul>
 */
final class PastedStatusMessages {
  private PastedStatusMessages() {}

  static boolean mentions(String text) {
    return ClaimConditionMessage.mentions(text) || ResourceQuotaRefusal.mentions(text) || RuntimeClassRefusal.mentions(text);
  }

  /** Adds the messages of the lines not in {@code skipLines} (1-based: an object's section is read as the object); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = text.lines().toList();
    boolean gpuContext = ClaimConditionMessage.namesGpus(text);
    Set<String> claims = new HashSet<>();
    Set<String> refusals = new HashSet<>();
    CommandContext context = CommandContext.NONE;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (CommandContext.isCommand(line)) context = CommandContext.parse(line);
      if (skipLines.contains(i + 1)) continue;
      Provenance at = Provenance.of(path, "line " + (i + 1));
      ClaimConditionMessage m = ClaimConditionMessage.of(null, line, gpuContext, at);
      if (m != null && claims.add(m.message())) out.fact(m);
      // An event row is the controller's FailedCreate event, read as one; a refusal quoted anywhere else is read here.
      ResourceQuotaRefusal q = EventText.isGetEventsRow(line) ? null : ResourceQuotaRefusal.of(context.namespace(), line, at);
      if (q != null && refusals.add(q.message())) out.fact(q);
      RuntimeClassRefusal r = EventText.isGetEventsRow(line) ? null : RuntimeClassRefusal.of(context.namespace(), line, at);
      if (r != null && refusals.add(r.message())) out.fact(r);
    }
    if (!claims.isEmpty()) out.used(Topics.NODECLAIMS, path);
    if (!refusals.isEmpty()) out.used(Topics.APPLY, path);
    return claims.size() + refusals.size();
  }
}
