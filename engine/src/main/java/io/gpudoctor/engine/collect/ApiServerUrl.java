package io.gpudoctor.engine.collect;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** The host of a kubeconfig {@code server:} URL such as {@code https://<fqdn>:443}; null when there is none. */
final class ApiServerUrl {
  /** Every AKS API server FQDN (public, private, portal) ends so; other hosts are proxies, IPs or other clouds. */
  static final String AKS_DOMAIN = ".azmk8s.io";

  private ApiServerUrl() {}

  static String host(String url) {
    if (url == null) return null;
    try {
      URI uri = new URI(url.strip());
      String host = uri.getHost();
      if (host == null || uri.getScheme() == null) return null;
      return host.toLowerCase(Locale.ROOT);
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** Only an AKS FQDN can be compared with {@code az aks show}: an in-cluster or proxied server says nothing. */
  static boolean isAksHost(String host) {
    return host != null && host.endsWith(AKS_DOMAIN);
  }
}
