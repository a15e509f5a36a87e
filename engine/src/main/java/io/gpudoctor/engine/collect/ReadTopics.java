package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Topics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The topic of a read named only by its command ({@code kubectl get nodes -o json} is {@code nodes}). */
final class ReadTopics {
  private static final Set<String> TOPICS = Set.of(Topics.PODS, Topics.NODES, Topics.EVENTS,
      Topics.DAEMONSETS, Topics.WORKLOADS, Topics.CONFIGMAPS, Topics.WORKSPACES, Topics.NODECLAIMS,
      Topics.NODEPOOLS, Topics.CLUSTER, Topics.TARGET, KubernetesObjectFormat.OTHER_TOPIC,
      Topics.QUOTA, Topics.SKUS, Topics.OPERATIONS, Topics.HPAS, Topics.SCALEDOBJECTS, Topics.LOGS, Topics.METRICS);
  private static final Map<String, String> KUBECTL_RESOURCES = Map.ofEntries(
      Map.entry("pod", Topics.PODS), Map.entry("pods", Topics.PODS), Map.entry("po", Topics.PODS),
      Map.entry("node", Topics.NODES), Map.entry("nodes", Topics.NODES), Map.entry("no", Topics.NODES),
      Map.entry("event", Topics.EVENTS), Map.entry("events", Topics.EVENTS), Map.entry("ev", Topics.EVENTS),
      Map.entry("daemonset", Topics.DAEMONSETS), Map.entry("daemonsets", Topics.DAEMONSETS),
      Map.entry("ds", Topics.DAEMONSETS),
      Map.entry("deployment", Topics.WORKLOADS), Map.entry("deployments", Topics.WORKLOADS),
      Map.entry("deploy", Topics.WORKLOADS), Map.entry("statefulset", Topics.WORKLOADS),
      Map.entry("statefulsets", Topics.WORKLOADS), Map.entry("sts", Topics.WORKLOADS),
      Map.entry("configmap", Topics.CONFIGMAPS), Map.entry("configmaps", Topics.CONFIGMAPS),
      Map.entry("cm", Topics.CONFIGMAPS),
      Map.entry("workspace", Topics.WORKSPACES), Map.entry("workspaces", Topics.WORKSPACES),
      Map.entry("wk", Topics.WORKSPACES), Map.entry("wks", Topics.WORKSPACES),
      Map.entry("nodeclaim", Topics.NODECLAIMS), Map.entry("nodeclaims", Topics.NODECLAIMS),
      Map.entry("machine", Topics.NODECLAIMS), Map.entry("machines", Topics.NODECLAIMS),
      Map.entry("hpa", Topics.HPAS), Map.entry("horizontalpodautoscaler", Topics.HPAS),
      Map.entry("horizontalpodautoscalers", Topics.HPAS),
      Map.entry("scaledobject", Topics.SCALEDOBJECTS), Map.entry("scaledobjects", Topics.SCALEDOBJECTS),
      Map.entry("so", Topics.SCALEDOBJECTS));

  private ReadTopics() {}

  static String of(String command) {
    if (command == null) return KubernetesObjectFormat.OTHER_TOPIC;
    String c = command.trim().toLowerCase(Locale.ROOT);
    if (TOPICS.contains(c)) return c;
    List<String> words = List.of(c.split("\\s+"));
    if (c.startsWith("az aks nodepool")) return Topics.NODEPOOLS;
    if (c.startsWith("az aks show")) return Topics.CLUSTER;
    if (c.startsWith("az vm list-usage")) return Topics.QUOTA;
    if (c.startsWith("az vm list-skus")) return Topics.SKUS;
    if (c.startsWith("az aks operation") || c.startsWith("az monitor activity-log")) return Topics.OPERATIONS;
    if (c.contains("/proxy/metrics") || c.contains("/api/v1/query")) return Topics.METRICS;
    if (words.contains("kubectl") && words.contains("logs")) return Topics.LOGS;
    if (words.contains("kubectl")) {
      for (String word : words) {
        String resource = word.contains("/") ? word.substring(0, word.indexOf('/')) : word;
        resource = resource.contains(".") ? resource.substring(0, resource.indexOf('.')) : resource;
        String topic = KUBECTL_RESOURCES.get(resource);
        if (topic != null) return topic;
      }
    }
    return KubernetesObjectFormat.OTHER_TOPIC;
  }
}
