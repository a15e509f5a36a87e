package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.KubeletResourceShortage;
import io.gpudoctor.facts.PodFacts;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pod that only its events show ({@code kubectl get events} pasted alone). A FailedScheduling
 * event, or the cluster autoscaler's NotTriggerScaleUp / TriggeredScaleUp about a pod, proves the
 * pod existed and waited for a node: it stands as a Pending pod. The kubelet's events prove it was
 * bound to a node (which one only a Scheduled event, or the kubelet's host kubectl printed before
 * 1.2x, shows):
 * <ul>
 *   <li>an admission rejection (UnexpectedAdmissionError, {@code OutOf<resource>}) or an eviction
 *       ({@code Evicted}) is final: a Failed pod with that reason and the event's message;</li>
 *   <li>a pull failure ({@code Failed to pull image}, {@code Error: ErrImagePull}, {@code Back-off pulling
 *       image}, {@code Error: ImagePullBackOff}) or a crash loop ({@code Back-off restarting failed
 *       container}) is a container waiting with that reason, its phase unknown;</li>
 *   <li>any other kubelet event of the pod (Pulling, Pulled, Created, Started, Killing, Unhealthy,
 *       FailedMount, FailedCreatePodSandBox) proves only that it exists on a node: phase and container states unknown.</li>
 * </ul>
 * Every field an event does not show is unknown, so no rule reads "no GPU requested" or "no
 * tolerations" into it. When other pods of its namespace were captured and it is not among them, it
 * was deleted since (a replaced replica): it is left out.
 */
final class PodsSeenInEvents {
  private static final Set<String> ALL_UNKNOWN = Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_SELECTOR,
      PodFacts.AFFINITY, PodFacts.NODE_NAME, PodFacts.OWNER, PodFacts.LABELS, PodFacts.CONDITIONS,
      PodFacts.CONTAINER_STATUSES);
  private static final Set<String> WAITING = Set.of("FailedScheduling", "NotTriggerScaleUp", "TriggeredScaleUp");
  /** The kubelet's reasons for the pods bound to it (pkg/kubelet/events), besides the final ones. */
  private static final Set<String> KUBELET = Set.of("Pulling", "Pulled", "Failed", "BackOff", "Unhealthy", "Killing",
      "Created", "Started", "FailedMount", "FailedCreatePodSandBox");
  /** "Back-off restarting failed container X in pod P_ns(uid)" (1.26+); "Back-off restarting failed container" before. */
  private static final Pattern CRASH_LOOP = Pattern.compile("^Back-off restarting failed container(?: (\\S+) in pod \\S+)?");

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

  /**
   * The reason as the scheduler's verdict on a pod: KAI-Scheduler records it as {@code Unschedulable} (component
   * {@code kai-scheduler}) where kube-scheduler writes {@code FailedScheduling}; every other reason as it is.
   */
  static String verdictReason(String reason, String component) {
    return "Unschedulable".equals(reason) && component != null && component.contains("scheduler") ? "FailedScheduling" : reason;
  }

  /** The kubelet's final word on a pod: rejected at admission, or evicted. */
  static boolean isFinal(String reason) {
    return "UnexpectedAdmissionError".equals(reason) || "Evicted".equals(reason) || isOutOfResource(reason);
  }

  /** {@code OutOfcpu}, {@code OutOfmemory}, {@code OutOfnvidia.com/gpu}: the kubelet's admission found the resource short. */
  static boolean isOutOfResource(String reason) {
    return KubeletResourceShortage.of(reason, null) != null;
  }

  /**
   * The container state a kubelet event shows ({@code ErrImagePull}, {@code ImagePullBackOff},
   * {@code CrashLoopBackOff}), or null. The pull wordings are pkg/kubelet/images (every version since
   * 1.5; "back-off pulling image" lower-cased before 1.7).
   */
  static String waitingReason(KubeEvent e) {
    String m = e.message();
    if ("Failed".equals(e.reason())) {
      if (m.startsWith("Failed to pull image") || m.equals("Error: ErrImagePull")) return "ErrImagePull";
      if (m.equals("Error: ImagePullBackOff")) return "ImagePullBackOff";
    } else if ("BackOff".equals(e.reason()) || "Back-off".equals(e.reason())) {
      if (m.regionMatches(true, 0, "Back-off pulling image", 0, "Back-off pulling image".length())) return "ImagePullBackOff";
      if (CRASH_LOOP.matcher(m).find()) return "CrashLoopBackOff";
    }
    return null;
  }

  /** The events of one pod, in the order read. */
  private static final class Seen {
    private KubeEvent waiting;
    private KubeEvent last;
    private KubeEvent bound;
    /** The latest state event of each container ("" when the event names none). */
    private final Map<String, KubeEvent> states = new LinkedHashMap<>();
    private String node;

    void add(KubeEvent e) {
      String reason = verdictReason(e.reason(), e.component());
      if (WAITING.contains(reason) && fromComponent(e, reason.equals("FailedScheduling") ? null : "cluster-autoscaler")) {
        if (waiting == null) waiting = e;
      } else if (isFinal(reason) && fromComponent(e, "kubelet")) {
        if (last == null || isLater(e, last)) last = e;
        nodeOf(e);
      } else if ((KUBELET.contains(reason) || "Back-off".equals(reason)) && fromComponent(e, "kubelet")) {
        if (bound == null) bound = e;
        String state = waitingReason(e);
        if (state != null) states.merge(containerOf(e), e, (a, b) -> isLater(b, a) ? b : a);
        nodeOf(e);
      } else if ("Scheduled".equals(reason) && node == null) {
        node = EventText.assignedNode(e.message());
      }
    }

    /** Before 1.2x kubectl printed the kubelet's host with it ("kubelet, aks-gpu-..."). */
    private void nodeOf(KubeEvent e) {
      if (node == null && e.component().startsWith("kubelet, ")) node = e.component().substring("kubelet, ".length()).strip();
    }

    /** The kubelet's final word wins over its earlier states, and any kubelet event over a wait for a node. */
    PodFacts pod() {
      if (last != null) {
        return pod(last, "Failed", last.reason(), last.message(), List.of());
      }
      if (bound != null) {
        List<ContainerStatusFacts> statuses = new ArrayList<>();
        for (Map.Entry<String, KubeEvent> s : states.entrySet()) {
          KubeEvent e = s.getValue();
          statuses.add(new ContainerStatusFacts(s.getKey().isEmpty() ? null : s.getKey(), false, 0, waitingReason(e),
              e.message(), null, null, null, null, null, null, e.provenance()));
        }
        return pod(statuses.isEmpty() ? bound : states.values().iterator().next(), null, null, null, statuses);
      }
      if (waiting == null) return null;
      return new PodFacts(waiting.namespace(), waiting.involvedName(), "Pending", null, null, null, null, null, null,
          Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), waiting.provenance(), ALL_UNKNOWN);
    }

    private PodFacts pod(KubeEvent from, String phase, String reason, String message,
        List<ContainerStatusFacts> statuses) {
      Set<String> unknown = new TreeSet<>(ALL_UNKNOWN);
      if (node != null) unknown.remove(PodFacts.NODE_NAME);
      return new PodFacts(from.namespace(), from.involvedName(), phase, reason, message, node, null, null, null,
          Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), statuses, from.provenance(), unknown);
    }

    /** The container a crash-loop event names; a pull event names the image, not the container. */
    private static String containerOf(KubeEvent e) {
      Matcher m = CRASH_LOOP.matcher(e.message());
      return m.find() && m.group(1) != null ? m.group(1) : "";
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
