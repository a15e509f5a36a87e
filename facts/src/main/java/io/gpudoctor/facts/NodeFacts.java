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

  /**
   * A node with NVIDIA GPUs by any sign: a label the cloud, NFD, GPU feature discovery, the GPU
   * Operator or Karpenter sets on GPU nodes, a GPU instance type, or advertised GPUs. The labels are
   * set before any device plugin runs, so a node that advertises nothing is still known by them.
   */
  public boolean gpuNode() {
    return gpuLabelled()
        || InstanceTypes.nvidiaGpu(instanceType())
        || capacity.keySet().stream().anyMatch(GpuResources::isGpuResource);
  }

  // NFD names a PCI label by the fields it is configured with: pci-10de (vendor only, as the GPU
  // Operator and the device plugin chart configure it), pci-0302_10de (class and vendor, NFD's
  // default), pci-0302_10de_20b5 (and device). 10de is NVIDIA's PCI vendor id.
  private static final java.util.regex.Pattern NFD_NVIDIA_PCI =
      java.util.regex.Pattern.compile("feature\\.node\\.kubernetes\\.io/pci-(?:[0-9a-f]{4}_)?10de(?:_[0-9a-f]{4})*\\.present");
  private static final String GPU_OPERATOR_DEPLOY_PREFIX = "nvidia.com/gpu.deploy.";
  /** GPU manufacturer and count labels of Karpenter (AWS provider), EKS Auto Mode and Karpenter's Azure provider (NAP). */
  private static final List<String> GPU_MANUFACTURER_LABELS = List.of("karpenter.k8s.aws/instance-gpu-manufacturer",
      "eks.amazonaws.com/instance-gpu-manufacturer", "karpenter.azure.com/sku-gpu-manufacturer");
  private static final List<String> GPU_COUNT_LABELS = List.of("karpenter.k8s.aws/instance-gpu-count",
      "eks.amazonaws.com/instance-gpu-count", "karpenter.azure.com/sku-gpu-count");

  private boolean gpuLabelled() {
    return !gpuLabels().isEmpty();
  }

  /** The labels that mark this node as a GPU node (empty when none does), for quoting. */
  public Map<String, String> gpuLabels() {
    Map<String, String> signs = new java.util.TreeMap<>();
    for (Map.Entry<String, String> label : labels.entrySet()) {
      if (gpuLabel(label.getKey(), label.getValue())) signs.put(label.getKey(), label.getValue());
    }
    // Karpenter sets the count with the manufacturer; a count alone counts only while no manufacturer says otherwise.
    for (int i = 0; i < GPU_MANUFACTURER_LABELS.size(); i++) {
      String count = GPU_COUNT_LABELS.get(i);
      if (labels.get(GPU_MANUFACTURER_LABELS.get(i)) == null && positive(labels.get(count))) signs.put(count, labels.get(count));
    }
    return signs;
  }

  private static boolean gpuLabel(String key, String value) {
    if (value == null) return false;
    return switch (key) {
      case ACCELERATOR_LABEL, "accelerator" -> "nvidia".equals(value);
      // GKE: cloud.google.com/gke-accelerator=nvidia-tesla-t4, nvidia-l4, nvidia-h100-80gb ...
      case "cloud.google.com/gke-accelerator" -> value.startsWith("nvidia");
      // GPU feature discovery.
      case "nvidia.com/gpu.present" -> "true".equals(value);
      case "nvidia.com/gpu.product" -> !value.isBlank();
      case "nvidia.com/gpu.count" -> positive(value);
      default -> (NFD_NVIDIA_PCI.matcher(key).matches() && "true".equals(value))
          // The GPU Operator labels the nodes it found GPUs on nvidia.com/gpu.deploy.<operand>=true|pre-installed|paused-...
          || (key.startsWith(GPU_OPERATOR_DEPLOY_PREFIX) && !value.isBlank() && !"false".equals(value))
          || (GPU_MANUFACTURER_LABELS.contains(key) && "nvidia".equalsIgnoreCase(value));
    };
  }

  /**
   * A node known to have no NVIDIA GPU: its labels and capacity were captured, none is a GPU sign,
   * and its instance type is an Azure or EC2 size without one. Unknown is never "without".
   */
  public boolean knownWithoutNvidiaGpu() {
    return known(LABELS) && known(CAPACITY) && !gpuNode() && InstanceTypes.withoutNvidiaGpu(instanceType());
  }

  private static boolean positive(String value) {
    Long n = value == null ? null : Quantities.count(value);
    return n != null && n > 0;
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

  /** The names of the resources the node advertises, sorted: what a rule iterates, in one order every run. */
  public Set<String> allocatableResources() {
    return new TreeSet<>(allocatable.keySet());
  }

  public Set<String> migResources() {
    Set<String> names = new TreeSet<>();
    for (String r : allocatable.keySet()) if (GpuResources.isMigResource(r)) names.add(r);
    return names;
  }

  /** The GPU resources the device plugin advertises here under its sharing rename ({@code nvidia.com/gpu.shared}). */
  public Set<String> sharedGpuResources() {
    Set<String> names = new TreeSet<>();
    for (String r : allocatable.keySet()) {
      Long n = allocatableOf(r);
      if (GpuResources.isSharedGpuResource(r) && n != null && n > 0) names.add(r);
    }
    return names;
  }

  public boolean advertisesSharedGpu() {
    return !sharedGpuResources().isEmpty();
  }

  /** The NVIDIA GPUs the node's Azure VM size has (a whole-GPU size); null when the size or its count is unknown. */
  public Integer sizeGpus() {
    return InstanceTypes.azureGpuCount(instanceType());
  }

  /**
   * Signs that the node's GPUs are split by MIG, which changes what {@code nvidia.com/gpu} counts: a {@code
   * nvidia.com/mig-*} resource in capacity or allocatable (any count), or a MIG strategy or layout label other than
   * its off value ({@code nvidia.com/mig.strategy} of GPU feature discovery, not {@code none}; {@code
   * nvidia.com/mig.config} of the MIG manager, not {@code all-disabled}; a {@code .../mig-strategy} label). Sorted.
   */
  public Set<String> migSigns() {
    Set<String> signs = new TreeSet<>();
    for (String r : capacity.keySet()) if (GpuResources.isMigResource(r)) signs.add("capacity " + r + ": " + capacity.get(r));
    for (String r : allocatable.keySet()) if (GpuResources.isMigResource(r)) signs.add("allocatable " + r + ": " + allocatable.get(r));
    for (Map.Entry<String, String> label : labels.entrySet()) {
      String key = label.getKey();
      String value = label.getValue() == null ? "" : label.getValue().trim();
      boolean strategy = key.equals("nvidia.com/mig.strategy") || key.endsWith("/mig-strategy");
      if ((strategy && !value.isEmpty() && !value.equalsIgnoreCase("none"))
          || (key.equals("nvidia.com/mig.config") && !value.isEmpty() && !value.equals("all-disabled"))) {
        signs.add(key + "=" + value);
      }
    }
    return signs;
  }

  public boolean migPartitioned() {
    return !migSigns().isEmpty();
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
