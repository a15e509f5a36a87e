package io.gpudoctor.engine.reason;

import io.gpudoctor.facts.ConfigMapFacts;
import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.Finding;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.SchedulingReason;
import io.gpudoctor.facts.Target;
import io.gpudoctor.facts.WorkloadFacts;
import io.gpudoctor.facts.WorkspaceFacts;

/** Short, stable names of facts for the {@code --explain} trace. */
final class FactLabels {
  private FactLabels() {}

  static String of(Object fact) {
    if (fact instanceof PodFacts p) return "pod " + p.key();
    if (fact instanceof NodeFacts n) return "node " + n.name();
    if (fact instanceof KubeEvent e) return "event " + e.reason() + " " + e.involvedKey() + " (" + e.provenance() + ")";
    if (fact instanceof SchedulingReason r) return "scheduling-reason " + r.podKey() + ": " + r.count() + " " + r.text();
    if (fact instanceof NodePool p) return "nodepool " + p.name();
    if (fact instanceof GpuProfile g) return "profile " + g.pool() + "=" + g.profile();
    if (fact instanceof DaemonSetFacts d) return "daemonset " + d.key();
    if (fact instanceof WorkloadFacts w) return w.kind().toLowerCase() + " " + w.key();
    if (fact instanceof ConfigMapFacts c) return "configmap " + c.namespace() + "/" + c.name();
    if (fact instanceof WorkspaceFacts w) return "workspace " + w.key();
    if (fact instanceof NodeClaimFacts n) return "nodeclaim " + n.name();
    if (fact instanceof Read r) return "read " + r.topic() + " " + r.status().label() + " " + r.command();
    if (fact instanceof Target) return "target";
    if (fact instanceof Finding f) return "finding " + f.getId() + " " + f.getSubject();
    if (fact instanceof io.gpudoctor.facts.LogSignal l) return "log " + l.kind() + " " + l.podKey() + " (" + l.provenance() + ")";
    if (fact instanceof io.gpudoctor.facts.GpuMetricSample m) return "metric " + m.quote() + " (" + m.provenance() + ")";
    if (fact instanceof io.gpudoctor.facts.XidError x) return "xid " + x.quote() + " (" + x.provenance() + ")";
    if (fact instanceof io.gpudoctor.facts.IncidentWindow w) return "window " + w.podKey() + " " + w.quote();
    if (fact instanceof io.gpudoctor.facts.TargetConflict c) return "target-conflict " + c.subject() + " (" + c.aspect() + ")";
    // A collected list or an array bound by a rule: its elements' labels, never an identity hash.
    if (fact instanceof Object[] array) {
      return java.util.Arrays.stream(array).map(FactLabels::of).collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }
    // Signal types declared in DRL print their fields.
    return String.valueOf(fact);
  }
}
