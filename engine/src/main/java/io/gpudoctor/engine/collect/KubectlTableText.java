package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * {@code kubectl get pods|nodes|events|daemonsets|workspace|nodeclaims [-o wide]} tables, and the
 * same tables in {@code kubectl get all} ({@code pod/NAME}, {@code daemonset.apps/NAME}): only the
 * columns the table shows become facts, and every field it cannot show is recorded as unknown. A
 * nodes table shows no labels (unless {@code --show-labels}), taints or resources, so it is read
 * under its own topic {@value #NODES_TABLE}: rules that need the nodes ask for {@code nodes} and
 * stay unconfirmed. A row whose NAME is no Kubernetes object name (a code fence, prose) is no row.
 */
final class KubectlTableText {
  static final String NODES_TABLE = Topics.NODES_TABLE;
  private static final Set<String> POD_FAILED_REASONS = Set.of("Evicted", "UnexpectedAdmissionError", "NodeAffinity",
      "Shutdown", "NodeShutdown", "Terminated", "DeadlineExceeded");
  private static final Set<String> TERMINATED_REASONS = Set.of("OOMKilled", "Error", "ContainerCannotRun", "StartError",
      "Completed");
  private static final Map<String, String> WORKSPACE_CONDITIONS = Map.of(
      "RESOURCEREADY", "ResourceReady", "INFERENCEREADY", "InferenceReady", "JOBSTARTED", "JobStarted",
      "WORKSPACESUCCEEDED", "WorkspaceSucceeded", "WORKSPACEREADY", "WorkspaceReady", "MACHINEREADY", "MachineReady",
      "NODECLAIMREADY", "NodeClaimReady");
  // RFC 1123 subdomain: what every object name in these tables is (pods, nodes, DaemonSets, Workspaces, NodeClaims).
  private static final Pattern OBJECT_NAME = Pattern.compile("[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*");

  private KubectlTableText() {}

  static boolean isWorkspaceConditionColumn(String column) {
    return WORKSPACE_CONDITIONS.containsKey(column);
  }

  static void read(PastedSection section, String path, BundleBuilder out) {
    List<TextLine> lines = section.lines();
    TextTable table = TextTable.fromHeader(lines.get(0).text());
    List<TextLine> rows = lines.subList(1, lines.size());
    String namespace = section.context().namespace();
    if (table.has("LAST SEEN")) {
      List<EventText.Row> events = EventText.getTable(lines, namespace);
      out.used(Topics.EVENTS, path);
      out.later(1, at -> EventText.place(events, path, at));
    } else if (isPodsTable(table)) {
      out.used(Topics.PODS, path);
      out.later(1, at -> pods(table, rows, namespace, path, at));
    } else if (table.has("ROLES")) {
      out.used(NODES_TABLE, path);
      out.later(1, at -> nodes(table, rows, path, at));
    } else if (table.has("DESIRED")) {
      out.used(Topics.DAEMONSETS, path);
      out.later(1, at -> daemonSets(table, rows, namespace, path, at));
    } else if (table.has("INSTANCE")) {
      out.used(Topics.WORKSPACES, path);
      out.later(1, at -> workspaces(table, rows, namespace, path, at));
    } else {
      out.used(Topics.NODECLAIMS, path);
      out.later(1, at -> nodeClaims(table, rows, path, at));
    }
  }

  private static boolean isPodsTable(TextTable table) {
    return table.has("READY") && table.has("RESTARTS");
  }

  /** The {namespace, name} of each pod a pods table lists (none for any other table). */
  static List<List<String>> podsListed(PastedSection section) {
    List<TextLine> lines = section.lines();
    TextTable table = TextTable.fromHeader(lines.get(0).text());
    if (table.has("LAST SEEN") || !isPodsTable(table)) return List.of();
    List<List<String>> pods = new ArrayList<>();
    for (TextLine line : lines.subList(1, lines.size())) {
      Map<String, String> c = table.row(line.text());
      String name = name(c.get("NAME"), "Pod");
      String namespace = c.containsKey("NAMESPACE") ? TextValues.value(c.get("NAMESPACE")) : section.context().namespace();
      if (name != null) pods.add(java.util.Arrays.asList(namespace, name));
    }
    return pods;
  }

  /**
   * The object name of a NAME cell: without the {@code kind/} prefix {@code kubectl get all} puts
   * on it (a row of another kind is not this table's), null when it is no object name at all.
   */
  static String name(String cell, String kind) {
    String name = TextValues.value(cell);
    if (name == null) return null;
    int slash = name.indexOf('/');
    if (slash >= 0) {
      if (!kind.equals(KubectlKinds.kind(name.substring(0, slash)))) return null;
      name = name.substring(slash + 1);
    }
    return name.length() <= 253 && OBJECT_NAME.matcher(name).matches() ? name : null;
  }

  /** One row of a table, its name known, turned into a fact (or null). */
  private interface RowFact {
    Object read(Map<String, String> cells, String name, TextLine line, Duration age);
  }

  /** Reads each named row once the capture time is known; an object already read (JSON, describe) wins. */
  private static void rows(TextTable table, List<TextLine> rows, String kind, String path, TextPlacement at,
      RowFact reader) {
    boolean aged = false;
    for (TextLine line : rows) {
      Map<String, String> c = table.row(line.text());
      String name = name(c.get("NAME"), kind);
      if (name == null) continue;
      Duration age = RelativeAge.age(c.get("AGE"));
      aged |= age != null;
      Object fact = reader.read(c, name, line, age);
      if (fact != null && !at.out().hasFact(fact)) at.out().fact(fact);
    }
    if (aged && at.capturedAt() == null) at.noCaptureTime(path);
  }

  /** The NAMESPACE column, else the command's {@code -n}, else the target's namespace. */
  private static String namespace(Map<String, String> c, String namespace, TextPlacement at) {
    return c.containsKey("NAMESPACE") ? TextValues.value(c.get("NAMESPACE"))
        : namespace != null ? namespace : at.targetNamespace();
  }

  private static void pods(TextTable table, List<TextLine> rows, String namespace, String path, TextPlacement at) {
    rows(table, rows, "Pod", path, at, (c, name, line, age) -> {
      String status = TextValues.value(c.get("STATUS"));
      String phase = phase(status);
      String reason = phase == null || failedReason(status) ? status : null;
      Set<String> unknown = new TreeSet<>(Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_SELECTOR,
          PodFacts.AFFINITY, PodFacts.OWNER, PodFacts.LABELS, PodFacts.CONDITIONS));
      if (!c.containsKey("NODE")) unknown.add(PodFacts.NODE_NAME);
      Provenance where = line.at(path);
      RelativeAge restarts = RelativeAge.restarts(c.get("RESTARTS"));
      List<ContainerStatusFacts> statuses = new ArrayList<>();
      if (status != null && (phase == null || restarts != null && restarts.count() > 0)) {
        // The table sums the pod's containers: a status with no container name, as the table shows it.
        boolean terminated = TERMINATED_REASONS.contains(status);
        boolean waiting = phase == null && !terminated && !status.startsWith("Terminating");
        statuses.add(new ContainerStatusFacts(null, allReady(c.get("READY")), restarts == null ? 0 : restarts.count(),
            waiting ? status : null, null, terminated ? status : null, null, null, null, null,
            restarts == null ? null : at.ago(restarts.last()), where));
      } else {
        unknown.add(PodFacts.CONTAINER_STATUSES);
      }
      return new PodFacts(namespace(c, namespace, at), name, phase, reason, null,
          c.containsKey("NODE") ? TextValues.value(c.get("NODE")) : null, at.ago(age), null, null, Map.of(), List.of(),
          List.of(), Map.of(), List.of(), List.of(), statuses, where, unknown);
    });
  }

  /** READY {@code 1/1}: every container of the pod is ready; {@code 0/1}, or anything else, is not. */
  private static boolean allReady(String ready) {
    String v = TextValues.value(ready);
    if (v == null) return false;
    int slash = v.indexOf('/');
    return slash > 0 && v.substring(0, slash).equals(v.substring(slash + 1)) && !v.startsWith("0/");
  }

  /** The pod phase when the STATUS column is one; a container or pod reason otherwise (phase unknown). */
  static String phase(String status) {
    if (status == null) return null;
    return switch (status) {
      case "Pending", "Running", "Succeeded", "Failed", "Unknown" -> status;
      case "Completed" -> "Succeeded";
      default -> failedReason(status) ? "Failed" : null;
    };
  }

  /** A STATUS that is the reason of a Failed pod (the kubelet's OutOf<resource> rejections among them), kept as its reason. */
  private static boolean failedReason(String status) {
    return POD_FAILED_REASONS.contains(status) || status.startsWith("OutOf");
  }

  private static void nodes(TextTable table, List<TextLine> rows, String path, TextPlacement at) {
    rows(table, rows, "Node", path, at, (c, name, line, age) -> {
      String status = c.getOrDefault("STATUS", "");
      Set<String> unknown = new TreeSet<>(Set.of(NodeFacts.TAINTS, NodeFacts.CAPACITY, NodeFacts.ALLOCATABLE,
          NodeFacts.CONDITIONS));
      Map<String, String> labels = new TreeMap<>();
      if (c.containsKey("LABELS")) {
        for (String pair : c.get("LABELS").split(",")) {
          int eq = pair.indexOf('=');
          if (eq <= 0) continue;
          String value = pair.substring(eq + 1);
          if (Redaction.isRedacted(value)) unknown.add(NodeFacts.LABELS);
          else labels.put(pair.substring(0, eq), value);
        }
      } else {
        unknown.add(NodeFacts.LABELS);
      }
      Provenance where = line.at(path);
      String ready = status.startsWith("Ready") ? "True" : status.startsWith("NotReady") ? "False" : "Unknown";
      return new NodeFacts(name, labels, List.of(), Map.of(), Map.of(),
          List.of(new Condition("Ready", ready, null, null, null, where)), status.contains("SchedulingDisabled"),
          at.ago(age), where, unknown);
    });
  }

  /**
   * {@code kubectl get daemonsets}: the counts and the node selector; tolerations, affinity, images
   * (unless {@code -o wide}) and ports are not shown, so they are unknown.
   */
  private static void daemonSets(TextTable table, List<TextLine> rows, String namespace, String path, TextPlacement at) {
    rows(table, rows, "DaemonSet", path, at, (c, name, line, age) -> {
      Set<String> unknown = new TreeSet<>(Set.of(DaemonSetFacts.TOLERATIONS, DaemonSetFacts.AFFINITY,
          DaemonSetFacts.CONTAINER_PORTS));
      List<String> images = new ArrayList<>();
      String shownImages = TextValues.value(c.get("IMAGES"));
      if (shownImages != null) images.addAll(List.of(shownImages.split(",")));
      else unknown.add(DaemonSetFacts.IMAGES);
      Integer desired = TextValues.integer(c.get("DESIRED"));
      Integer current = TextValues.integer(c.get("CURRENT"));
      Integer ready = TextValues.integer(c.get("READY"));
      Integer available = TextValues.integer(c.get("AVAILABLE"));
      // A count that cannot be read is not zero: the row says nothing then.
      if (desired == null || current == null || ready == null || available == null) return null;
      // Not the target's namespace: that is the workload's, and DaemonSets live elsewhere (kube-system, gpu-operator).
      String ns = c.containsKey("NAMESPACE") ? TextValues.value(c.get("NAMESPACE")) : namespace;
      return new DaemonSetFacts(ns, name, images, List.of(), selector(c.get("NODE SELECTOR")),
          List.of(), List.of(), desired, current, ready, available, line.at(path), unknown);
    });
  }

  /** {@code kubernetes.io/os=linux,nvidia.com/gpu.present=true}; {@code <none>} is no selector. */
  private static Map<String, String> selector(String cell) {
    Map<String, String> selector = new TreeMap<>();
    String value = TextValues.value(cell);
    if (value == null) return selector;
    for (String pair : value.split(",")) {
      int eq = pair.indexOf('=');
      if (eq > 0) selector.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
    }
    return selector;
  }

  private static void workspaces(TextTable table, List<TextLine> rows, String namespace, String path, TextPlacement at) {
    rows(table, rows, "Workspace", path, at, (c, name, line, age) -> {
      Provenance where = line.at(path);
      List<Condition> conditions = new ArrayList<>();
      for (Map.Entry<String, String> cell : c.entrySet()) {
        String type = WORKSPACE_CONDITIONS.get(cell.getKey());
        String value = TextValues.value(cell.getValue());
        if (type != null && value != null) conditions.add(new Condition(type, value, null, null, null, where));
      }
      return new WorkspaceFacts(null, namespace(c, namespace, at), name, TextValues.value(c.get("INSTANCE")), null,
          Map.of(), null, at.ago(age), conditions, TextValues.value(c.get("STATE")), where, List.of(), minutes(age));
    });
  }

  private static void nodeClaims(TextTable table, List<TextLine> rows, String path, TextPlacement at) {
    rows(table, rows, "NodeClaim", path, at, (c, name, line, age) -> {
      Provenance where = line.at(path);
      String ready = TextValues.value(c.get("READY"));
      return new NodeClaimFacts(name, Map.of(), TextValues.value(c.get("TYPE")), at.ago(age),
          ready == null ? List.of() : List.of(new Condition("Ready", ready, null, null, null, where)), where,
          minutes(age));
    });
  }

  /**
   * The AGE as the table showed it, in whole minutes. It is kept beside {@code createdAt} because
   * a pasted table rarely comes with its capture time: an 8m-old Workspace is inside KAITO's
   * 10-minute window whenever the table was printed.
   */
  private static Long minutes(Duration age) {
    return age == null ? null : age.toMinutes();
  }
}
