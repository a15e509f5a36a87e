package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ConfigMapFacts;
import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.WorkloadFacts;
import io.gpudoctor.facts.WorkspaceFacts;
import java.util.Arrays;
import java.util.List;

/**
 * Which object a fact describes, so the same object read from two files counts once. An identity
 * is a list of the fact's own values (no text built per fact: 100k events made 30 MB of keys).
 */
final class FactIdentity {
  private FactIdentity() {}

  /** The identity, or null for facts that are never duplicates of each other. */
  static Object of(Object fact) {
    if (fact instanceof PodFacts p) return key("pod", p.key());
    if (fact instanceof io.gpudoctor.facts.PodSharedMemory m) return key("pod-shm", m.podKey());
    if (fact instanceof io.gpudoctor.facts.PodPriority p) return key("pod-priority", p.podKey());
    if (fact instanceof io.gpudoctor.facts.PodResourceClaims c) return key("pod-claims", c.podKey());
    if (fact instanceof io.gpudoctor.facts.NodeRequests r) return key("node-requests", r.node());
    if (fact instanceof NodeFacts n) return nodeKey(n);
    if (fact instanceof DaemonSetFacts d) return key("daemonset", d.key());
    if (fact instanceof NodePool p) return key("nodepool", p.name());
    if (fact instanceof WorkloadFacts w) return key("workload", w.kind(), w.key());
    if (fact instanceof WorkspaceFacts w) return key("workspace", w.key());
    if (fact instanceof NodeClaimFacts n) return key("nodeclaim", n.name());
    if (fact instanceof ConfigMapFacts c) return key("configmap", c.namespace(), c.name());
    if (fact instanceof io.gpudoctor.facts.QuotaUsage q) {
      // A pasted table has only the localized name; the JSON has the family key.
      String family = q.familyKey() != null ? q.familyKey() : q.localName();
      return key("quota", q.region(), String.valueOf(family).toLowerCase(java.util.Locale.ROOT));
    }
    if (fact instanceof io.gpudoctor.facts.VmSku v) return key("sku", String.valueOf(v.name()).toLowerCase(java.util.Locale.ROOT));
    if (fact instanceof io.gpudoctor.facts.HpaFacts h) return key("hpa", h.key());
    if (fact instanceof io.gpudoctor.facts.ScaledObjectFacts o) return key("scaledobject", o.key());
    if (fact instanceof KubeEvent e) {
      return key("event", e.namespace(), e.involvedKind(), e.involvedName(), e.reason(),
          e.message(), e.firstSeen(), e.lastSeen());
    }
    return null;
  }

  /**
   * A node by its name. Fragments without a name (a lone Capacity/Allocatable block) are each their
   * own: two of them are as likely two states of one node (before and after a GPU went unhealthy)
   * or two nodes as one repeated paste, and keeping only the first would drop what the later shows.
   * The same fragment read twice (the same place of the same file) still counts once.
   */
  private static List<Object> nodeKey(NodeFacts n) {
    if (!NodeFacts.UNNAMED.equals(n.name())) return key("node", n.name());
    return key("node", n.name(), n.provenance().source(), n.provenance().pointer());
  }

  private static List<Object> key(Object... parts) {
    return Arrays.asList(parts);
  }
}
