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

/** Which object a fact describes, so the same object read from two files counts once. */
final class FactIdentity {
  private FactIdentity() {}

  /** The identity, or null for facts that are never duplicates of each other. */
  static String of(Object fact) {
    if (fact instanceof PodFacts p) return "pod\u0000" + p.key();
    if (fact instanceof NodeFacts n) return "node\u0000" + n.name();
    if (fact instanceof DaemonSetFacts d) return "daemonset\u0000" + d.key();
    if (fact instanceof NodePool p) return "nodepool\u0000" + p.name();
    if (fact instanceof WorkloadFacts w) return "workload\u0000" + w.kind() + "\u0000" + w.key();
    if (fact instanceof WorkspaceFacts w) return "workspace\u0000" + w.key();
    if (fact instanceof NodeClaimFacts n) return "nodeclaim\u0000" + n.name();
    if (fact instanceof ConfigMapFacts c) return "configmap\u0000" + c.namespace() + "/" + c.name();
    if (fact instanceof io.gpudoctor.facts.QuotaUsage q) {
      // A pasted table has only the localized name; the JSON has the family key.
      String family = q.familyKey() != null ? q.familyKey() : q.localName();
      return "quota\u0000" + q.region() + "/" + String.valueOf(family).toLowerCase(java.util.Locale.ROOT);
    }
    if (fact instanceof io.gpudoctor.facts.VmSku v) return "sku\u0000" + String.valueOf(v.name()).toLowerCase(java.util.Locale.ROOT);
    if (fact instanceof io.gpudoctor.facts.HpaFacts h) return "hpa\u0000" + h.key();
    if (fact instanceof io.gpudoctor.facts.ScaledObjectFacts o) return "scaledobject\u0000" + o.key();
    if (fact instanceof KubeEvent e) {
      return String.join("\u0000", "event", e.namespace(), e.involvedKind(), e.involvedName(), e.reason(),
          e.message(), String.valueOf(e.firstSeen()), String.valueOf(e.lastSeen()));
    }
    return null;
  }
}
