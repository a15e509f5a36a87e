package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** A node as read from its object: labels, taints, capacity, allocatable, conditions. */
public record NodeFacts(
    String name,
    Map<String, String> labels,
    List<Taint> taints,
    Map<String, String> capacity,
    Map<String, String> allocatable,
    List<Condition> conditions,
    boolean unschedulable,
    Instant createdAt,
    Provenance provenance,
    Set<String> fieldsUnknown) {

  /** Fields a capture may lack (a {@code kubectl get nodes} table), named in {@link #fieldsUnknown()}. */
  public static final String LABELS = "labels";
  public static final String TAINTS = "taints";
  public static final String CAPACITY = "capacity";
  public static final String ALLOCATABLE = "allocatable";
  public static final String CONDITIONS = "conditions";
  public static final String UNSCHEDULABLE = "unschedulable";
  /** The capture showed the node but not its name (a lone Capacity/Allocatable block). */
  public static final String NAME = "name";
  /** The name of a node whose name the capture does not show: a visible placeholder, never a guessed node. */
  public static final String UNNAMED = "<node not named>";

  /** A node read from its whole object ({@code -o json|yaml}): every field is known. */
  public NodeFacts(String name, Map<String, String> labels, List<Taint> taints, Map<String, String> capacity,
      Map<String, String> allocatable, List<Condition> conditions, boolean unschedulable, Instant createdAt,
      Provenance provenance) {
    this(name, labels, taints, capacity, allocatable, conditions, unschedulable, createdAt, provenance, Set.of());
  }

  public static final String POOL_LABEL = "kubernetes.azure.com/agentpool";
  public static final String LEGACY_POOL_LABEL = "agentpool";
  public static final String ACCELERATOR_LABEL = "kubernetes.azure.com/accelerator";
  public static final String INSTANCE_TYPE_LABEL = "node.kubernetes.io/instance-type";
  public static final String DCGM_LABEL = "kubernetes.azure.com/dcgm-exporter";

  public NodeFacts {
    fieldsUnknown = java.util.Collections.unmodifiableSortedSet(new TreeSet<>(fieldsUnknown == null ? Set.of() : fieldsUnknown));
    labels = SortedMaps.copyOf(labels);
    taints = List.copyOf(taints);
    capacity = SortedMaps.copyOf(capacity);
    allocatable = SortedMaps.copyOf(allocatable);
    conditions = List.copyOf(conditions);
  }

  /** Whether the capture carried this field: an empty map from a table is "not captured", never "none". */
  public boolean known(String field) {
    return !fieldsUnknown.contains(field);
  }

  /** The AKS agent pool the node belongs to, or null. */
  public String pool() {
    String pool = labels.get(POOL_LABEL);
    return pool != null ? pool : labels.get(LEGACY_POOL_LABEL);
  }

  public String instanceType() {
    String t = labels.get(INSTANCE_TYPE_LABEL);
    return t != null ? t : labels.get("beta.kubernetes.io/instance-type");
  }

  /** A node with NVIDIA GPUs by any sign: accelerator label, GPU VM size, or advertised GPUs. */
  public boolean gpuNode() {
    return "nvidia".equals(labels.get(ACCELERATOR_LABEL))
        || "nvidia".equals(labels.get("accelerator"))
        || "true".equals(labels.get("nvidia.com/gpu.present"))
        || GpuResources.isNvidiaGpuSku(instanceType())
        || capacity.keySet().stream().anyMatch(GpuResources::isGpuResource);
  }

  /** Allocatable amount of a resource; null when the node does not advertise it at all. */
  public Long allocatableOf(String resource) {
    return allocatable.containsKey(resource) ? Quantities.count(allocatable.get(resource)) : null;
  }

  public Long capacityOf(String resource) {
    return capacity.containsKey(resource) ? Quantities.count(capacity.get(resource)) : null;
  }

  /** Allocatable {@code nvidia.com/gpu}; 0 when absent (use {@link #advertisesGpu()} to tell). */
  public long allocatableGpus() {
    Long v = allocatableOf(GpuResources.GPU);
    return v == null ? 0 : v;
  }

  public long capacityGpus() {
    Long v = capacityOf(GpuResources.GPU);
    return v == null ? 0 : v;
  }

  public boolean advertisesGpu() {
    return allocatableGpus() > 0;
  }

  public Set<String> migResources() {
    Set<String> names = new TreeSet<>();
    for (String r : allocatable.keySet()) if (GpuResources.isMigResource(r)) names.add(r);
    return names;
  }

  public boolean advertisesMig() {
    return migResources().stream().anyMatch(r -> allocatableOf(r) != null && allocatableOf(r) > 0);
  }

  public boolean dcgmLabelled() {
    return "enabled".equals(labels.get(DCGM_LABEL));
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }

  public boolean conditionTrue(String type) {
    Condition c = condition(type);
    return c != null && c.isTrue();
  }

  public boolean ready() {
    Condition c = condition("Ready");
    return c != null && c.isTrue();
  }

  public List<Taint> schedulingTaints() {
    return taints.stream().filter(Taint::blocksScheduling).toList();
  }

  public String taintsQuote() {
    return taints.isEmpty() ? "(none)" : String.join(", ", taints.stream().map(Taint::quote).toList());
  }

  public String resourceQuote(String resource) {
    return "capacity " + resource + ": " + capacity.getOrDefault(resource, "(absent)")
        + ", allocatable " + resource + ": " + allocatable.getOrDefault(resource, "(absent)");
  }
}
