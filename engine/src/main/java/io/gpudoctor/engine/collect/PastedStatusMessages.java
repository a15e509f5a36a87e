package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ClaimConditionMessage;
import io.gpudoctor.facts.GpuResourceRefusal;
import io.gpudoctor.facts.KaitoSkuUnsupported;
import io.gpudoctor.facts.KaitoWorkloadInvalid;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ReportedContainerOom;
import io.gpudoctor.facts.ReportedGpuCount;
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
 *   <li>the API server's validation refusing a GPU quantity, {@code The Job "j" is invalid:
 *       spec.template.spec.containers[0].resources.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit}
 *       or a fraction ({@code must be an integer}) ({@link GpuResourceRefusal}), likewise.</li>
 *   <li>KAITO's reconcile error for an instance type its SKU table lacks, {@code failed to get GPU config for instance
 *       type Standard_NC6s_v3: invalid value: Unsupported SKU 'Standard_NC6s_v3' ...} ({@link KaitoSkuUnsupported}), also
 *       broken by hand after its colons over the next lines; it names no Workspace.</li>
 *   <li>a sentence reporting a container killed at its memory limit, {@code the container is OOMKilled}, {@code
 *       Container is killed by Kubernetes when memory crosses the defined limit} ({@link ReportedContainerOom}); one
 *       fact per distinct sentence. A line of a pasted table or describe is read as that output, not here.</li>
 *   <li>the API server's refusal of a workload KAITO generated, as the Workspace's status carries it: {@code
 *       Deployment.apps "ws" is invalid: [spec.template.spec...: Required value, ...]} ({@link KaitoWorkloadInvalid}),
 *       its field list also wrapped over the next lines (a markdown quote's {@code >} dropped); it names the workload,
 *       which KAITO names after the Workspace.</li>
 *   <li>a sentence reporting how many GPUs a node shows, {@code only one GPU is visible}, {@code kubectl shows 1 as the
 *       amount of available nvidia.com/gpu} ({@link ReportedGpuCount}), with the one VM size the text names; one fact
 *       per distinct sentence.</li>
 * </ul>
 */
final class PastedStatusMessages {
  /** How many lines a hand-broken error may go on over. */
  private static final int WRAPPED_LINES = 3;
  /** How many lines a wrapped list of field errors may go on over. */
  private static final int WRAPPED_LIST_LINES = 8;

  private PastedStatusMessages() {}

  static boolean mentions(String text) {
    return ClaimConditionMessage.mentions(text) || ResourceQuotaRefusal.mentions(text) || RuntimeClassRefusal.mentions(text)
        || GpuResourceRefusal.mentions(text)
        || KaitoSkuUnsupported.mentions(text) || KaitoWorkloadInvalid.mentions(text) || ReportedContainerOom.mentions(text);
  }

  /** Adds the messages of the lines not in {@code skipLines} (1-based: an object's section is read as the object); returns how many. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    // A reported GPU count is read only beside what makes the text read at all: it does not make a text evidence.
    boolean counts = ReportedGpuCount.mentions(text);
    if (!mentions(text) && !counts) return 0;
    List<String> lines = text.lines().toList();
    boolean gpuContext = ClaimConditionMessage.namesGpus(text);
    boolean azureContext = ClaimConditionMessage.namesAzureProvider(text);
    Set<String> claims = new HashSet<>();
    Set<String> refusals = new HashSet<>();
    Set<String> kaito = new HashSet<>();
    Set<String> reported = new HashSet<>();
    // The size is looked for once, and only in a text that may report a GPU count.
    String size = null;
    if (counts) {
      io.gpudoctor.facts.MentionedVmSize only = VmSizeMentions.only(path, lines);
      size = only == null ? null : only.vmSize();
    }
    CommandContext context = CommandContext.NONE;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (CommandContext.isCommand(line)) context = CommandContext.parse(line);
      if (skipLines.contains(i + 1)) continue;
      Provenance at = Provenance.of(path, "line " + (i + 1));
      ClaimConditionMessage m = ClaimConditionMessage.of(null, line, gpuContext, azureContext, at);
      if (m != null && claims.add(m.message())) out.fact(m);
      // An event row is the controller's FailedCreate event, read as one; a refusal quoted anywhere else is read here.
      ResourceQuotaRefusal q = EventText.isGetEventsRow(line) ? null : ResourceQuotaRefusal.of(context.namespace(), line, at);
      if (q != null && refusals.add(q.message())) out.fact(q);
      RuntimeClassRefusal r = EventText.isGetEventsRow(line) ? null : RuntimeClassRefusal.of(context.namespace(), line, at);
      if (r != null && refusals.add(r.message())) out.fact(r);
      GpuResourceRefusal g = EventText.isGetEventsRow(line) ? null : GpuResourceRefusal.of(context.namespace(), line, at);
      if (g != null && refusals.add(g.message())) out.fact(g);
      KaitoSkuUnsupported sku = line.contains("GPU config") ? KaitoSkuUnsupported.of(null, brokenAfterColons(lines, i), at) : null;
      if (sku != null && kaito.add(sku.message())) out.fact(sku);
      ReportedContainerOom oom = ReportedContainerOom.of(line, at);
      if (oom != null && reported.add(oom.sentence())) out.fact(oom);
      ReportedGpuCount count = counts ? ReportedGpuCount.of(line, size, at) : null;
      if (count != null && reported.add(count.sentence())) out.fact(count);
      KaitoWorkloadInvalid invalid = KaitoWorkloadInvalid.mentions(line) ? KaitoWorkloadInvalid.of(null, wrappedList(lines, i), at) : null;
      if (invalid != null && kaito.add(invalid.message())) out.fact(invalid);
    }
    if (!claims.isEmpty()) out.used(Topics.NODECLAIMS, path);
    if (!refusals.isEmpty()) out.used(Topics.APPLY, path);
    if (!kaito.isEmpty()) out.used(Topics.WORKSPACES, path);
    if (!reported.isEmpty()) out.used(Topics.PROSE, path);
    return claims.size() + refusals.size() + kaito.size() + reported.size();
  }

  /**
   * The line and the next ones until the bracketed list it opens is closed: the API server's field errors wrapped by
   * a paste, each next line without the {@code >} of a markdown quote.
   */
  private static String wrappedList(List<String> lines, int at) {
    StringBuilder text = new StringBuilder(lines.get(at).strip());
    for (int i = at + 1; i < lines.size() && i <= at + WRAPPED_LIST_LINES && open(text); i++) {
      String next = lines.get(i).strip();
      while (next.startsWith(">")) next = next.substring(1).strip();
      if (next.isEmpty() || next.startsWith("```")) break;
      text.append(' ').append(next);
    }
    return text.toString();
  }

  /** Whether the list opened after "is invalid: " is still open (a field path's own index brackets are balanced). */
  private static boolean open(CharSequence text) {
    String s = text.toString();
    int from = s.indexOf(" is invalid: [");
    if (from < 0) return false;
    int depth = 0;
    for (int i = from; i < s.length(); i++) {
      if (s.charAt(i) == '[') depth++;
      else if (s.charAt(i) == ']') depth--;
    }
    return depth > 0;
  }

  /** The line and the next ones while it ends with a colon: a wrapped Go error broken by hand after each ": ". */
  private static String brokenAfterColons(List<String> lines, int at) {
    StringBuilder text = new StringBuilder(lines.get(at).strip());
    for (int i = at + 1; i < lines.size() && i <= at + WRAPPED_LINES && text.toString().endsWith(":"); i++) {
      String next = lines.get(i).strip();
      if (next.isEmpty() || next.startsWith("```")) break;
      text.append(' ').append(next);
    }
    return text.toString();
  }
}
