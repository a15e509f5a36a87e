package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.PodFacts;
import java.util.List;
import java.util.Set;

/**
 * The pod an event that names no object is about, when the evidence leaves one choice. Issue threads
 * often quote the scheduler's or the kubelet's message without the pod's name: the message is still
 * about a pod in the state its reason shows (waiting for a node, or rejected at admission). When the
 * evidence holds exactly one pod in that state (for the kubelet's pull and crash-loop events: one pod with a
 * waiting container), it is that pod; when it holds no pod at all, it is a
 * pod whose name was not captured ({@link PodFacts#UNNAMED}), every other field unknown (pods of the cluster's
 * and the GPU stack's own namespaces do not count as captured workload pods); when several pods could be meant,
 * none is chosen.
 */
final class UnnamedPodEvents {
  private static final Set<String> WAITING = Set.of("FailedScheduling", "NotTriggerScaleUp", "TriggeredScaleUp");
  /**
   * The kubelet's events about a container that cannot start (a pull failure, a crash loop): its pod's phase is
   * not shown. {@code Back-off} is how older kubelets spelled the reason, as PodsSeenInEvents reads it too.
   */
  private static final Set<String> CONTAINER_WAITING = Set.of("Failed", "BackOff", "Back-off");
  private static final String CONTAINER_WAITS = "a container waits";
  /**
   * Where the cluster's and the GPU stack's own pods run: a listing of those (`kubectl get pods -n gpu-operator`) does
   * not show which workload pods exist, so it leaves a workload's message about a pod not captured.
   */
  private static final Set<String> SYSTEM_NAMESPACES = Set.of("kube-system", "gpu-operator", "nvidia-gpu-operator",
      "gpu-resources", "nvidia-device-plugin", "node-feature-discovery", "kaito-workspace", "kube-node-lease");

  private UnnamedPodEvents() {}

  /** The namespace and name of the pod meant. */
  record Pod(String namespace, String name) {}

  /** The pod, or null when the reason is no pod's or the evidence names several candidates. */
  static Pod podOf(String reason, String namespace, List<Object> facts) {
    String phase = PodsSeenInEvents.isFinal(reason) ? "Failed"
        : CONTAINER_WAITING.contains(reason) ? CONTAINER_WAITS : WAITING.contains(reason) ? "Pending" : null;
    if (phase == null) return null;
    PodFacts candidate = null;
    boolean anyPod = false;
    for (Object fact : facts) {
      if (!(fact instanceof PodFacts pod)) continue;
      if (!SYSTEM_NAMESPACES.contains(String.valueOf(pod.namespace()))) anyPod = true;
      if (namespace != null && pod.namespace() != null && !namespace.equals(pod.namespace())) continue;
      if (!inState(pod, phase, reason)) continue;
      if (candidate != null && !candidate.key().equals(pod.key())) return null;
      candidate = pod;
    }
    if (candidate != null) return new Pod(candidate.namespace(), candidate.name());
    return anyPod ? null : new Pod(namespace, PodFacts.UNNAMED);
  }

  private static boolean inState(PodFacts pod, String phase, String reason) {
    if (phase.equals(CONTAINER_WAITS)) return pod.containerStatuses().stream().anyMatch(c -> c.waitingReason() != null);
    if (!phase.equals(pod.phase())) return false;
    return WAITING.contains(reason) || reason.equals(pod.reason()) || pod.reason() == null;
  }

}
