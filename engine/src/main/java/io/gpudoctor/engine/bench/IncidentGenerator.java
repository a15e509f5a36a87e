package io.gpudoctor.engine.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the evidence of a large GPU cluster for the scale benchmark (issue "Fast", target 4):
 * {@code nodes.json}, {@code pods.json}, {@code events.json} as {@code kubectl get -o json}
 * prints them, a DCGM exporter scrape {@code dcgm-metrics.prom}, and a {@code target.yaml} naming
 * one pending GPU pod of a fully allocated 8-GPU pool. Seeded: the same size and seed give the
 * same bytes. Most GPU pods run (one GPU each); one in a hundred pods is pending with the
 * scheduler's FailedScheduling event; the other events are the kubelet's lifecycle events.
 */
public final class IncidentGenerator {
  public static final String CAPTURED_AT = "2026-01-14T10:06:02Z";
  private static final String NAMESPACE = "ml-serving";
  private static final String GPU_POOL = "gpunp";
  private static final String GPU_SKU = "Standard_ND96asr_v4";
  private static final String IMAGE = "vllm/vllm-openai:v0.8.5";
  private static final int GPUS_PER_NODE = 8;
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** The size of the cluster. */
  public record Size(int nodes, int pods, int events, int gpus, long seed) {
    public static final Size ISSUE = new Size(1000, 30_000, 100_000, 8000, 42);

    public Size {
      if (nodes < 2 || pods < 2 || events < 1 || gpus < GPUS_PER_NODE) {
        throw new IllegalArgumentException("need at least 2 nodes, 2 pods, 1 event and " + GPUS_PER_NODE + " GPUs");
      }
    }

    public Size times(int factor) {
      return new Size(nodes * factor, pods * factor, events * factor, gpus * factor, seed);
    }

    int gpuNodes() {
      return Math.min(nodes, Math.max(1, gpus / GPUS_PER_NODE));
    }
  }

  private final Size size;
  private final Random random;

  public IncidentGenerator(Size size) {
    this.size = size;
    this.random = new Random(size.seed());
  }

