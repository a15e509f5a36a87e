package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Provenance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Events as people paste them: the {@code Events:} table of {@code kubectl describe}
 * ({@code Type  Reason  Age  From  Message}, ages like {@code 2m5s (x3 over 12m)}), the
 * {@code kubectl get events} table ({@code LAST SEEN  TYPE  REASON  OBJECT  MESSAGE}, also with
 * {@code NAMESPACE} and {@code -o wide}), and bare rows of either without their header.
 */
final class EventText {
  /** An event row before its ages are placed in time and its object is known. */
  record Row(String namespace, String kind, String name, String type, String reason, RelativeAge age,
      String from, String message, TextLine line) {}

  private EventText() {}

  /** The rows of a describe {@code Events:} table (header, underline, rows), about one object. */
  static List<Row> describeTable(List<TextLine> body, String namespace, String kind, String name) {
    List<Row> rows = new ArrayList<>();
    TextTable table = null;
    for (TextLine line : body) {
      if (line.blank()) continue;
      if (table == null) {
        if (line.trimmed().startsWith("Type") && line.text().contains("Reason")) table = TextTable.fromHeader(line.text());
        continue;
      }
      if (TextTable.isUnderline(line.text())) continue;
      Row row = describeRow(table.row(line.text()), namespace, kind, name, line);
      if (row != null) rows.add(row);
    }
    return rows;
  }

  /** Bare describe-style rows without a header: split on runs of two or more spaces. */
  static List<Row> bareLines(List<TextLine> lines, String namespace, String name) {
    TextTable table = TextTable.fromHeader("TYPE  REASON  AGE  FROM  MESSAGE");
    List<Row> rows = new ArrayList<>();
    for (TextLine line : lines) {
      Row row = describeRow(table.row(line.trimmed()), namespace, name == null ? null : "Pod", name, line);
      if (row != null) rows.add(row);
    }
    return rows;
  }

  private static Row describeRow(Map<String, String> cells, String namespace, String kind, String name, TextLine line) {
    String type = cells.get("TYPE");
    if (!"Normal".equals(type) && !"Warning".equals(type)) return null;
    RelativeAge age = RelativeAge.event(cells.get("AGE"));
    return new Row(namespace, kind, name, type, cells.get("REASON"), age, TextValues.value(cells.get("FROM")),
        cells.get("MESSAGE"), line);
  }

  /** The rows of a {@code kubectl get events} table; the header is the first line. */
  static List<Row> getTable(List<TextLine> lines, String defaultNamespace) {
    TextTable table = TextTable.fromHeader(lines.get(0).text());
    List<Row> rows = new ArrayList<>();
    for (TextLine line : lines.subList(1, lines.size())) {
      Map<String, String> cells = table.row(line.text());
      String type = cells.get("TYPE");
      if (!"Normal".equals(type) && !"Warning".equals(type)) continue;
      String object = cells.getOrDefault("OBJECT", "");
      String kind = null;
      String name = TextValues.value(object);
      if (name != null && name.contains("/")) {
        kind = kindOf(name.substring(0, name.indexOf('/')));
        name = name.substring(name.indexOf('/') + 1);
      }
      String namespace = cells.containsKey("NAMESPACE") ? TextValues.value(cells.get("NAMESPACE")) : defaultNamespace;
      RelativeAge age = RelativeAge.event(cells.get("LAST SEEN"));
      if (cells.containsKey("COUNT") && cells.containsKey("FIRST SEEN") && age != null && age.count() == 1) {
        Integer count = TextValues.integer(cells.get("COUNT"));
        age = new RelativeAge(age.last(), count == null ? 1 : count, RelativeAge.age(cells.get("FIRST SEEN")));
      }
      rows.add(new Row(namespace, kind, name, type, cells.get("REASON"), age,
          TextValues.value(cells.get("SOURCE")), cells.get("MESSAGE"), line));
    }
    return rows;
  }

  /** kubectl prints the object as {@code pod/name}, the kind lower-cased. */
  private static String kindOf(String lower) {
    return switch (lower.toLowerCase(Locale.ROOT)) {
      case "pod" -> "Pod";
      case "node" -> "Node";
      case "workspace" -> "Workspace";
      case "nodeclaim" -> "NodeClaim";
      case "replicaset" -> "ReplicaSet";
      case "deployment" -> "Deployment";
      case "daemonset" -> "DaemonSet";
      case "horizontalpodautoscaler" -> "HorizontalPodAutoscaler";
      default -> lower;
    };
  }

  /**
   * Places the rows once the capture time and the target are known. A row about no object is about
   * the target's pod; without one it is kept, unattached, with a warning. An event already read
   * from JSON is not added twice.
   */
  static void place(List<Row> rows, String path, TextPlacement at) {
    boolean unplaced = false;
    boolean unattached = false;
    for (Row r : rows) {
      String name = r.name();
      String kind = r.kind();
      String namespace = r.namespace();
      if (name == null && at.targetPod() != null) {
        name = at.targetPod();
        kind = "Pod";
      }
      if (namespace == null) namespace = at.targetNamespace();
      if (name == null) unattached = true;
      Instant last = r.age() == null ? null : at.ago(r.age().last());
      Instant first = r.age() == null ? null : at.ago(r.age().first());
      if (r.age() != null && r.age().last() != null && at.capturedAt() == null) unplaced = true;
      at.out().observed(last);
      KubeEvent event = new KubeEvent(namespace, kind, name, r.type(), r.reason(), r.message(),
          r.from(), r.age() == null ? 1 : r.age().count(), first, last, r.line().at(path));
      if (!at.out().hasEvent(event)) at.out().fact(event);
    }
    if (unplaced) at.noCaptureTime(path);
    if (unattached) {
      at.out().warning(path + ": event lines name no object and the target names no pod; they are kept "
          + "but tied to no pod (add resource: pod/NAME to target.yaml)");
    }
  }
}
