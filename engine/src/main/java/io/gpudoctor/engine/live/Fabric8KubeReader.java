package io.gpudoctor.engine.live;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@link KubeReader} over fabric8. The client is private: the only requests this class can send
 * are GETs built here and SelfSubjectAccessReview creates. Kubeconfig and context are resolved as
 * kubectl does ({@code KUBECONFIG}, {@code ~/.kube/config}, in-cluster service account).
 */
public final class Fabric8KubeReader implements KubeReader {
  private final KubernetesClient client;
  private final Duration timeout;
  private final String base;

  private Fabric8KubeReader(KubernetesClient client, Duration timeout) {
    this.client = client;
    this.timeout = timeout;
    String url = client.getMasterUrl().toString();
    this.base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /** Connects to {@code context} of the kubeconfig (null: its current context). */
  public static Fabric8KubeReader connect(String context, Duration timeout) {
    Config config = Config.autoConfigure(context);
    config.setRequestTimeout((int) timeout.toMillis());
    config.setRequestRetryBackoffLimit(0);
    return new Fabric8KubeReader(new KubernetesClientBuilder().withConfig(config).build(), timeout);
  }

  /** For tests against a mock server: the wrapper takes the client over. */
  static Fabric8KubeReader wrap(KubernetesClient client, Duration timeout) {
    return new Fabric8KubeReader(client, timeout);
  }

  @Override
  public Response get(String path) {
    return send(path, "application/json");
  }

  @Override
  public Response list(String path) {
    return send(path, "application/json");
  }

  @Override
  public Response text(String path) {
    return send(path, "text/plain, */*");
  }

  private Response send(String path, String accept) {
    HttpClient http = client.getHttpClient();
    HttpRequest request = http.newHttpRequestBuilder().uri(base + path)
        .header("Accept", accept).timeout(timeout.toMillis(), TimeUnit.MILLISECONDS).build();
    try {
      HttpResponse<byte[]> response = http.sendAsync(request, byte[].class)
          .get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
      byte[] body = response.body() == null ? new byte[0] : response.body();
      if (response.code() == 200) return new Response(200, body, "");
      return new Response(response.code(), body, StatusMessages.of(response.code(), body));
    } catch (TimeoutException e) {
      return new Response(0, new byte[0], "no answer within " + timeout.toSeconds() + " s");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return new Response(0, new byte[0], "cannot reach the API server " + base + ": " + oneLine(cause));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Response(0, new byte[0], "interrupted");
    }
  }

  @Override
  public Access canI(String verb, String group, String resource, String subresource, String namespace, String name) {
    SelfSubjectAccessReview review = new SelfSubjectAccessReviewBuilder().withNewSpec().withNewResourceAttributes()
        .withVerb(verb).withGroup(group).withResource(resource).withSubresource(subresource)
        .withNamespace(namespace).withName(name)
        .endResourceAttributes().endSpec().build();
    try {
      SelfSubjectAccessReview answer = client.authorization().v1().selfSubjectAccessReview().create(review);
      if (answer.getStatus() == null) return new Access(true, "");
      boolean allowed = Boolean.TRUE.equals(answer.getStatus().getAllowed());
      String reason = answer.getStatus().getReason() == null ? "" : answer.getStatus().getReason();
      return new Access(allowed, reason);
    } catch (KubernetesClientException e) {
      // A server that cannot review (old, or reviews forbidden) still answers the read itself: try it.
      return new Access(true, "");
    }
  }

  @Override
  public String server() {
    return base;
  }

  @Override
  public void close() {
    client.close();
  }

  private static String oneLine(Throwable t) {
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
