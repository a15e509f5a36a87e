package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A pod that only its events show ({@code kubectl get events} pasted alone, a cluster-autoscaler
 * log): a FailedScheduling event, or the autoscaler's NotTriggerScaleUp / TriggeredScaleUp (it
 * reports only on pods the scheduler marked unschedulable), proves the pod existed and waited for a
 * node, so it stands as a Pending pod whose spec,
 * status and node were not captured. Every field but its name and namespace is unknown, so no rule
 * reads "no GPU requested" or "no tolerations" into it. When other pods of its namespace were
 * captured and it is not among them, it was deleted since (a replaced replica): it is left out.
 */
final class PodsSeenInEvents {
  private static final Set<String> ALL_UNKNOWN = Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_SELECTOR,
      PodFacts.AFFINITY, PodFacts.NODE_NAME, PodFacts.OWNER, PodFacts.LABELS, PodFacts.CONDITIONS,
      PodFacts.CONTAINER_STATUSES);

  private static final Set<String> WAITING_FOR_A_NODE = Set.of("FailedScheduling", "NotTriggerScaleUp", "TriggeredScaleUp");

  private PodsSeenInEvents() {}

  static List<PodFacts> derive(List<Object> facts) {
    java.util.Set<String> known = new java.util.HashSet<>();
    java.util.Set<String> namespacesCaptured = new java.util.HashSet<>();
    for (Object fact : facts) {
      if (fact instanceof PodFacts pod) {
        known.add(pod.key());
        namespacesCaptured.add(String.valueOf(pod.namespace()));
      }
    }
    Map<String, KubeEvent> firstSeen = new LinkedHashMap<>();
    for (Object fact : facts) {
      if (fact instanceof KubeEvent e && WAITING_FOR_A_NODE.contains(e.reason()) && e.involvedName() != null
          && (e.involvedKind() == null || "Pod".equals(e.involvedKind())) && !known.contains(e.involvedKey())
          && !namespacesCaptured.contains(String.valueOf(e.namespace()))) {
        firstSeen.putIfAbsent(e.involvedKey(), e);
      }
    }
    List<PodFacts> pods = new ArrayList<>();
    for (KubeEvent e : firstSeen.values()) {
      pods.add(new PodFacts(e.namespace(), e.involvedName(), "Pending", null, null, null, null, null, null, Map.of(),
          List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), e.provenance(), ALL_UNKNOWN));
    }
    return pods;
  }
}
