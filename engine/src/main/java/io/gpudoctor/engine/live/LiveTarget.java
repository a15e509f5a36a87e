package io.gpudoctor.engine.live;

import java.util.Locale;

/**
 * What a live read, a collection or a plan is bound to: a kube context, a namespace, one affected
 * resource ({@code pod}, {@code workspace}, {@code node} or {@code pool}) and, optionally, the AKS
 * cluster in Azure. A null context means the kubeconfig's current context.
 */
public record LiveTarget(
    String context, String namespace, Kind kind, String name,
    String subscription, String resourceGroup, String cluster) {

  /** The affected resource a diagnosis starts from. */
  public enum Kind {
    POD, WORKSPACE, NODE, POOL;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public LiveTarget {
    if (namespace == null || namespace.isBlank()) throw new IllegalArgumentException("a namespace is needed (-n)");
    if (kind == null || name == null || name.isBlank()) {
      throw new IllegalArgumentException("one of --pod, --workspace, --node or --pool is needed");
    }
    context = blankToNull(context);
    subscription = blankToNull(subscription);
    resourceGroup = blankToNull(resourceGroup);
    cluster = blankToNull(cluster);
    // The values end up in a shell script (plan) and in az arguments: only names Kubernetes and Azure allow.
    for (String v : new String[] {context, namespace, name, subscription, resourceGroup, cluster}) {
      if (v != null && !SAFE.matcher(v).matches()) throw new IllegalArgumentException("not a valid name: '" + v + "'");
    }
  }

  private static final java.util.regex.Pattern SAFE = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:@/-]*");

  /** Azure reads need all three of subscription, resource group and cluster. */
  public boolean hasAzure() {
    return subscription != null && resourceGroup != null && cluster != null;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
