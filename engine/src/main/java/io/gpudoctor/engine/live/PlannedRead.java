package io.gpudoctor.engine.live;

import java.util.List;

/**
 * One read of the catalogue: the route that needs it, the topic it covers, the evidence-folder file
 * it is saved to, the equivalent command an operator can run, and what the live reader needs to
 * do it ({@link KubeGet} or {@link AzCall}).
 */
public record PlannedRead(String route, String topic, String file, String command, Source source) {

  /** How the read is done live. */
  public sealed interface Source permits KubeGet, AzCall {}

  /**
   * A Kubernetes GET: a list when {@code name} is null; all namespaces when {@code namespace} is
   * null and the resource is namespaced; {@code crd} names the CustomResourceDefinition that must
   * exist first (null for built-in resources).
   */
  public record KubeGet(String group, String version, String resource, boolean namespaced,
      String namespace, String name, String crd) implements Source {

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
      return base + ns + "/" + resource + (name == null ? "" : "/" + name);
    }
  }

  /** An {@code az} call, its arguments after {@code az}; {@code needsRegion} appends {@code --location <region>}. */
  public record AzCall(List<String> args, boolean needsRegion) implements Source {
    public AzCall {
      args = List.copyOf(args);
    }
  }

  public boolean isKube() {
    return source instanceof KubeGet;
  }
}
