package io.gpudoctor.facts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What the diagnosis is about, as bound by {@code target.yaml} or the evidence itself. Unbound
 * fields are null. {@code capturedAt} is "now" for every rule: never the wall clock.
 * {@code server} is the API server URL of the kube context the kubectl reads were taken from
 * (optional; it lets the kube evidence be checked against the AKS cluster's FQDNs).
 */
public record Target(
    String subscription,
    String resourceGroup,
    String cluster,
    String kubeContext,
    String server,
    String region,
    String pool,
    String namespace,
    String resourceKind,
    String resourceName,
    Instant incidentStart,
    Instant incidentEnd,
    Instant capturedAt,
    Provenance provenance) {

  /** A target without an API server URL (target files and callers that do not know it). */
  public Target(String subscription, String resourceGroup, String cluster, String kubeContext, String region,
      String pool, String namespace, String resourceKind, String resourceName, Instant incidentStart,
      Instant incidentEnd, Instant capturedAt, Provenance provenance) {
    this(subscription, resourceGroup, cluster, kubeContext, null, region, pool, namespace, resourceKind,
        resourceName, incidentStart, incidentEnd, capturedAt, provenance);
  }

  public static Target unbound() {
    return new Target(null, null, null, null, null, null, null, null, null, null, null, null, null,
        Provenance.of("", ""));
  }

  /** The fields of the skill's binding step that are still unknown, in a fixed order. */
  public List<String> unboundFields() {
    List<String> unbound = new ArrayList<>();
    if (isBlank(subscription)) unbound.add("subscription");
    if (isBlank(resourceGroup)) unbound.add("resourceGroup");
    if (isBlank(cluster)) unbound.add("cluster");
    if (isBlank(kubeContext)) unbound.add("kubeContext");
    if (isBlank(pool)) unbound.add("pool");
    if (isBlank(resourceName)) unbound.add("resource");
    return unbound;
  }

  public boolean isBound() {
    return unboundFields().isEmpty();
  }

  /** {@code kind/name} of the affected resource, or null. */
  public String resource() {
    if (isBlank(resourceName)) return null;
    return isBlank(resourceKind) ? resourceName : resourceKind + "/" + resourceName;
  }

  public Target withCapturedAt(Instant at) {
    return new Target(subscription, resourceGroup, cluster, kubeContext, server, region, pool, namespace,
        resourceKind, resourceName, incidentStart, incidentEnd, at, provenance);
  }

  public Target withDefaults(String defaultPool, String defaultNamespace, String kind, String name) {
    return new Target(subscription, resourceGroup, cluster, kubeContext, server, region,
        isBlank(pool) ? defaultPool : pool,
        isBlank(namespace) ? defaultNamespace : namespace,
        isBlank(resourceName) ? kind : resourceKind,
        isBlank(resourceName) ? name : resourceName,
        incidentStart, incidentEnd, capturedAt, provenance);
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
