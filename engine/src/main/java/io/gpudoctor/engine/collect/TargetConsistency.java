package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.SkuRestriction;
import io.gpudoctor.facts.Target;
import io.gpudoctor.facts.TargetConflict;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.VmSku;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks that the evidence describes the bound target (issue 5, point 4) and records each
 * contradiction as a {@link TargetConflict} fact, both sides quoted; the rule TargetMismatch
 * (evidence.drl) concludes from them. Only two present values can conflict: an absent, redacted
 * or incomparable value (an API server that is not an AKS FQDN: in-cluster, proxied, an IP) is
 * unknown.
 *
 * <p>When the Azure evidence belongs to another cluster than the target or the kube evidence (the
 * kube context's API server is none of the cluster's FQDNs, the nodes' {@code kubernetes.azure.com/cluster}
 * label is not its node resource group, an az output names another subscription, resource group or
 * cluster), every az output is set aside here, before the session: its facts never reach the rules,
 * its reads become failed reads that say why, and it binds nothing. Why here and not in the rules:
 * Azure facts feed some sixty patterns across the routes (the install profile, quota, SKU,
 * allocation and autoscaler conclusions); guarding each with "not set aside" would be easy to miss
 * in the next rule, while a fact that is not there cannot be concluded from, and a failed read keeps
 * the conclusions that need it unconfirmed with the read named as missing. All az outputs go, not
 * only the one that disagrees: quota, SKU and operation outputs carry no cluster of their own and
 * were taken with the same az login. Kubernetes evidence stays: its conclusions do not depend on Azure.
 */
final class TargetConsistency {
  static final Set<String> AZURE_TOPICS =
      Set.of(Topics.CLUSTER, Topics.NODEPOOLS, Topics.QUOTA, Topics.SKUS, Topics.OPERATIONS);
  static final String CLUSTER_LABEL = "kubernetes.azure.com/cluster";

  private TargetConsistency() {}

  static void check(BundleBuilder in) {
    Target declared = in.declaredTarget();
    List<AzureIdentity> az = in.azureIdentities();
    List<Pending> azureConflicts = new ArrayList<>();
    identity(declared, az, azureConflicts);
    server(declared, az, azureConflicts);
    nodeResourceGroup(in.facts(), az, azureConflicts);

    List<TargetConflict> conflicts = new ArrayList<>();
    if (!azureConflicts.isEmpty()) {
      Set<String> files = in.filesOn(AZURE_TOPICS);
      List<String> aside = List.copyOf(files);
      for (Pending p : merged(azureConflicts)) {
        conflicts.add(new TargetConflict(p.subject, p.aspect, p.bound, p.observed, aside));
      }
      in.setAside(files, AZURE_TOPICS, fact -> {
        String source = azureSource(fact);
        return source != null && files.contains(source);
      },
          "set aside: the az outputs describe another cluster than the target (TargetMismatch)");
      in.warning("Azure evidence set aside, it describes another cluster than the target or the kube evidence: "
          + String.join(", ", files));
    } else {
      pools(declared, az, conflicts);
    }
    nodePool(declared, in.facts(), conflicts);
    in.facts().addAll(conflicts);
  }

  private record Pending(String subject, String aspect, List<Evidence> bound, List<Evidence> observed) {}

  /** One conflict per subject: several outputs (each pool of a list) naming the same other cluster quote together. */
  private static List<Pending> merged(List<Pending> pending) {
    java.util.Map<String, Pending> bySubject = new java.util.LinkedHashMap<>();
    for (Pending p : pending) {
      bySubject.merge(p.subject, p, (a, b) -> {
        return new Pending(a.subject, a.aspect, union(a.bound, b.bound), union(a.observed, b.observed));
      });
    }
    return List.copyOf(bySubject.values());
  }

  private static List<Evidence> union(List<Evidence> a, List<Evidence> b) {
    List<Evidence> all = new ArrayList<>(a);
    b.stream().filter(e -> !all.contains(e)).forEach(all::add);
    return all;
  }

  /** The source file of a fact read from an az output; null for every other fact. */
  private static String azureSource(Object fact) {
    Provenance at = null;
    if (fact instanceof NodePool p) at = p.provenance();
    else if (fact instanceof QuotaUsage q) at = q.provenance();
    else if (fact instanceof VmSku s) at = s.provenance();
    else if (fact instanceof SkuRestriction r) at = r.provenance();
    else if (fact instanceof AzureError e) at = e.provenance();
    return at == null ? null : at.source();
  }

  private static final List<String> ID_PARTS = List.of("subscription", "resourceGroup", "cluster");

  private static String part(AzureResourceId id, String name) {
    return switch (name) {
      case "subscription" -> id.subscription();
      case "resourceGroup" -> id.resourceGroup();
      default -> id.cluster();
    };
  }

  private static String part(Target t, String name) {
    if (t == null) return null;
    return blankToNull(switch (name) {
      case "subscription" -> t.subscription();
      case "resourceGroup" -> t.resourceGroup();
      default -> t.cluster();
    });
  }

