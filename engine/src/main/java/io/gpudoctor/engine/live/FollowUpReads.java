package io.gpudoctor.engine.live;

import io.gpudoctor.engine.live.PlannedRead.KubeText;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The reads that only the first lists can name: the container logs (current, and previous when the
 * container restarted) of the affected pods, and the DCGM exporter scrape of their GPU nodes
 * through the API server proxy. They depend on the target, never on the size of the cluster: at
 * most {@link #MAX_PODS} pods and {@link #MAX_NODES} nodes. The exporter's port is the one the
 * profile dictates (19400 for the AKS-managed exporter, labelled on the node) or the one its
 * DaemonSet declares; it is never guessed, and a node with no known exporter gets a not-run read.
 */
final class FollowUpReads {
  static final int MAX_PODS = 3;
  static final int MAX_NODES = 3;
  static final int MANAGED_EXPORTER_PORT = 19400;
  static final String MANAGED_EXPORTER_LABEL = "kubernetes.azure.com/dcgm-exporter";
  static final String WORKSPACE_LABEL = "kaito.sh/workspace";
  /** Every subresource these reads GET, for the RBAC role's test. */
  static final java.util.Set<String> SUBRESOURCES = java.util.Set.of("pods/log", "pods/proxy", "nodes/proxy");

  /** A read that could not even be named (no exporter known, pod not found), with why. */
  record Skipped(String topic, String command, String why) {}

  /** {@code pool}: the node pool the affected pods (or node) run in, when the evidence says; null otherwise. */
  record Plan(List<PlannedRead> reads, List<Skipped> skipped, String pool) {}

  /** AKS names VMSS nodes {@code aks-<pool>-<8 digits>-vmss<6 base-36 chars>}. */
  private static final java.util.regex.Pattern AKS_NODE_NAME = java.util.regex.Pattern.compile("aks-([a-z][a-z0-9]{0,11})-\\d{8}-vmss[0-9a-z]{6}");

  private FollowUpReads() {}

  /** {@code pods}, {@code nodes}, {@code daemonSets}: the List objects the first reads returned, or null when they did not run. */
  static Plan of(LiveTarget t, ReadWindow window, JsonNode pods, JsonNode nodes, JsonNode daemonSets) {
    List<PlannedRead> reads = new ArrayList<>();
    List<Skipped> skipped = new ArrayList<>();
    List<JsonNode> affected = affectedPods(t, pods);
    if (t.kind() == LiveTarget.Kind.POD && pods != null && affected.isEmpty()) {
      skipped.add(new Skipped(Topics.LOGS, logCommand(t, t.namespace(), t.name(), "<container>", false, window),
          "pod " + t.namespace() + "/" + t.name() + " is not in the pods list"));
    }
    TreeSet<String> gpuNodes = new TreeSet<>();
    for (JsonNode pod : affected) {
      reads.addAll(logReads(t, pod, window));
      String node = pod.path("spec").path("nodeName").asString("");
      if (!node.isEmpty()) gpuNodes.add(node);
    }
    if (t.kind() == LiveTarget.Kind.NODE) gpuNodes.add(t.name());
    if (t.kind() == LiveTarget.Kind.POOL) gpuNodes.addAll(poolNodes(t.name(), nodes));
    int n = 0;
    for (String node : gpuNodes) {
      if (n++ == MAX_NODES) break;
      scrape(t, node, nodes, pods, daemonSets, reads, skipped);
    }
    String pool = t.kind() == LiveTarget.Kind.POOL || gpuNodes.isEmpty() ? null : poolOf(gpuNodes.first(), nodes);
    return new Plan(List.copyOf(reads), List.copyOf(skipped), pool);
  }

  /** The node's agent pool label; for a node not in the list, the pool its AKS name carries. */
  private static String poolOf(String node, JsonNode nodes) {
    for (JsonNode n : items(nodes)) {
      if (!node.equals(n.path("metadata").path("name").asString(""))) continue;
      JsonNode labels = n.path("metadata").path("labels");
      String pool = labels.path("kubernetes.azure.com/agentpool").asString(labels.path("agentpool").asString(""));
      return pool.isEmpty() ? null : pool;
    }
    java.util.regex.Matcher m = AKS_NODE_NAME.matcher(node);
    return m.matches() ? m.group(1) : null;
  }

  private static List<JsonNode> affectedPods(LiveTarget t, JsonNode pods) {
    TreeMap<String, JsonNode> found = new TreeMap<>();
    for (JsonNode pod : items(pods)) {
      JsonNode meta = pod.path("metadata");
      if (!t.namespace().equals(meta.path("namespace").asString(""))) continue;
      String name = meta.path("name").asString("");
      boolean affected = switch (t.kind()) {
        case POD -> name.equals(t.name());
        case WORKSPACE -> t.name().equals(meta.path("labels").path(WORKSPACE_LABEL).asString(null));
        default -> false;
      };
      if (affected) found.put(name, pod);
    }
    return found.values().stream().limit(MAX_PODS).toList();
  }

  private static List<PlannedRead> logReads(LiveTarget t, JsonNode pod, ReadWindow window) {
    String ns = pod.path("metadata").path("namespace").asString();
    String name = pod.path("metadata").path("name").asString();
    List<PlannedRead> reads = new ArrayList<>();
    for (JsonNode container : pod.path("spec").path("containers")) {
      String c = container.path("name").asString("");
      JsonNode status = status(pod, c);
      if (c.isEmpty() || status == null) continue;
      boolean restarted = status.path("restartCount").asInt(0) > 0 || status.path("lastState").has("terminated");
      // A container that never started has no log: asking is a 400 ("is waiting to start").
      if (restarted || status.path("state").has("running") || status.path("state").has("terminated")) {
        reads.add(logRead(t, ns, name, c, false, window));
      }
      if (restarted) reads.add(logRead(t, ns, name, c, true, window));
    }
    return reads;
  }

  private static JsonNode status(JsonNode pod, String container) {
    for (JsonNode s : pod.path("status").path("containerStatuses")) {
      if (container.equals(s.path("name").asString(""))) return s;
    }
    return null;
  }

  private static PlannedRead logRead(LiveTarget t, String ns, String pod, String container, boolean previous, ReadWindow window) {
    String path = "/api/v1/namespaces/" + ns + "/pods/" + pod + "/log?container=" + container
        + (previous ? "&previous=true" : "") + window.logQuery();
    String file = "logs/" + ns + "/" + pod + "/" + container + (previous ? ".previous" : "") + ".log";
    return new PlannedRead("oom", Topics.LOGS, file, logCommand(t, ns, pod, container, previous, window),
        new KubeText(path, "pods", "log", ns, pod));
  }

  static String logCommand(LiveTarget t, String ns, String pod, String container, boolean previous, ReadWindow window) {
    return ReadCatalogue.kubectl(t) + " logs -n " + ns + " " + pod + " -c " + container + (previous ? " --previous" : "")
        + window.logFlags();
  }

  private static List<String> poolNodes(String pool, JsonNode nodes) {
    List<String> names = new ArrayList<>();
    for (JsonNode node : items(nodes)) {
      JsonNode labels = node.path("metadata").path("labels");
      String p = labels.path("kubernetes.azure.com/agentpool").asString(labels.path("agentpool").asString(""));
      if (pool.equals(p)) names.add(node.path("metadata").path("name").asString());
    }
    return names;
  }

  private static void scrape(LiveTarget t, String node, JsonNode nodes, JsonNode pods, JsonNode daemonSets,
      List<PlannedRead> reads, List<Skipped> skipped) {
    String file = "metrics/dcgm-" + node + ".prom";
    if (managedExporter(node, nodes)) {
      String path = "/api/v1/nodes/" + node + ":" + MANAGED_EXPORTER_PORT + "/proxy/metrics";
      reads.add(new PlannedRead("observability", Topics.METRICS, file, ReadCatalogue.kubectl(t) + " get --raw " + path,
          new KubeText(path, "nodes", "proxy", null, node + ":" + MANAGED_EXPORTER_PORT)));
      return;
    }
    for (JsonNode ds : items(daemonSets)) {
      if (!isDcgmExporter(ds)) continue;
      String dsNs = ds.path("metadata").path("namespace").asString();
      String dsName = ds.path("metadata").path("name").asString();
      String port = declaredPort(ds);
      JsonNode exporterPod = podOf(dsNs, dsName, node, pods);
      if (port == null || exporterPod == null) {
        skipped.add(new Skipped(Topics.METRICS, ReadCatalogue.kubectl(t) + " get --raw /api/v1/namespaces/" + dsNs
            + "/pods/<" + dsName + "-pod-on-" + node + ">:<port>/proxy/metrics",
            port == null ? "DaemonSet " + dsNs + "/" + dsName + " declares no container port"
                : "no pod of DaemonSet " + dsNs + "/" + dsName + " runs on node " + node));
        return;
      }
      String pod = exporterPod.path("metadata").path("name").asString();
      String path = "/api/v1/namespaces/" + dsNs + "/pods/" + pod + ":" + port + "/proxy/metrics";
      reads.add(new PlannedRead("observability", Topics.METRICS, file, ReadCatalogue.kubectl(t) + " get --raw " + path,
          new KubeText(path, "pods", "proxy", dsNs, pod + ":" + port)));
      return;
    }
    skipped.add(new Skipped(Topics.METRICS, ReadCatalogue.kubectl(t) + " get --raw /api/v1/nodes/" + node + ":<exporter-port>/proxy/metrics",
        nodes == null || daemonSets == null ? "the nodes or DaemonSets were not read, so the exporter of node " + node + " is unknown"
            : "no DCGM exporter known on node " + node + " (no " + MANAGED_EXPORTER_LABEL + "=enabled label, no dcgm-exporter DaemonSet)"));
  }

  private static boolean managedExporter(String node, JsonNode nodes) {
    for (JsonNode n : items(nodes)) {
      if (node.equals(n.path("metadata").path("name").asString(""))) {
        return "enabled".equals(n.path("metadata").path("labels").path(MANAGED_EXPORTER_LABEL).asString(""));
      }
    }
    return false;
  }

  private static boolean isDcgmExporter(JsonNode ds) {
    for (JsonNode c : ds.path("spec").path("template").path("spec").path("containers")) {
      if (c.path("image").asString("").contains("dcgm-exporter")) return true;
    }
    return false;
  }

  /** The exporter container's port named "metrics", else its first declared port; null when it declares none. */
  private static String declaredPort(JsonNode ds) {
    String first = null;
    for (JsonNode c : ds.path("spec").path("template").path("spec").path("containers")) {
      if (!c.path("image").asString("").contains("dcgm-exporter")) continue;
      for (JsonNode p : c.path("ports")) {
        if (!p.path("containerPort").isNumber()) continue;
        String port = String.valueOf(p.path("containerPort").asInt());
        if ("metrics".equals(p.path("name").asString(""))) return port;
        if (first == null) first = port;
      }
    }
    return first;
  }

  private static JsonNode podOf(String ns, String daemonSet, String node, JsonNode pods) {
    for (JsonNode pod : items(pods)) {
      if (!ns.equals(pod.path("metadata").path("namespace").asString("")) || !node.equals(pod.path("spec").path("nodeName").asString(""))) continue;
      for (JsonNode owner : pod.path("metadata").path("ownerReferences")) {
        if ("DaemonSet".equals(owner.path("kind").asString("")) && daemonSet.equals(owner.path("name").asString(""))) return pod;
      }
    }
    return null;
  }

  private static Iterable<JsonNode> items(JsonNode list) {
    return list == null ? List.of() : list.path("items");
  }
}
