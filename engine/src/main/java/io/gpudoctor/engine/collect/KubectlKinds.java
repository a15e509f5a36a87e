package io.gpudoctor.engine.collect;

import java.util.Locale;
import java.util.Map;

/**
 * The kinds behind the words kubectl takes and prints for them: {@code pods}, {@code po},
 * {@code pod/NAME} (OBJECT column of {@code get events}), {@code daemonset.apps/NAME} (NAME column of
 * {@code get all}), {@code workspace.kaito.sh}. Only the kinds gpu-doctor reads or names in events.
 */
final class KubectlKinds {
  private static final Map<String, String> KINDS = Map.ofEntries(
      Map.entry("pod", "Pod"), Map.entry("pods", "Pod"), Map.entry("po", "Pod"),
      Map.entry("node", "Node"), Map.entry("nodes", "Node"), Map.entry("no", "Node"),
      Map.entry("event", "Event"), Map.entry("events", "Event"), Map.entry("ev", "Event"),
      Map.entry("daemonset", "DaemonSet"), Map.entry("daemonsets", "DaemonSet"), Map.entry("ds", "DaemonSet"),
      Map.entry("deployment", "Deployment"), Map.entry("deployments", "Deployment"), Map.entry("deploy", "Deployment"),
      Map.entry("replicaset", "ReplicaSet"), Map.entry("replicasets", "ReplicaSet"), Map.entry("rs", "ReplicaSet"),
      Map.entry("statefulset", "StatefulSet"), Map.entry("statefulsets", "StatefulSet"), Map.entry("sts", "StatefulSet"),
      Map.entry("job", "Job"), Map.entry("jobs", "Job"),
      Map.entry("service", "Service"), Map.entry("services", "Service"), Map.entry("svc", "Service"),
      Map.entry("configmap", "ConfigMap"), Map.entry("configmaps", "ConfigMap"), Map.entry("cm", "ConfigMap"),
      Map.entry("horizontalpodautoscaler", "HorizontalPodAutoscaler"), Map.entry("hpa", "HorizontalPodAutoscaler"),
      Map.entry("horizontalpodautoscalers", "HorizontalPodAutoscaler"),
      Map.entry("workspace", "Workspace"), Map.entry("workspaces", "Workspace"),
      Map.entry("nodeclaim", "NodeClaim"), Map.entry("nodeclaims", "NodeClaim"),
      Map.entry("nodepool", "NodePool"), Map.entry("nodepools", "NodePool"),
      Map.entry("machine", "Machine"), Map.entry("machines", "Machine"));

  private KubectlKinds() {}

  /**
   * The kind a word names, its API group ignored ({@code daemonset.apps}, {@code workspaces.kaito.sh});
   * null for a word that names no kind read here (or several: {@code pods,nodes}).
   */
  static String kind(String word) {
    if (word == null || word.isEmpty()) return null;
    String w = word.toLowerCase(Locale.ROOT);
    int dot = w.indexOf('.');
    return KINDS.get(dot > 0 ? w.substring(0, dot) : w);
  }
}
