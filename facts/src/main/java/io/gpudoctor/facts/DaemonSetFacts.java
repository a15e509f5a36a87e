package io.gpudoctor.facts;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A DaemonSet: where its pods may run, what they run, and how many are up. */
public record DaemonSetFacts(
    String namespace,
    String name,
    List<String> images,
    List<Toleration> tolerations,
    Map<String, String> nodeSelector,
    List<NodeSelectorTerm> requiredNodeAffinity,
    List<Integer> containerPorts,
    int desiredNumberScheduled,
    int currentNumberScheduled,
    int numberReady,
    int numberAvailable,
    Provenance provenance) {

  public DaemonSetFacts {
    images = List.copyOf(images);
    tolerations = List.copyOf(tolerations);
    nodeSelector = SortedMaps.copyOf(nodeSelector);
    requiredNodeAffinity = List.copyOf(requiredNodeAffinity);
    containerPorts = List.copyOf(containerPorts);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  /** The NVIDIA device plugin, whoever deployed it (Learn sample, Helm chart, KAITO, GPU Operator). */
  public boolean devicePlugin() {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("nvidia-device-plugin") || images.stream().anyMatch(i -> i.contains("k8s-device-plugin"));
  }

  public boolean dcgmExporter() {
    return name.toLowerCase(Locale.ROOT).contains("dcgm-exporter")
        || images.stream().anyMatch(i -> i.contains("dcgm-exporter"));
  }

  public boolean tolerates(Taint taint) {
    return tolerations.stream().anyMatch(t -> t.tolerates(taint));
  }

  /** Whether the DaemonSet's selector and affinity allow a node with these labels. */
  public boolean selectsNode(Map<String, String> labels) {
    return NodeSelection.matches(nodeSelector, requiredNodeAffinity, labels);
  }

  /** The first NoSchedule/NoExecute taint of the node this DaemonSet does not tolerate, or null. */
  public Taint untoleratedTaint(NodeFacts node) {
    return node.schedulingTaints().stream().filter(t -> !tolerates(t)).findFirst().orElse(null);
  }

  public String tolerationsQuote() {
    return tolerations.isEmpty() ? "(none)"
        : String.join(", ", tolerations.stream().map(Toleration::quote).toList());
  }

  public String statusQuote() {
    return "desiredNumberScheduled: " + desiredNumberScheduled + ", currentNumberScheduled: "
        + currentNumberScheduled + ", numberReady: " + numberReady;
  }
}
