package io.gpudoctor.engine.live;

/**
 * Everything gpu-doctor may ask of the Kubernetes API: GETs of one object or a collection, and
 * access reviews (which only ask, they change nothing). No client escapes it, so no caller can
 * express a write.
 */
public interface KubeReader extends AutoCloseable {
  /** GET one object at an API path ({@code /api/v1/namespaces/kube-system/configmaps/x}). */
  Response get(String path);

  /** GET a collection at an API path ({@code /api/v1/pods}); one request, however many items. */
  Response list(String path);

  /** GET a subresource that answers text ({@code .../pods/p/log?container=c}, {@code .../proxy/metrics}). */
  Response text(String path);

  /** A SelfSubjectAccessReview: may the current user {@code verb} this resource (or its subresource, null if none)? */
  Access canI(String verb, String group, String resource, String subresource, String namespace, String name);

  /** The API server URL, for the target binding. */
  String server();

  @Override
  void close();

  /** An answer: the HTTP code (0 when none came), the body, and a one-line error when it is not 200. */
  record Response(int code, byte[] body, String error) {
    public boolean ok() {
      return code == 200;
    }
  }

  /** An access review's answer; {@code reason} is the authorizer's, empty when it gave none. */
  record Access(boolean allowed, String reason) {}
}