  /**
   * Each az output's subscription, resource group and cluster against target.yaml's (else the first
   * az output's): one conflict per output, quoting every part that differs on both sides.
   */
  private static void identity(Target declared, List<AzureIdentity> az, List<Pending> out) {
    java.util.Map<String, String> bound = new java.util.HashMap<>();
    java.util.Map<String, Evidence> boundQuote = new java.util.HashMap<>();
    for (String name : ID_PARTS) {
      String value = part(declared, name);
      if (value == null) continue;
      bound.put(name, value);
      boundQuote.put(name, declared.provenance().child(name).quote(name + ": " + value));
    }
    for (AzureIdentity a : az) {
      List<Evidence> bounds = new ArrayList<>();
      String subject = null;
      for (String name : ID_PARTS) {
        String value = part(a.id(), name);
        if (value == null) continue;
        if (!bound.containsKey(name)) {
          bound.put(name, value);
          boundQuote.put(name, a.idAt().quote(a.idText()));
        } else if (!bound.get(name).equalsIgnoreCase(value)) {
          if (!bounds.contains(boundQuote.get(name))) bounds.add(boundQuote.get(name));
          subject = name + " " + value; // the narrowest part that differs names the conflict
        }
      }
      if (subject != null) out.add(new Pending(subject, "identity", bounds, List.of(a.idAt().quote(a.idText()))));
    }
  }

  /** The kube context's API server must be one of the cluster's FQDNs (public, private, portal). */
  private static void server(Target declared, List<AzureIdentity> az, List<Pending> out) {
    String url = declared == null ? null : declared.server();
    String host = ApiServerUrl.host(url);
    if (!ApiServerUrl.isAksHost(host)) return;
    for (AzureIdentity a : az) {
      if (a.fqdns().isEmpty()) continue;
      if (a.fqdns().stream().anyMatch(f -> f.host().equals(host))) continue;
      List<Evidence> quotes = new ArrayList<>();
      for (AzureIdentity.Fqdn f : a.fqdns()) quotes.add(f.at().quote(f.field() + ": " + f.host()));
      out.add(new Pending("server " + host, "server",
          List.of(declared.provenance().child("server").quote("server: " + url)), quotes));
    }
  }

  /** AKS labels every node with its node resource group ({@code MC_<rg>_<cluster>_<region>} unless renamed). */
  private static void nodeResourceGroup(List<Object> facts, List<AzureIdentity> az, List<Pending> out) {
    for (AzureIdentity a : az) {
      if (a.nodeResourceGroup() == null) continue;
      Evidence bound = a.nodeResourceGroupAt().quote("nodeResourceGroup: " + a.nodeResourceGroup());
      java.util.Map<String, List<Evidence>> byValue = new java.util.TreeMap<>();
      for (Object f : facts) {
        if (!(f instanceof NodeFacts n)) continue;
        String label = n.labels().get(CLUSTER_LABEL);
        if (label == null || label.isBlank() || label.equalsIgnoreCase(a.nodeResourceGroup())) continue;
        byValue.computeIfAbsent(label, k -> new ArrayList<>()).add(n.provenance().child("metadata").child("labels")
            .child(CLUSTER_LABEL).quote(n.name() + ": " + CLUSTER_LABEL + "=" + label));
      }
      byValue.forEach((label, quotes) -> out.add(new Pending("nodeResourceGroup " + label, "nodeResourceGroup",
          List.of(bound), quotes)));
    }
  }

  /** The bound pool must be one of the cluster's pools, when an output lists all of them. */
  private static void pools(Target declared, List<AzureIdentity> az, List<TargetConflict> out) {
    String pool = declared == null ? null : blankToNull(declared.pool());
    if (pool == null) return;
    for (AzureIdentity a : az) {
      if (a.pools() == null || a.pools().stream().anyMatch(pool::equalsIgnoreCase)) continue;
      out.add(new TargetConflict("pool " + pool, "pool", List.of(declared.provenance().child("pool").quote("pool: " + pool)),
          List.of(a.poolsAt().quote("pools: " + String.join(", ", a.pools()))), List.of()));
    }
  }

  /** A bound node whose pool label names another pool than the bound one. */
  private static void nodePool(Target declared, List<Object> facts, List<TargetConflict> out) {
    if (declared == null || blankToNull(declared.pool()) == null || blankToNull(declared.resourceName()) == null
        || !"node".equals(declared.resourceKind()) && !"nodes".equals(declared.resourceKind())) {
      return;
    }
    for (Object f : facts) {
      if (!(f instanceof NodeFacts n) || !n.name().equals(declared.resourceName())) continue;
      String label = n.labels().containsKey(NodeFacts.POOL_LABEL) ? NodeFacts.POOL_LABEL : NodeFacts.LEGACY_POOL_LABEL;
      String pool = n.labels().get(label);
      if (pool == null || pool.isBlank() || pool.equalsIgnoreCase(declared.pool())) continue;
      out.add(new TargetConflict("node " + n.name(), "pool",
          List.of(declared.provenance().child("pool").quote("pool: " + declared.pool())),
          List.of(n.provenance().child("metadata").child("labels").child(label).quote(n.name() + ": " + label + "=" + pool)),
          List.of()));
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