  /** Writes the incident into {@code dir} (created); returns {@code dir}. */
  public Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    writeList(dir.resolve("nodes.json"), "NodeList", size.nodes(), this::node);
    writeList(dir.resolve("pods.json"), "PodList", size.pods(), this::pod);
    writeList(dir.resolve("events.json"), "EventList", size.events(), this::event);
    writeDcgm(dir.resolve("dcgm-metrics.prom"));
    Files.writeString(dir.resolve("target.yaml"), """
        subscription: 8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35
        resourceGroup: rg-inference-prod
        cluster: aks-inference-prod
        kubeContext: aks-inference-prod
        region: eastus
        pool: %s
        namespace: %s
        resource: pod/%s
        capturedAt: "%s"
        """.formatted(GPU_POOL, NAMESPACE, podName(targetPod()), CAPTURED_AT));
    return dir;
  }

  private interface Item {
    ObjectNode at(int index);
  }

  private static void writeList(Path file, String kind, int count, Item item) throws IOException {
    try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
      out.write("{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{\"resourceVersion\":\"\"},\"items\":[\n");
      for (int i = 0; i < count; i++) {
        if (i > 0) out.write(",\n");
        out.write(MAPPER.writeValueAsString(item.at(i)));
      }
      out.write("\n]}\n");
    }
  }

  // ---- nodes: GPU nodes first (pool gpunp, 8 GPUs each, tainted sku=gpu), then system nodes.

  private boolean gpuNode(int node) {
    return node < size.gpuNodes();
  }

  private static String nodeName(int node, boolean gpu) {
    return gpu ? String.format(Locale.ROOT, "aks-gpunp-41829376-vmss%06d", node)
        : String.format(Locale.ROOT, "aks-nodepool1-31718369-vmss%06d", node);
  }

  private String nodeName(int node) {
    return nodeName(node, gpuNode(node));
  }

  private ObjectNode node(int index) {
    boolean gpu = gpuNode(index);
    String name = nodeName(index);
    ObjectNode n = JSON.objectNode();
    n.put("apiVersion", "v1");
    n.put("kind", "Node");
    ObjectNode meta = n.putObject("metadata");
    meta.put("name", name);
    meta.put("creationTimestamp", "2025-12-02T16:20:41Z");
    meta.put("uid", uuid());
    ObjectNode labels = meta.putObject("labels");
    labels.put("agentpool", gpu ? GPU_POOL : "nodepool1");
    labels.put("kubernetes.azure.com/agentpool", gpu ? GPU_POOL : "nodepool1");
    labels.put("kubernetes.azure.com/mode", gpu ? "user" : "system");
    labels.put("kubernetes.io/hostname", name);
    labels.put("kubernetes.io/os", "linux");
    labels.put("node.kubernetes.io/instance-type", gpu ? GPU_SKU : "Standard_D4ds_v5");
    labels.put("beta.kubernetes.io/instance-type", gpu ? GPU_SKU : "Standard_D4ds_v5");
    labels.put("topology.kubernetes.io/region", "eastus");
    labels.put("topology.kubernetes.io/zone", "eastus-" + (1 + index % 3));
    if (gpu) {
      labels.put("accelerator", "nvidia");
      labels.put("kubernetes.azure.com/accelerator", "nvidia");
      labels.put("kubernetes.azure.com/dcgm-exporter", "enabled");
    }
    ObjectNode spec = n.putObject("spec");
    spec.put("providerID", "azure:///subscriptions/8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35/resourceGroups/mc_rg-inference-prod_aks-inference-prod_eastus/providers/Microsoft.Compute/virtualMachineScaleSets/"
        + (gpu ? "aks-gpunp-41829376-vmss" : "aks-nodepool1-31718369-vmss") + "/virtualMachines/" + index);
    if (gpu) {
      ObjectNode taint = spec.putArray("taints").addObject();
      taint.put("effect", "NoSchedule");
      taint.put("key", "sku");
      taint.put("value", "gpu");
    }
    ObjectNode status = n.putObject("status");
    for (String field : new String[] {"allocatable", "capacity"}) {
      ObjectNode r = status.putObject(field);
      r.put("cpu", gpu ? "96" : "4");
      r.put("memory", gpu ? "928596Mi" : "16365380Ki");
      r.put("pods", "250");
      if (gpu) r.put("nvidia.com/gpu", String.valueOf(GPUS_PER_NODE));
    }
    ArrayNode conditions = status.putArray("conditions");
    condition(conditions, "MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available");
    condition(conditions, "DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure");
    condition(conditions, "PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available");
    condition(conditions, "Ready", "True", "KubeletReady", "kubelet is posting ready status");
    ObjectNode info = status.putObject("nodeInfo");
    info.put("kubeletVersion", "v1.32.9");
    info.put("containerRuntimeVersion", "containerd://1.7.28-1");
    info.put("osImage", "Ubuntu 22.04.5 LTS");
    return n;
  }

  private static void condition(ArrayNode conditions, String type, String status, String reason, String message) {
    ObjectNode c = conditions.addObject();
    c.put("type", type);
    c.put("status", status);
    c.put("reason", reason);
    c.put("message", message);
    c.put("lastHeartbeatTime", "2026-01-14T10:05:48Z");
    c.put("lastTransitionTime", "2025-12-09T11:05:17Z");
  }

  // ---- pods: pod i runs on a GPU while GPUs are left (one each), else on a system node; one in
  // a hundred is pending (asks for a GPU, none is free). The target is the last pending pod.

  private boolean pending(int pod) {
    return pod % 100 == 99;
  }

  private int targetPod() {
    int last = size.pods() - 1;
    return last - Math.floorMod(last - 99, 100);
  }

  private static String podName(int pod) {
    return String.format(Locale.ROOT, "vllm-%04d-7c9d8f6b54-%05d", pod / 100, pod);
  }

  /** The GPU slot (node * 8 + device) a running GPU pod holds, or -1 for a CPU pod. */
  private int gpuSlot(int pod) {
    if (pending(pod)) return -1;
    int running = pod - pod / 100;
    return running < size.gpuNodes() * GPUS_PER_NODE ? running : -1;
  }

  private int nodeOf(int pod) {
    int slot = gpuSlot(pod);
    if (slot >= 0) return slot / GPUS_PER_NODE;
    int cpuNodes = size.nodes() - size.gpuNodes();
    // Without system nodes the CPU pods share the GPU nodes (they request no GPU).
    return cpuNodes == 0 ? Math.floorMod(pod, size.nodes()) : size.gpuNodes() + Math.floorMod(pod, cpuNodes);
  }

  private ObjectNode pod(int index) {
    boolean pending = pending(index);
    boolean gpu = pending || gpuSlot(index) >= 0;
    String name = podName(index);
    ObjectNode p = JSON.objectNode();
    p.put("apiVersion", "v1");
    p.put("kind", "Pod");
    ObjectNode meta = p.putObject("metadata");
    meta.put("name", name);
    meta.put("namespace", NAMESPACE);
    meta.put("creationTimestamp", pending ? "2026-01-14T09:41:12Z" : "2026-01-12T14:03:51Z");
    meta.put("uid", uuid());
    meta.putObject("labels").put("app", "vllm-" + String.format(Locale.ROOT, "%04d", index / 100));
    ObjectNode owner = meta.putArray("ownerReferences").addObject();
    owner.put("apiVersion", "apps/v1");
    owner.put("kind", "ReplicaSet");
    owner.put("name", name.substring(0, name.lastIndexOf('-')));
    owner.put("controller", true);
    ObjectNode spec = p.putObject("spec");
    ObjectNode container = spec.putArray("containers").addObject();
    container.put("name", "vllm");
    container.put("image", IMAGE);
    ObjectNode resources = container.putObject("resources");
    for (String field : new String[] {"requests", "limits"}) {
      ObjectNode r = resources.putObject(field);
      r.put("cpu", gpu ? "8" : "500m");
      r.put("memory", gpu ? "64Gi" : "1Gi");
      if (gpu) r.put("nvidia.com/gpu", "1");
    }
    if (gpu) {
      ObjectNode toleration = spec.putArray("tolerations").addObject();
      toleration.put("key", "sku");
      toleration.put("operator", "Equal");
      toleration.put("value", "gpu");
      toleration.put("effect", "NoSchedule");
      spec.putObject("nodeSelector").put("agentpool", GPU_POOL);
    }
    ObjectNode status = p.putObject("status");
    if (pending) {
      status.put("phase", "Pending");
      status.put("qosClass", "Guaranteed");
      ObjectNode c = status.putArray("conditions").addObject();
      c.put("type", "PodScheduled");
      c.put("status", "False");
      c.put("reason", "Unschedulable");
      c.put("message", schedulingMessage());
      c.put("lastTransitionTime", "2026-01-14T09:41:13Z");
      return p;
    }
    spec.put("nodeName", nodeName(nodeOf(index)));
    status.put("phase", "Running");
    status.put("qosClass", "Guaranteed");
    status.put("startTime", "2026-01-12T14:03:52Z");
    ArrayNode conditions = status.putArray("conditions");
    for (String type : new String[] {"Initialized", "Ready", "ContainersReady", "PodScheduled"}) {
      ObjectNode c = conditions.addObject();
      c.put("type", type);
      c.put("status", "True");
      c.put("lastTransitionTime", "2026-01-12T14:06:06Z");
    }
    ObjectNode cs = status.putArray("containerStatuses").addObject();
    cs.put("name", "vllm");
    cs.put("image", "docker.io/" + IMAGE);
    cs.put("ready", true);
    cs.put("started", true);
    cs.put("restartCount", 0);
    cs.putObject("state").putObject("running").put("startedAt", "2026-01-12T14:05:26Z");
    return p;
  }

  private String schedulingMessage() {
    int n = size.nodes();
    int gpuNodes = size.gpuNodes();
    return "0/" + n + " nodes are available: " + gpuNodes + " Insufficient nvidia.com/gpu, " + (n - gpuNodes)
        + " node(s) didn't match Pod's node affinity/selector. preemption: 0/" + n + " nodes are available: "
        + gpuNodes + " No preemption victims found for incoming pod, " + (n - gpuNodes)
        + " Preemption is not helpful for scheduling.";
  }

  // ---- events: every pending pod has its FailedScheduling event; the rest are the kubelet's
  // lifecycle events of random running pods.

  private ObjectNode event(int index) {
    int pendingPods = size.pods() / 100;
    int pod;
    String reason;
    String type = "Normal";
    String message;
    String component = "kubelet";
    if (index < pendingPods) {
      pod = index * 100 + 99;
      reason = "FailedScheduling";
      type = "Warning";
      message = schedulingMessage();
      component = "default-scheduler";
    } else {
      do {
        pod = random.nextInt(size.pods());
      } while (pending(pod));
      switch (random.nextInt(4)) {
        case 0 -> {
          reason = "Scheduled";
          message = "Successfully assigned " + NAMESPACE + "/" + podName(pod) + " to " + nodeName(nodeOf(pod));
          component = "default-scheduler";
        }
        case 1 -> {
          reason = "Pulled";
          message = "Container image \"" + IMAGE + "\" already present on machine";
        }
        case 2 -> {
          reason = "Created";
          message = "Created container vllm";
        }
        default -> {
          reason = "Started";
          message = "Started container vllm";
        }
      }
    }
    String name = podName(pod);
    ObjectNode e = JSON.objectNode();
    e.put("apiVersion", "v1");
    e.put("kind", "Event");
    ObjectNode meta = e.putObject("metadata");
    meta.put("name", name + "." + Long.toHexString(0x188a8f94d0a88f89L + index));
    meta.put("namespace", NAMESPACE);
    meta.put("creationTimestamp", "2026-01-14T09:41:13Z");
    meta.put("uid", uuid());
    ObjectNode involved = e.putObject("involvedObject");
    involved.put("apiVersion", "v1");
    involved.put("kind", "Pod");
    involved.put("name", name);
    involved.put("namespace", NAMESPACE);
    e.put("reason", reason);
    e.put("message", message);
    e.put("type", type);
    e.put("count", reason.equals("FailedScheduling") ? 17 : 1);
    e.put("firstTimestamp", "2026-01-14T09:41:13Z");
    e.put("lastTimestamp", "2026-01-14T10:04:40Z");
    e.putObject("source").put("component", component);
    e.put("reportingComponent", component);
    return e;
  }

  // ---- the DCGM exporter scrape: framebuffer free/used and utilisation of every GPU.

  private void writeDcgm(Path file) throws IOException {
    int gpus = size.gpuNodes() * GPUS_PER_NODE;
    String[][] series = {
      {"DCGM_FI_DEV_FB_FREE", "Framebuffer memory free (in MiB)."},
      {"DCGM_FI_DEV_FB_USED", "Framebuffer memory used (in MiB)."},
      {"DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %)."},
    };
    int[] podOfSlot = new int[gpus];
    java.util.Arrays.fill(podOfSlot, -1);
    for (int pod = 0; pod < size.pods(); pod++) {
      int slot = gpuSlot(pod);
      if (slot >= 0 && slot < gpus) podOfSlot[slot] = pod;
    }
    try (Writer out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
      for (String[] s : series) {
        out.write("# HELP " + s[0] + " " + s[1] + "\n# TYPE " + s[0] + " gauge\n");
        for (int slot = 0; slot < gpus; slot++) {
          int device = slot % GPUS_PER_NODE;
          int pod = podOfSlot[slot];
          int used = pod < 0 ? 0 : 30_000 + random.nextInt(8000);
          long value = switch (s[0]) {
            case "DCGM_FI_DEV_FB_FREE" -> 40_536 - used;
            case "DCGM_FI_DEV_FB_USED" -> used;
            default -> pod < 0 ? 0 : 40 + random.nextInt(50);
          };
          out.write(s[0] + "{gpu=\"" + device + "\",UUID=\"GPU-" + String.format(Locale.ROOT, "%08x-9458-4282-da24-e5f49e0db4%02d", slot, device)
              + "\",pci_bus_id=\"0000000" + device + ":00:00.0\",device=\"nvidia" + device
              + "\",modelName=\"NVIDIA A100-SXM4-40GB\",Hostname=\"" + nodeName(slot / GPUS_PER_NODE)
              + "\",DCGM_FI_DRIVER_VERSION=\"550.54.15\",container=\"" + (pod < 0 ? "" : "vllm")
              + "\",namespace=\"" + (pod < 0 ? "" : NAMESPACE) + "\",pod=\"" + (pod < 0 ? "" : podName(pod)) + "\"} " + value + "\n");
        }
      }
    }
  }

  private String uuid() {
    return new java.util.UUID(random.nextLong(), random.nextLong()).toString();
  }
}
