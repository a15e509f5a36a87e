package io.gpudoctor.facts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's ResourceQuota admission refusing a pod (plugin/pkg/admission/resourcequota,
 * the same words since Kubernetes 1.2): {@code pods "vllm-0" is forbidden: exceeded quota: gpu-quota,
 * requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4}.
 * The pod is never created, so no scheduler event follows: its controller records it as a
 * {@code FailedCreate} event ({@code Error creating: ...}), kubectl prints it as
 * {@code Error from server (Forbidden): error when creating "x.yaml": ...}. The three lists name the
 * quota's keys ({@code requests.nvidia.com/gpu}, {@code limits.cpu}, {@code pods}) joined by commas.
 *
 * @param namespace the namespace, when the text around it says (kubectl's {@code -n}); null otherwise
 * @param pod the pod the refusal names, null when it names none (a generated name is cut)
 */
public record ResourceQuotaRefusal(
    String namespace, String pod, String quota, Map<String, String> requested, Map<String, String> used, Map<String, String> limited,
    String message, Provenance provenance) {
  private static final String LIST = "([^\\s,]+=[^\\s,]+(?:,[^\\s,]+=[^\\s,]+)*)";
  private static final Pattern EXCEEDED = Pattern.compile(
      "exceeded quota: ([A-Za-z0-9][A-Za-z0-9.-]*), requested: " + LIST + ", used: " + LIST + ", limited: " + LIST);

  public ResourceQuotaRefusal {
    requested = Map.copyOf(requested);
    used = Map.copyOf(used);
    limited = Map.copyOf(limited);
  }

  public static boolean mentions(String text) {
    return text != null && text.contains("exceeded quota: ");
  }

  /** The refusal the text states, or null. */
  public static ResourceQuotaRefusal of(String text, Provenance at) {
    return of(null, text, at);
  }

  /** The same, in a namespace the text around it names. */
  public static ResourceQuotaRefusal of(String namespace, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = EXCEEDED.matcher(text);
    if (!m.find()) return null;
    Matcher pod = ForbiddenPod.before(text, m.start());
    boolean named = pod != null;
    return new ResourceQuotaRefusal(namespace, named ? pod.group(1) : null, m.group(1), list(m.group(2)), list(m.group(3)),
        list(m.group(4)), text.substring(named ? pod.start() : m.start(), m.end()), at);
  }

  private static Map<String, String> list(String text) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String item : text.split(",")) {
      int eq = item.indexOf('=');
      if (eq > 0) values.put(item.substring(0, eq), item.substring(eq + 1));
    }
    return values;
  }

  /** The resource a quota key counts: {@code requests.nvidia.com/gpu} and {@code limits.nvidia.com/gpu} count {@code nvidia.com/gpu}. */
  public static String resourceOf(String key) {
    if (key.startsWith("requests.")) return key.substring("requests.".length());
    if (key.startsWith("limits.")) return key.substring("limits.".length());
    return key;
  }

  /** The first key the pod asks for that counts a GPU resource, or null. */
  public String gpuKey() {
    return requested.keySet().stream().filter(k -> GpuResources.isGpuResource(resourceOf(k))).sorted().findFirst().orElse(null);
  }

  public boolean gpuRefused() {
    return gpuKey() != null;
  }

  public Evidence evidence() {
    return provenance.quote(message);
  }
}
