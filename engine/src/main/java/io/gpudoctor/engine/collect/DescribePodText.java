package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.PodPriority;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Toleration;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code kubectl describe pod}: the same PodFacts as the pod's JSON wherever the text carries the
 * field. Describe shows no affinity (and no waiting message), so the fact says affinity is unknown
 * rather than absent; its Events table becomes KubeEvents about the pod. A describe trimmed of its
 * {@code Name:} line (a fragment) is a pod whose name is unknown: the pod the pasted command names,
 * else the target's pod, else {@link PodFacts#UNNAMED}; every field it does not show is unknown. The
 * lines of one container pasted alone ({@link DescribeText#containerOnly}) are that pod's one container
 * shown, named {@link DescribeText#PASTED_CONTAINER}; its other containers are unknown.
 */
final class DescribePodText {
  // kubectl's toleration form: key[=value][:Effect][ op=Exists][ for Ns]
  private static final Pattern TOLERATION = Pattern.compile(
      "^([^=:\\s]*)(?:=([^:\\s]*))?(?::(\\w+))?(?:\\s*op=Exists)?(?:\\s+for\\s+\\d+s)?$");
  private static final Pattern TOLERATION_SHAPE = Pattern.compile(".*(?::(?:NoSchedule|NoExecute|PreferNoSchedule)\\b|op=Exists).*");
  private static final Pattern PHASE = Pattern.compile("Pending|Running|Succeeded|Failed|Unknown|Terminating(?: \\(lasts .*\\))?");
  private static final Pattern REASON = Pattern.compile("[A-Z][A-Za-z]+");
  // At the margin only in a pod's describe: a Job's or a Deployment's containers sit under "Pod Template:".
  private static final Set<String> POD_ONLY = Set.of("Containers", "Init Containers", "QoS Class");
  private static final Set<String> POD_KEYS = Set.of("Status", "Reason", "Message", "IP", "IPs", "Node", "Tolerations",
      "Node-Selectors", "Containers", "Init Containers", "QoS Class", "Controlled By", "Priority", "Service Account",
      "Conditions", "Events");
  // The keys among them that, with a value of their shape, tell a pod from a Service (IP, Events), a
  // ReplicaSet (Controlled By) or a Deployment (Conditions, Events).
  private static final Set<String> TELLING = Set.of("Status", "Reason", "Message", "Node", "Tolerations",
      "Node-Selectors", "Containers", "Init Containers", "QoS Class");

  private DescribePodText() {}

  static boolean isPodKey(String key) {
    return POD_KEYS.contains(key);
  }

  static boolean isPod(DescribeText d) {
    if (POD_ONLY.stream().anyMatch(d::has)) return true;
    return !DescribeNodeText.hasNodeKey(d) && (podKeysTell(d) || tolerationsShown(d));
  }

  /**
   * A pod's describe without its {@code Name:} line: two or more keys only a pod's describe has
   * (one of them telling, with a value of its shape), a lone {@code Tolerations:} block, or a lone
   * {@code Containers:} block.
   */
  static boolean isFragment(DescribeText d) {
    if (d.has("Name")) return false;
    if (block(d.field("Containers")) || block(d.field("Init Containers"))) return true;
    return !DescribeNodeText.hasNodeKey(d) && (podKeysTell(d) || tolerationsShown(d));
  }

  private static boolean podKeysTell(DescribeText d) {
    int shown = 0;
    boolean telling = false;
    for (String key : POD_KEYS) {
      DescribeText.Field f = d.field(key);
      if (f == null || !shows(f)) continue;
      shown++;
      telling |= TELLING.contains(key);
    }
    return telling && shown >= 2;
  }

  /** The field holds what a pod's describe prints there (a phase under Status, a CamelCase Reason ...). */
  private static boolean shows(DescribeText.Field f) {
    return switch (f.key()) {
      case "Status" -> PHASE.matcher(f.value()).matches();
      case "Reason" -> REASON.matcher(f.value()).matches();
      case "Message" -> !f.value().isBlank();
      case "Tolerations" -> tolerationsShaped(f);
      case "Containers", "Init Containers" -> block(f);
      case "Conditions" -> f.body().stream().anyMatch(l -> !l.blank());
      default -> true;
    };
  }

  private static boolean tolerationsShown(DescribeText d) {
    DescribeText.Field f = d.field("Tolerations");
    return f != null && tolerationsShaped(f);
  }

  private static boolean tolerationsShaped(DescribeText.Field f) {
    return f.values().stream().anyMatch(l -> TOLERATION_SHAPE.matcher(l.text()).matches());
  }

  private static boolean block(DescribeText.Field f) {
    return f != null && f.children().stream().anyMatch(n -> n.key() != null);
  }

  static void read(DescribeText d, PastedSection section, String path, BundleBuilder out) {
    boolean fragment = !d.has("Name");
    String named = fragment ? section.context().pod() : d.value("Name");
    if (named == null && !fragment) {
      out.warning(path + " " + section.first().pointer() + ": pod description without a readable name; skipped");
      return;
    }
    String namespace = fragment && d.value("Namespace") == null ? section.context().namespace() : d.value("Namespace");
    Set<String> unknown = new TreeSet<>(Set.of(PodFacts.AFFINITY));
    // A fragment shows no Controlled By because it was cut off, not because the pod has no owner.
    if (fragment && !d.has("Controlled By")) unknown.add(PodFacts.OWNER);
    List<ContainerFacts> containers = new ArrayList<>();
    List<ContainerStatusFacts> statuses = new ArrayList<>();
    containers(d.field("Containers"), false, path, containers, statuses, out);
    containers(d.field("Init Containers"), true, path, containers, statuses, out);
    // One container pasted alone leaves the pod's other containers unknown.
    if (!d.has("Containers") || d.containerOnly()) {
      unknown.add(PodFacts.CONTAINERS);
      unknown.add(PodFacts.CONTAINER_STATUSES);
    }
    List<Toleration> tolerations = tolerations(d.field("Tolerations"), path, out);
    if (tolerations == null) {
      unknown.add(PodFacts.TOLERATIONS);
      tolerations = List.of();
    }
    Map<String, String> nodeSelector = pairs(d.field("Node-Selectors"), '=', () -> unknown.add(PodFacts.NODE_SELECTOR));
    if (nodeSelector == null) {
      unknown.add(PodFacts.NODE_SELECTOR);
      nodeSelector = Map.of();
    }
    Map<String, String> labels = pairs(d.field("Labels"), '=', () -> unknown.add(PodFacts.LABELS));
    if (labels == null) {
      unknown.add(PodFacts.LABELS);
      labels = Map.of();
    }
    String owner = d.value("Controlled By");
    String nodeName = d.value("Node");
    if (nodeName != null && nodeName.contains("/")) nodeName = nodeName.substring(0, nodeName.indexOf('/'));
    if (!d.has("Node")) unknown.add(PodFacts.NODE_NAME);
    Instant started = TextValues.time(d.value("Start Time"));
    out.observed(started);
    Map<String, Integer> parts = new java.util.HashMap<>();
    part(parts, "/metadata/labels", d.field("Labels"));
    part(parts, "/spec/tolerations", d.field("Tolerations"));
    part(parts, "/spec", d.field("Node-Selectors"));
    part(parts, "/spec/nodeName", d.field("Node"));
    part(parts, "/status", d.field("Status"));
    part(parts, "/status/conditions", d.field("Conditions"));
    containerLines(parts, "/spec/containers", d.field("Containers"));
    containerLines(parts, "/spec/initContainers", d.field("Init Containers"));
    Provenance at = Provenance.ofLines(path, section.first().number(), parts);
    List<Condition> conditions = conditions(d.field("Conditions"), path);
    if (!d.has("Conditions")) unknown.add(PodFacts.CONDITIONS);
    String phase = d.value("Status");
    if (phase != null && phase.startsWith("Terminating")) phase = null;
    // Describe shows the start time, not the creation time: createdAt stays unknown.
    PodFacts shown = new PodFacts(namespace, named, phase, d.value("Reason"), d.value("Message"), nodeName,
        null, owner == null || !owner.contains("/") ? null : owner.substring(0, owner.indexOf('/')),
        owner == null || !owner.contains("/") ? null : owner.substring(owner.indexOf('/') + 1),
        labels, containers, tolerations, nodeSelector, List.of(), conditions, statuses, at, unknown);
    DescribedSharedMemory sharedMemory = DescribedSharedMemory.read(d, path);
    Integer priority = TextValues.integer(d.value("Priority"));
    String priorityClass = d.value("Priority Class Name");
    out.used(Topics.PODS, path);
    DescribeText.Field events = d.field("Events");
    if (events != null) out.used(Topics.EVENTS, path);
    out.later(0, placement -> {
      PodFacts pod = named != null ? shown : unnamed(shown, placement);
      if (!placement.out().hasFact(pod)) placement.out().fact(pod);
      if (sharedMemory != null) placement.out().fact(sharedMemory.of(pod.key()));
      if (priority != null || priorityClass != null) {
        placement.out().fact(new PodPriority(pod.key(), null, priority, priorityClass, at));
      }
      if (events != null) {
        EventText.place(EventText.describeTable(events.body(), pod.namespace(), "Pod", pod.name()), path, placement);
      }
    });
  }

  /** A fragment's pod: the target's pod when the target names one, else a pod whose name is unknown. */
  private static PodFacts unnamed(PodFacts p, TextPlacement placement) {
    String target = placement.targetPod();
    Set<String> unknown = new TreeSet<>(p.fieldsUnknown());
    if (target == null) unknown.add(PodFacts.NAME);
    String namespace = p.namespace() != null ? p.namespace() : target != null ? placement.targetNamespace() : null;
    return new PodFacts(namespace, target != null ? target : PodFacts.UNNAMED, p.phase(), p.reason(), p.message(),
        p.nodeName(), p.createdAt(), p.ownerKind(), p.ownerName(), p.labels(), p.containers(), p.tolerations(),
        p.nodeSelector(), p.requiredNodeAffinity(), p.conditions(), p.containerStatuses(), p.provenance(), unknown);
  }

  static void part(Map<String, Integer> parts, String pointer, DescribeText.Field field) {
    if (field != null) parts.put(pointer, field.line().number());
  }

  /** Each container's line, and its Limits (else Requests) line for {@code resources}. */
  private static void containerLines(Map<String, Integer> parts, String pointer, DescribeText.Field field) {
    if (field == null) return;
    parts.put(pointer, field.line().number());
    int i = 0;
    for (DescribeText.Node c : field.children()) {
      if (c.key() == null) continue;
      parts.put(pointer + "/" + i, c.line().number());
      DescribeText.Node resources = c.child("Limits") != null ? c.child("Limits") : c.child("Requests");
      if (resources != null) parts.put(pointer + "/" + i + "/resources", resources.line().number());
      i++;
    }
  }

  private static void containers(DescribeText.Field field, boolean init, String path, List<ContainerFacts> out,
      List<ContainerStatusFacts> statuses, BundleBuilder bundle) {
    if (field == null) return;
    for (DescribeText.Node c : field.children()) {
      if (c.key() == null) continue;
      Map<String, String> limits = resources(c.child("Limits"));
      Map<String, String> requests = resources(c.child("Requests"));
      out.add(new ContainerFacts(c.key(), init, requests, limits));
      DescribeText.Node state = c.child("State");
      if (state == null) continue;
      DescribeText.Node last = c.child("Last State");
      Integer restarts = TextValues.integer(c.childValue("Restart Count"));
      Instant finished = terminated(state) ? TextValues.time(state.childValue("Finished")) : null;
      Instant lastFinished = last != null && terminated(last) ? TextValues.time(last.childValue("Finished")) : null;
      bundle.observed(finished);
      bundle.observed(lastFinished);
      statuses.add(new ContainerStatusFacts(c.key(), "True".equals(TextValues.value(c.childValue("Ready"))),
          restarts == null ? 0 : restarts,
          "Waiting".equals(state.value()) ? TextValues.value(state.childValue("Reason")) : null,
          null,
          terminated(state) ? TextValues.value(state.childValue("Reason")) : null,
          terminated(state) ? TextValues.integer(state.childValue("Exit Code")) : null,
          finished,
          last != null && terminated(last) ? TextValues.value(last.childValue("Reason")) : null,
          last != null && terminated(last) ? TextValues.integer(last.childValue("Exit Code")) : null,
          lastFinished,
          state.line().at(path)));
    }
  }

  private static boolean terminated(DescribeText.Node state) {
    return "Terminated".equals(state.value());
  }

  static Map<String, String> resources(DescribeText.Node node) {
    Map<String, String> map = new TreeMap<>();
    if (node == null) return map;
    for (DescribeText.Node r : node.children()) {
      String v = TextValues.value(r.value());
      if (r.key() != null && v != null) map.put(r.key(), v);
    }
    return map;
  }

  /** Null when the field is absent (not captured); empty for {@code <none>}. */
  static List<Toleration> tolerations(DescribeText.Field field, String path, BundleBuilder out) {
    if (field == null) return null;
    boolean[] unknownTolerations = {false};
    List<Toleration> list = new ArrayList<>();
    for (TextLine line : field.values()) {
      String text = line.trimmed();
      if (text.equals("<none>")) continue;
      if (Redaction.isRedacted(text) || Redaction.isRedacted(text.replaceAll("[:=].*", ""))) {
        unknownTolerations[0] = true;
        continue;
      }
      if (text.startsWith("op=Exists")) {
        list.add(new Toleration("", "Exists", "", ""));
        continue;
      }
      Matcher m = TOLERATION.matcher(text);
      if (!m.matches()) {
        out.warning(path + " " + line.pointer() + ": toleration '" + text + "' not understood; ignored");
        continue;
      }
      boolean exists = text.contains("op=Exists");
      if (m.group(2) != null && Redaction.isRedacted(m.group(2))) {
        unknownTolerations[0] = true;
        continue;
      }
      list.add(new Toleration(m.group(1), exists ? "Exists" : "Equal", m.group(2), m.group(3)));
    }
    // One blanked-out toleration makes the whole list unknown: it may be the one that matters.
    return unknownTolerations[0] ? null : list;
  }

  /** {@code key=value} (labels, selectors) or {@code key: value} (annotations) lines; null when absent. */
  static Map<String, String> pairs(DescribeText.Field field, char separator) {
    return pairs(field, separator, () -> {});
  }

  /** As {@link #pairs(DescribeText.Field, char)}; {@code onRedacted} runs when a value was blanked out. */
  static Map<String, String> pairs(DescribeText.Field field, char separator, Runnable onRedacted) {
    if (field == null) return null;
    Map<String, String> map = new TreeMap<>();
    for (TextLine line : field.values()) {
      String text = line.trimmed();
      int at = text.indexOf(separator);
      if (at <= 0) continue;
      String value = text.substring(at + 1).strip();
      // A redacted value is unknown: the key is left out rather than matched against.
      if (Redaction.isRedacted(value)) {
        onRedacted.run();
        continue;
      }
      map.put(text.substring(0, at), value);
    }
    return map;
  }

  /** The pod Conditions table ({@code Type  Status}); describe shows no reasons or messages for pods. */
  static List<Condition> conditions(DescribeText.Field field, String path) {
    List<Condition> list = new ArrayList<>();
    if (field == null) return list;
    TextTable table = null;
    for (TextLine line : field.body()) {
      if (line.blank()) continue;
      if (table == null) {
        table = TextTable.fromHeader(line.text());
        continue;
      }
      if (TextTable.isUnderline(line.text())) continue;
      Map<String, String> cells = table.row(line.text());
      String type = TextValues.value(cells.get("TYPE"));
      if (type == null) continue;
      list.add(new Condition(type, TextValues.value(cells.get("STATUS")), TextValues.value(cells.get("REASON")),
          TextValues.value(cells.get("MESSAGE")), TextValues.time(cells.get("LASTTRANSITIONTIME")),
          line.at(path)));
    }
    return list;
  }
}
