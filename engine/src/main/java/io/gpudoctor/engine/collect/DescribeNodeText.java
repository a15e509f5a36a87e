package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodeRequests;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Taint;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code kubectl describe node}: labels, taints, unschedulable, conditions (with reasons and
 * messages), capacity and allocatable, the same NodeFacts as the node's JSON. A field the text
 * does not hold (a trimmed paste) is recorded as unknown, not empty. A describe trimmed of its
 * {@code Name:} line (a lone {@code Capacity:}/{@code Allocatable:} block) is a node whose name is
 * the one the pasted command names, else unknown ({@link NodeFacts#UNNAMED}).
 */
final class DescribeNodeText {
  // Keys at the margin of `kubectl describe node` only; Capacity and Allocatable count as blocks of
  // resources (a PersistentVolume's describe prints "Capacity:  10Gi" on one line).
  private static final Set<String> NODE_KEYS = Set.of("Roles", "Taints", "Unschedulable", "Capacity", "Allocatable",
      "System Info", "Allocated resources", "Addresses", "Lease", "Non-terminated Pods", "PodCIDR", "PodCIDRs",
      "ProviderID");

  private DescribeNodeText() {}

  static boolean isNodeKey(String key) {
    return NODE_KEYS.contains(key);
  }

  static boolean isNode(DescribeText d) {
    return d.has("Roles") || resourceBlock(d, "Capacity") || resourceBlock(d, "Allocatable")
        || d.has("Taints") && d.has("Unschedulable") || nodeKeysShown(d) >= 2;
  }

  /** A node's describe without its {@code Name:} line: a Capacity or Allocatable block, or two keys only a node's describe has. */
  static boolean isFragment(DescribeText d) {
    return !d.has("Name") && (resourceBlock(d, "Capacity") || resourceBlock(d, "Allocatable") || nodeKeysShown(d) >= 2);
  }

  /** Whether the describe holds a key that only a node's has: then it is no pod's. */
  static boolean hasNodeKey(DescribeText d) {
    return nodeKeysShown(d) > 0;
  }

  private static int nodeKeysShown(DescribeText d) {
    int shown = 0;
    for (String key : NODE_KEYS) {
      boolean resources = key.equals("Capacity") || key.equals("Allocatable");
      if (resources ? resourceBlock(d, key) : d.has(key)) shown++;
    }
    return shown;
  }

  private static boolean resourceBlock(DescribeText d, String key) {
    DescribeText.Field f = d.field(key);
    return f != null && f.value().isEmpty() && f.children().stream().anyMatch(n -> n.key() != null);
  }

  static void read(DescribeText d, PastedSection section, String path, BundleBuilder out) {
    boolean fragment = !d.has("Name");
    String name = fragment ? section.context().node() : d.value("Name");
    if (name == null && !fragment) {
      out.warning(path + " " + section.first().pointer() + ": node description without a readable name; skipped");
      return;
    }
    Set<String> unknown = new TreeSet<>();
    if (name == null) {
      unknown.add(NodeFacts.NAME);
      name = NodeFacts.UNNAMED;
    }
    Map<String, String> labels = DescribePodText.pairs(d.field("Labels"), '=', () -> unknown.add(NodeFacts.LABELS));
    if (labels == null) {
      unknown.add(NodeFacts.LABELS);
      labels = Map.of();
    }
    List<Taint> taints = taints(d.field("Taints"), path, out, unknown);
    if (taints == null) {
      unknown.add(NodeFacts.TAINTS);
      taints = List.of();
    }
    Map<String, String> capacity = quantities(d.field("Capacity"));
    if (capacity == null) unknown.add(NodeFacts.CAPACITY);
    Map<String, String> allocatable = quantities(d.field("Allocatable"));
    if (allocatable == null) unknown.add(NodeFacts.ALLOCATABLE);
    if (!d.has("Conditions")) unknown.add(NodeFacts.CONDITIONS);
    if (!d.has("Unschedulable")) unknown.add(NodeFacts.UNSCHEDULABLE);
    Instant created = TextValues.time(d.value("CreationTimestamp"));
    out.observed(created);
    var conditions = DescribePodText.conditions(d.field("Conditions"), path);
    conditions.forEach(c -> out.observed(c.lastTransitionTime()));
    NodeFacts node = new NodeFacts(name, labels, taints, capacity == null ? Map.of() : capacity,
        allocatable == null ? Map.of() : allocatable, conditions, "true".equals(d.value("Unschedulable")),
        created, provenance(d, section, path), unknown);
    out.used(Topics.NODES, path);
    NodeRequests requests = fragment ? null : requests(name, d, path);
    out.later(0, placement -> {
      if (!placement.out().hasFact(node)) placement.out().fact(node);
      if (requests != null && !placement.out().hasFact(requests)) placement.out().fact(requests);
    });
    DescribeText.Field events = d.field("Events");
    if (events != null) {
      List<EventText.Row> rows = EventText.describeTable(events.body(), null, "Node", name);
      out.used(Topics.EVENTS, path);
      out.later(0, placement -> EventText.place(rows, path, placement));
    }
  }

  private static final java.util.regex.Pattern COLUMNS = java.util.regex.Pattern.compile("\\s{2,}");

  /** The node's Allocated resources and Non-terminated Pods, or null when the describe shows neither. */
  private static NodeRequests requests(String node, DescribeText d, String path) {
    DescribeText.Field allocated = d.field("Allocated resources");
    DescribeText.Field pods = d.field("Non-terminated Pods");
    if (allocated == null && pods == null) return null;
    Map<String, String> requested = new TreeMap<>();
    if (allocated != null) {
      for (Row row : rows(allocated.body(), "Resource", 2)) requested.put(row.cells()[0], firstWord(row.cells()[1]));
    }
    List<NodeRequests.PodRequest> listed = new ArrayList<>();
    if (pods != null) {
      // Namespace, Name, CPU Requests, CPU Limits, Memory Requests (and Memory Limits, Age).
      for (Row row : rows(pods.body(), "Namespace", 5)) {
        String[] c = row.cells();
        listed.add(new NodeRequests.PodRequest(c[0], c[1], firstWord(c[2]), firstWord(c[4]), row.line().at(path)));
      }
    }
    TextLine first = allocated != null ? allocated.line() : pods.line();
    return new NodeRequests(node, requested, pods != null, listed, Provenance.ofLines(path, first.number(), Map.of()));
  }

  private record Row(TextLine line, String[] cells) {}

  /**
   * The rows of a table under a describe field with at least {@code columns} cells: its header (first cell {@code
   * header}), its dashes and its notes in parentheses skipped.
   */
  private static List<Row> rows(List<TextLine> body, String header, int columns) {
    List<Row> rows = new ArrayList<>();
    for (TextLine line : body) {
      String text = line.trimmed();
      if (line.blank() || text.startsWith("(") || text.startsWith("---")) continue;
      String[] cells = COLUMNS.split(text);
      if (cells.length >= columns && !cells[0].equals(header)) rows.add(new Row(line, cells));
    }
    return rows;
  }

  private static String firstWord(String cell) {
    int space = cell.indexOf(' ');
    return space < 0 ? cell : cell.substring(0, space);
  }

  private static Provenance provenance(DescribeText d, PastedSection section, String path) {
    Map<String, Integer> parts = new java.util.HashMap<>();
    DescribePodText.part(parts, "/metadata/labels", d.field("Labels"));
    DescribePodText.part(parts, "/spec/taints", d.field("Taints"));
    DescribePodText.part(parts, "/spec/unschedulable", d.field("Unschedulable"));
    DescribePodText.part(parts, "/status/capacity", d.field("Capacity"));
    DescribePodText.part(parts, "/status/allocatable", d.field("Allocatable"));
    DescribePodText.part(parts, "/status", d.has("Allocatable") ? d.field("Allocatable") : d.field("Capacity"));
    DescribePodText.part(parts, "/status/conditions", d.field("Conditions"));
    return Provenance.ofLines(path, section.first().number(), parts);
  }

  /** {@code key=value:Effect} per line; null when the field is absent; empty for {@code <none>}. */
  private static List<Taint> taints(DescribeText.Field field, String path, BundleBuilder out, Set<String> unknown) {
    if (field == null) return null;
    List<Taint> taints = new ArrayList<>();
    for (TextLine line : field.values()) {
      String text = line.trimmed();
      if (text.equals("<none>")) continue;
      Taint t = Taint.parse(text);
      if (t.effect().isEmpty() || t.key().isEmpty()) {
        out.warning(path + " " + line.pointer() + ": taint '" + text + "' not understood; ignored");
        continue;
      }
      // A blanked-out taint is unknown: the node's taints as a whole are then not known.
      if (Redaction.isRedacted(t.value()) || Redaction.isRedacted(t.key())) {
        unknown.add(NodeFacts.TAINTS);
        continue;
      }
      taints.add(t);
    }
    return taints;
  }

  private static Map<String, String> quantities(DescribeText.Field field) {
    if (field == null) return null;
    Map<String, String> map = new TreeMap<>();
    for (DescribeText.Node n : field.children()) {
      String v = TextValues.value(n.value());
      // A quantity is one token: what follows it is a note pasted beside it ("7   <=== here", "# was 8").
      if (v != null) v = v.strip().split("\\s+", 2)[0];
      if (n.key() != null && v != null && !v.isEmpty()) map.put(n.key(), v);
    }
    return map;
  }
}
