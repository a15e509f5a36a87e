package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * KAITO's workspace controller cannot size a Workspace because its {@code resource.instanceType} is not in KAITO's
 * own SKU table: the target node count is computed from the size's GPU configuration ({@code GetGPUConfigBySKU}), and
 * for a size the table lacks the reconcile fails before any NodeClaim is made, so Azure is never asked for a VM. The
 * controller's words, by version:
 * <ul>
 *   <li>{@code failed to get GPU config for instance type Standard_NC6s_v3: invalid value: Unsupported SKU
 *       'Standard_NC6s_v3' for cloud provider: sku} (the knative {@code ErrInvalidValue} of {@code GetGPUConfigBySKU},
 *       wrapped by the node estimator), itself wrapped in {@code failed to calculate target node count: } and
 *       {@code failed to update Workspace status targetNodeCount: };</li>
 *   <li>{@code GPU config is nil for instance type Standard_NC6s_v3} (releases whose {@code GetGPUConfigBySKU} returned
 *       no error for an unknown size).</li>
 * </ul>
 * HEAD appends the reconcile error to the Workspace's condition messages ({@code workspace is waiting for inference
 * workload readiness (last reconcile error: ...)}); people paste it bare as well. {@code workspace} is the Workspace
 * whose condition carries it, null for a message pasted bare. The same wrapper around another error (KAITO's
 * {@code Failed to get SKU handler}: its cloud provider setting) is not this.
 */
public record KaitoSkuUnsupported(String workspace, String instanceType, String message, Provenance provenance) {
  private static final Pattern FAILED = Pattern.compile("failed to get GPU config for instance type ([A-Za-z0-9_.-]+?):?(?:\\s|$)");
  private static final Pattern UNSUPPORTED = Pattern.compile("Unsupported SKU '([A-Za-z0-9_.-]+)'?");
  private static final Pattern NIL = Pattern.compile("GPU config is nil for instance type ([A-Za-z0-9_.-]+)");

  /** Whether the text may hold the error (cheap: most texts hold neither wording). */
  public static boolean mentions(String text) {
    return text != null && text.contains("GPU config") && (text.contains("Unsupported SKU") || text.contains("GPU config is nil"));
  }

  /** The error the text states, or null. The message quoted runs from the wording to the end of the text. */
  public static KaitoSkuUnsupported of(String workspace, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher failed = FAILED.matcher(text);
    if (failed.find()) {
      Matcher unsupported = UNSUPPORTED.matcher(text);
      if (!unsupported.find(failed.end() - 1)) return null;
      return new KaitoSkuUnsupported(workspace, failed.group(1), quoted(text, failed.start()), at);
    }
    Matcher nil = NIL.matcher(text);
    return nil.find() ? new KaitoSkuUnsupported(workspace, nil.group(1), quoted(text, nil.start()), at) : null;
  }

  /**
   * From the wording to the end, without the parenthesis KAITO closes its "(last reconcile error: ...)" with, nor the
   * backtick or double quote a paste closes it with.
   */
  private static String quoted(String text, int from) {
    String s = text.substring(from).strip();
    while (s.endsWith("`") || s.endsWith("\"")) s = s.substring(0, s.length() - 1).stripTrailing();
    if (s.endsWith(")") && s.indexOf('(') < 0) s = s.substring(0, s.length() - 1).stripTrailing();
    return s;
  }

  public Evidence evidence() {
    return provenance.quote((workspace == null ? "" : "workspace " + workspace + ": ") + message);
  }
}
