package io.gpudoctor.engine.live;

import io.fabric8.kubernetes.client.Config;

/** The kubeconfig as kubectl sees it ({@code KUBECONFIG}, {@code ~/.kube/config}); reads only the local file. */
public final class KubeContexts {
  private KubeContexts() {}

  /** The current context's name, or null when there is no kubeconfig (e.g. in-cluster). */
  public static String current() {
    Config config = Config.autoConfigure(null);
    return config.getCurrentContext() == null ? null : config.getCurrentContext().getName();
  }
}
