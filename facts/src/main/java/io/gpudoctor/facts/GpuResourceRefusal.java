package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's validation refusing a GPU resource of a container (ValidateResourceRequirements in
 * pkg/apis/core/validation). Extended resources cannot be overcommitted or split, so two field errors only a GPU-like
 * resource meets:
 * <ul>
 *   <li>a request other than the limit: {@code spec.containers[0].resources.requests: Invalid value: "1": must be
 *       equal to nvidia.com/gpu limit} (before Kubernetes 1.26), {@code ... must be equal to nvidia.com/gpu limit of 3}
 *       (since);</li>
 *   <li>a fraction: {@code spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "500m": must be an
 *       integer}.</li>
 * </ul>
 * The object is never created. kubectl prints {@code The Job "x" is invalid: <field errors>} (for a Deployment or Job
 * the pod template's path, {@code spec.template.spec.containers[0]...}); a controller whose pods a LimitRange's
 * defaults make invalid records {@code Error creating: Pod "x" is invalid: ...} as a {@code FailedCreate} event.
 *
 * @param namespace the namespace, when the text around it says; null otherwise
 * @param object the refused object, {@code job multi-gpu-test-0}, or null when the text names none
 * @param resource the GPU resource, {@code nvidia.com/gpu}
 * @param value the refused quantity as the API server prints it
 * @param limit the limit the request had to equal, when the message says it (since 1.26); null otherwise
 */
public record GpuResourceRefusal(
    String namespace, String object, String resource, Problem problem, String value, String limit, String message,
    Provenance provenance) {

  public enum Problem { REQUEST_NOT_LIMIT, NOT_AN_INTEGER }

  private static final String RESOURCE = "([a-z0-9][a-z0-9.-]*(?:/[A-Za-z0-9][A-Za-z0-9._-]*)?)";
  private static final String VALUE = "Invalid value: \\\\?\"([^\"\\\\]+)\\\\?\": ";
  private static final Pattern NOT_LIMIT = Pattern.compile(
      "resources\\.requests(?:\\[[^\\]]+\\])?: " + VALUE + "must be equal to " + RESOURCE + " limit(?: of ([0-9][0-9A-Za-z.]*))?");
  private static final Pattern NOT_INTEGER = Pattern.compile(
      "resources\\.(?:limits|requests)\\[" + RESOURCE + "\\]: " + VALUE + "must be an integer");
  private static final Pattern INVALID_OBJECT = Pattern.compile(
      "([A-Z][A-Za-z]*)(?:\\.[a-z][a-z0-9.]*)? \\\\?\"([a-z0-9][a-z0-9.-]*)\\\\?\" is invalid: ");

  public static boolean mentions(String text) {
    return text != null && (text.contains(" limit") && text.contains("must be equal to ") || text.contains("must be an integer"));
  }

  /** The refusal of a GPU resource the text states, or null (null too for a resource that is no GPU's). */
  public static GpuResourceRefusal of(String namespace, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = NOT_LIMIT.matcher(text);
    Problem problem = Problem.REQUEST_NOT_LIMIT;
    String resource;
    String value;
    String limit = null;
    if (m.find()) {
      value = m.group(1);
      resource = m.group(2);
      limit = m.group(3);
    } else {
      m = NOT_INTEGER.matcher(text);
      if (!m.find()) return null;
      problem = Problem.NOT_AN_INTEGER;
      resource = m.group(1);
      value = m.group(2);
    }
    if (!gpuLike(resource)) return null;
    Matcher object = INVALID_OBJECT.matcher(text);
    boolean named = object.find() && object.start() < m.start();
    String objectName = named ? object.group(1).toLowerCase(java.util.Locale.ROOT) + " " + object.group(2) : null;
    int from = named ? object.start() : fieldStart(text, m.start());
    return new GpuResourceRefusal(namespace, objectName, resource, problem, value, limit, text.substring(from, m.end()), at);
  }

  /** NVIDIA's resources (whole GPUs, MIG profiles, shared GPUs, HAMi's {@code nvidia.com/gpumem}) and other vendors' GPUs. */
  static boolean gpuLike(String resource) {
    return resource.startsWith("nvidia.com/") || resource.endsWith("/gpu") || GpuResources.isGpuResource(resource);
  }

  /** Where the field path the error names starts: back from {@code resources.} over the path's characters. */
  private static int fieldStart(String text, int resourcesAt) {
    int i = resourcesAt;
    while (i > 0 && !Character.isWhitespace(text.charAt(i - 1)) && text.charAt(i - 1) != '"' && text.charAt(i - 1) != '`') i--;
    return i;
  }

  public Evidence evidence() {
    return provenance.quote(message);
  }
}
