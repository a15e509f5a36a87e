package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A pod that only its events show ({@code kubectl get events} pasted alone). A FailedScheduling
 * event, or the cluster autoscaler's NotTriggerScaleUp / TriggeredScaleUp about a pod, proves the
 * pod existed and waited for a node: it stands as a Pending pod. The kubelet's
 * UnexpectedAdmissionError proves it was scheduled and rejected at admission: it stands as a Failed
 * pod with that reason and the event's message, on the node a Scheduled event assigned it to when
 * one is there. Every other field is unknown, so no rule reads "no GPU requested" or "no
 * tolerations" into it. When other pods of its namespace were captured and it is not among them, it
 * was deleted since (a replaced replica): it is left out.
 */
final class PodsSeenInEvents {
  private static final Set<String> ALL_UNKNOWN = Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_SELECTOR,
      PodFacts.AFFINITY, PodFacts.NODE_NAME, PodFacts.OWNER, PodFacts.LABELS, PodFacts.CONDITIONS,
      PodFacts.CONTAINER_STATUSES);
  private static final Set<String> WAITING = Set.of("FailedScheduling", "NotTriggerScaleUp", "TriggeredScaleUp");
  private static final String REJECTED = "UnexpectedAdmissionError";

  private PodsSeenInEvents() {}

  static List<PodFacts> derive(List<Object> facts) {
    Set<String> known = new HashSet<>();
    Set<String> namespacesCaptured = new HashSet<>();
    for (Object fact : facts) {
      if (fact instanceof PodFacts pod) {
        known.add(pod.key());
        // A pod pasted without its name does not show which pods of its namespace exist.
        if (pod.known(PodFacts.NAME)) namespacesCaptured.add(String.valueOf(pod.namespace()));
      }
    }
    Map<String, Seen> seen = new LinkedHashMap<>();
    for (Object fact : facts) {
      if (fact instanceof KubeEvent e && aboutAPod(e) && !known.contains(e.involvedKey())
          && !namespacesCaptured.contains(String.valueOf(e.namespace()))) {
        seen.computeIfAbsent(e.involvedKey(), k -> new Seen()).add(e);
      }
    }
    List<PodFacts> pods = new ArrayList<>();
    for (Seen s : seen.values()) {
      PodFacts pod = s.pod();
      if (pod != null) pods.add(pod);
    }
    return pods;
  }

  private static boolean aboutAPod(KubeEvent e) {
    return e.involvedName() != null && (e.involvedKind() == null || "Pod".equals(e.involvedKind()));
  }

  /** The events of one pod, in the order read. */
  private static final class Seen {
    private KubeEvent waiting;
    private KubeEvent rejected;
    private String node;

    void add(KubeEvent e) {
      String reason = e.reason();
      if (WAITING.contains(reason) && fromComponent(e, reason.equals("FailedScheduling") ? null : "cluster-autoscaler")) {
        if (waiting == null) waiting = e;
      } else if (REJECTED.equals(reason) && fromComponent(e, "kubelet")) {
        if (rejected == null || isLater(e, rejected)) rejected = e;
      } else if ("Scheduled".equals(reason) && node == null) {
        node = EventText.assignedNode(e.message());
      }
    }

    /** A rejection at admission is final for the pod: it wins over its earlier wait for a node. */
    PodFacts pod() {
      if (rejected != null) {
        // Before 1.2x kubectl printed the kubelet's host with it ("kubelet, aks-gpu-...").
        if (node == null && rejected.component().startsWith("kubelet, ")) {
          node = rejected.component().substring("kubelet, ".length()).strip();
        }
        Set<String> unknown = new TreeSet<>(ALL_UNKNOWN);
        if (node != null) unknown.remove(PodFacts.NODE_NAME);
        return new PodFacts(rejected.namespace(), rejected.involvedName(), "Failed", REJECTED, rejected.message(), node,
            null, null, null, Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(),
            rejected.provenance(), unknown);
      }
      if (waiting == null) return null;
      return new PodFacts(waiting.namespace(), waiting.involvedName(), "Pending", null, null, null, null, null, null,
          Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), waiting.provenance(), ALL_UNKNOWN);
    }

    /** Null times count as the earliest; on a tie the one read later wins. */
    private static boolean isLater(KubeEvent candidate, KubeEvent current) {
      if (candidate.lastSeen() == null) return current.lastSeen() == null;
      return current.lastSeen() == null || !candidate.lastSeen().isBefore(current.lastSeen());
    }

    /** The component that emits the reason, or none shown (a get-events table without -o wide). */
    private static boolean fromComponent(KubeEvent e, String component) {
      return component == null || e.component().isEmpty() || e.component().startsWith(component);
    }
  }
}
