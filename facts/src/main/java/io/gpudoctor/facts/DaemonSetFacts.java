package io.gpudoctor.facts;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A DaemonSet: where its pods may run, what they run, and how many are up. A {@code kubectl get ds}
 * table shows the counts and the node selector only: the fields it does not show are named in
 * {@link #fieldsUnknown()}, and an empty list there is "not captured", never "none".
 */
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
    Provenance provenance,
    Set<String> fieldsUnknown) {

  /** Spec fields a capture may lack (a pasted table), named in {@link #fieldsUnknown()}. */
  public static final String TOLERATIONS = "tolerations";
  public static final String AFFINITY = "affinity";
  public static final String IMAGES = "images";
  public static final String CONTAINER_PORTS = "containerPorts";

  /** A DaemonSet read from its whole object ({@code -o json|yaml}): every field is known. */
  public DaemonSetFacts(String namespace, String name, List<String> images, List<Toleration> tolerations,
      Map<String, String> nodeSelector, List<NodeSelectorTerm> requiredNodeAffinity, List<Integer> containerPorts,
      int desiredNumberScheduled, int currentNumberScheduled, int numberReady, int numberAvailable,
      Provenance provenance) {
    this(namespace, name, images, tolerations, nodeSelector, requiredNodeAffinity, containerPorts,
        desiredNumberScheduled, currentNumberScheduled, numberReady, numberAvailable, provenance, Set.of());
  }

  public DaemonSetFacts {
    fieldsUnknown = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fieldsUnknown == null ? Set.of() : fieldsUnknown));
    images = List.copyOf(images);
    tolerations = List.copyOf(tolerations);
    nodeSelector = SortedMaps.copyOf(nodeSelector);
    requiredNodeAffinity = List.copyOf(requiredNodeAffinity);
    containerPorts = List.copyOf(containerPorts);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  /** Whether the capture carried this field. */
  public boolean known(String field) {
    return !fieldsUnknown.contains(field);
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

  /**
   * Whether the DaemonSet's selector and affinity allow a node with these labels. When the affinity
   * was not captured, only the selector is judged: a selector that excludes the node is proof, a
   * match is not proof that the affinity allows it.
   */
  public boolean selectsNode(Map<String, String> labels) {
    return NodeSelection.matches(nodeSelector, requiredNodeAffinity, labels);
  }

  /**
   * The first NoSchedule/NoExecute taint of the node this DaemonSet does not tolerate, or null; null
   * too when its tolerations were not captured, as no taint is then shown to be untolerated.
   */
  public Taint untoleratedTaint(NodeFacts node) {
    if (!known(TOLERATIONS)) return null;
    return node.schedulingTaints().stream().filter(t -> !tolerates(t)).findFirst().orElse(null);
  }

  public String tolerationsQuote() {
    if (!known(TOLERATIONS)) return "(not captured)";
    return tolerations.isEmpty() ? "(none)"
        : String.join(", ", tolerations.stream().map(Toleration::quote).toList());
  }

  public String statusQuote() {
    return "desiredNumberScheduled: " + desiredNumberScheduled + ", currentNumberScheduled: "
        + currentNumberScheduled + ", numberReady: " + numberReady;
  }
}
