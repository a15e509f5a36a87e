package io.gpudoctor.engine.live;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One read of the catalogue: the route that needs it, the topic it covers, the evidence-folder file
 * it is saved to, the equivalent command an operator can run, and what the live reader needs to
 * do it ({@link KubeGet}, {@link KubeText} or {@link AzCall}).
 */
public record PlannedRead(String route, String topic, String file, String command, Source source) {

  /** How the read is done live. */
  public sealed interface Source permits KubeGet, KubeText, AzCall {}

  /**
   * A Kubernetes GET: a list when {@code name} is null; all namespaces when {@code namespace} is
   * null and the resource is namespaced; {@code crd} names the CustomResourceDefinition that must
   * exist first (null for built-in resources); {@code fieldSelector} filters a list on the server.
   */
  public record KubeGet(String group, String version, String resource, boolean namespaced,
      String namespace, String name, String crd, String fieldSelector) implements Source {

    public KubeGet(String group, String version, String resource, boolean namespaced, String namespace, String name, String crd) {
      this(group, version, resource, namespaced, namespace, name, crd, null);
    }

    public boolean isList() {
      return name == null;
    }

    /** The verb a SelfSubjectAccessReview asks about. */
    public String verb() {
      return isList() ? "list" : "get";
    }

    /** The API path, or, for a custom resource, the path once its served version is known. */
    public String path(String servedVersion) {
      String v = servedVersion != null ? servedVersion : version;
      String base = group.isEmpty() ? "/api/" + v : "/apis/" + group + "/" + v;
      String ns = namespaced && namespace != null ? "/namespaces/" + namespace : "";
      String query = fieldSelector == null ? "" : "?fieldSelector=" + URLEncoder.encode(fieldSelector, StandardCharsets.UTF_8);
      return base + ns + "/" + resource + (name == null ? "" : "/" + name) + query;
    }
  }

  /**
   * A GET of a core subresource that answers text, not an object: a container log
   * ({@code pods/log}) or an exporter's metrics through the API server proxy ({@code pods/proxy},
   * {@code nodes/proxy}). {@code path} is complete, query included; the rest is what the access
   * review asks about.
   */
  public record KubeText(String path, String resource, String subresource, String namespace, String name) implements Source {
    public String verb() {
      return "get";
    }
  }

  /** An {@code az} call, its arguments after {@code az}; {@code needsRegion} appends {@code --location <region>}. */
  public record AzCall(List<String> args, boolean needsRegion) implements Source {
    public AzCall {
      args = List.copyOf(args);
    }
  }

  public boolean isKube() {
    return !(source instanceof AzCall);
  }
}
