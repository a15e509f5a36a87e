package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A pod as read from its object: what it asks for, where it may go, and how it is doing. */
public record PodFacts(
    String namespace,
    String name,
    String phase,
    String reason,
    String message,
    String nodeName,
    Instant createdAt,
    String ownerKind,
    String ownerName,
    Map<String, String> labels,
    List<ContainerFacts> containers,
    List<Toleration> tolerations,
    Map<String, String> nodeSelector,
    List<NodeSelectorTerm> requiredNodeAffinity,
    List<Condition> conditions,
    List<ContainerStatusFacts> containerStatuses,
    Provenance provenance,
    Set<String> fieldsUnknown) {

  /** Spec fields a capture may lack (pasted text), named in {@link #fieldsUnknown()}. */
  public static final String CONTAINERS = "containers";
  public static final String TOLERATIONS = "tolerations";
  public static final String NODE_SELECTOR = "nodeSelector";
  public static final String AFFINITY = "affinity";
  public static final String NODE_NAME = "nodeName";
  public static final String OWNER = "owner";
  /** A Deployment's pod: its ReplicaSet's hash (6-10) and a 5-character suffix, from Kubernetes' rand.SafeEncodeString alphabet. */
  private static final java.util.regex.Pattern REPLICA_SET_POD_NAME = java.util.regex.Pattern.compile(
      "(.+)-[bcdfghjklmnpqrstvwxz2456789]{6,10}-[bcdfghjklmnpqrstvwxz2456789]{5}");
  public static final String LABELS = "labels";
  public static final String CONDITIONS = "conditions";
  public static final String CONTAINER_STATUSES = "containerStatuses";
  /** The capture showed the pod but not its name (a describe pasted from its Status line on). */
  public static final String NAME = "name";
  /**
   * The name of a pod whose name the capture does not show: a visible placeholder, as in the reads
   * a finding asks for, so no command is run against a guessed pod and no join matches it by accident.
   */
  public static final String UNNAMED = "<pod not named>";

  /** A pod read from its whole object ({@code -o json|yaml}): every field is known. */
  public PodFacts(String namespace, String name, String phase, String reason, String message, String nodeName,
      Instant createdAt, String ownerKind, String ownerName, Map<String, String> labels,
      List<ContainerFacts> containers, List<Toleration> tolerations, Map<String, String> nodeSelector,
      List<NodeSelectorTerm> requiredNodeAffinity, List<Condition> conditions,
      List<ContainerStatusFacts> containerStatuses, Provenance provenance) {
    this(namespace, name, phase, reason, message, nodeName, createdAt, ownerKind, ownerName, labels, containers,
        tolerations, nodeSelector, requiredNodeAffinity, conditions, containerStatuses, provenance, Set.of());
  }

  public PodFacts {
    fieldsUnknown = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fieldsUnknown == null ? Set.of() : fieldsUnknown));
    labels = SortedMaps.copyOf(labels);
    containers = List.copyOf(containers);
    tolerations = List.copyOf(tolerations);
    nodeSelector = SortedMaps.copyOf(nodeSelector);
    requiredNodeAffinity = List.copyOf(requiredNodeAffinity);
    conditions = List.copyOf(conditions);
    containerStatuses = List.copyOf(containerStatuses);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  /**
   * Whether the capture carried this field. Pasted text often does not ({@code kubectl describe pod}
   * shows no affinity, a {@code get pods} table no spec at all): an empty list there is "not captured",
   * never "none", and a rule that needs the field must not conclude from it.
   */
  public boolean known(String field) {
    return !fieldsUnknown.contains(field);
  }

  /** Every field of the spec was captured (read from the object itself). */
  public boolean specComplete() {
    return fieldsUnknown.isEmpty();
  }

  public boolean pending() {
    return "Pending".equals(phase);
  }

  /**
   * The effective amount of a resource the pod needs on one node: the larger of the sum over
   * app containers and the largest init container, as the scheduler computes it.
   */
  public long amountOf(String resource) {
    return amountOf(containers, resource);
  }

  /** {@link #amountOf(String)} of these containers, for a pod template's. */
  public static long amountOf(List<ContainerFacts> containers, String resource) {
    long app = 0;
    long init = 0;
    for (ContainerFacts c : containers) {
      if (c.init()) init = Math.max(init, c.amountOf(resource));
      else app += c.amountOf(resource);
    }
    return Math.max(app, init);
  }

  public long gpuCount() {
    return amountOf(GpuResources.GPU);
  }

  /** The NVIDIA resources the pod asks for ({@code nvidia.com/gpu}, {@code nvidia.com/mig-*}). */
  public Set<String> gpuResources() {
    Set<String> names = new TreeSet<>();
    for (ContainerFacts c : containers) {
      for (String r : c.requests().keySet()) if (GpuResources.isGpuResource(r) && c.amountOf(r) > 0) names.add(r);
      for (String r : c.limits().keySet()) if (GpuResources.isGpuResource(r) && c.amountOf(r) > 0) names.add(r);
    }
    return names;
  }

  public boolean requestsGpu() {
    return !gpuResources().isEmpty();
  }

  public boolean requestsMig() {
    return gpuResources().stream().anyMatch(GpuResources::isMigResource);
  }

  public boolean tolerates(Taint taint) {
    return tolerations.stream().anyMatch(t -> t.tolerates(taint));
  }

  /** Whether the node labels satisfy the nodeSelector and the required node affinity. */
  public boolean selectorMatches(Map<String, String> nodeLabels) {
    return NodeSelection.matches(nodeSelector, requiredNodeAffinity, nodeLabels);
  }

  public boolean hasNodeConstraints() {
    return !nodeSelector.isEmpty() || !requiredNodeAffinity.isEmpty();
  }

  /**
   * The object whose pod template a fix must change, as {@code kind/name}: the Deployment behind a
   * ReplicaSet (its name is the Deployment's plus the pod's {@code pod-template-hash} label), else
   * the direct owner, else the pod itself.
   */
  /**
   * The object whose pod template a fix edits. When the owner was not captured (the pod seen only in
   * events or pasted text), a name of the form a Deployment's ReplicaSet generates
   * ({@code <deployment>-<template hash>-<suffix>}, both drawn from Kubernetes' safe alphabet) names
   * its Deployment; any other name stays the pod itself.
   */
  public String templateOwner() {
    if ((ownerKind == null || ownerName == null) && !known(OWNER) && name != null) {
      java.util.regex.Matcher generated = REPLICA_SET_POD_NAME.matcher(name);
      if (generated.matches()) return "deployment/" + generated.group(1);
    }
    if (ownerKind == null || ownerName == null) return "pod/" + name;
    String hash = labels.get("pod-template-hash");
    if ("ReplicaSet".equals(ownerKind) && hash != null && ownerName.endsWith("-" + hash)) {
      return "deployment/" + ownerName.substring(0, ownerName.length() - hash.length() - 1);
    }
    return ownerKind.toLowerCase(java.util.Locale.ROOT) + "/" + ownerName;
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }

  public String tolerationsQuote() {
    if (tolerations.isEmpty()) return known(TOLERATIONS) ? "(none)" : "(not captured)";
    return String.join(", ", tolerations.stream().map(Toleration::quote).toList());
  }

  public String nodeConstraintsQuote() {
    if (nodeSelector.isEmpty() && requiredNodeAffinity.isEmpty() && !known(NODE_SELECTOR) && !known(AFFINITY)) {
      return "node selector and affinity not captured";
    }
    StringBuilder sb = new StringBuilder();
    if (!nodeSelector.isEmpty()) sb.append("nodeSelector ").append(new java.util.TreeMap<>(nodeSelector));
    if (!requiredNodeAffinity.isEmpty()) {
      if (sb.length() > 0) sb.append("; ");
      sb.append("required node affinity ")
          .append(String.join(" OR ", requiredNodeAffinity.stream().map(t -> "[" + t.quote() + "]").toList()));
    }
    return sb.toString();
  }
}
