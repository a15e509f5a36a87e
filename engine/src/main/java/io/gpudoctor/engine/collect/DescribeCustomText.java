package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code kubectl describe workspace|nodeclaim|machine}: custom resources, which kubectl prints field
 * by field ({@code Instance Type:}, {@code Last Transition Time:}), the items of a list one after
 * another with no separator: a condition ends where one of its fields repeats. Keys of maps are
 * title-cased by kubectl ({@code apps} becomes {@code Apps}), so a Workspace's label selector cannot
 * be read back from describe and is left empty.
 */
final class DescribeCustomText {
  private DescribeCustomText() {}

  static String kind(DescribeText d) {
    return d.value("Kind");
  }

  static boolean isCustom(DescribeText d) {
    String kind = kind(d);
    return d.has("API Version") && ("Workspace".equals(kind) || "NodeClaim".equals(kind) || "Machine".equals(kind));
  }

  static void read(DescribeText d, PastedSection section, String path, BundleBuilder out) {
    String name = d.value("Name");
    if (name == null) {
      out.warning(path + " " + section.first().pointer() + ": " + kind(d) + " description without a readable name; skipped");
      return;
    }
    String namespace = d.value("Namespace");
    Provenance at = section.first().at(path);
    List<Condition> conditions = conditions(d.field("Status"), path);
    conditions.forEach(c -> out.observed(c.lastTransitionTime()));
    Instant created = created(d);
    out.observed(created);
    Object fact;
    String topic;
    String kind = kind(d);
    if ("Workspace".equals(kind)) {
      DescribeText.Node resource = node(d.field("Resource"));
      DescribeText.Node inference = node(d.field("Inference"));
      DescribeText.Node preset = inference == null ? null : inference.child("Preset");
      fact = new WorkspaceFacts(d.value("API Version"), namespace, name,
          resource == null ? null : TextValues.value(resource.childValue("Instance Type")),
          resource == null ? null : TextValues.integer(resource.childValue("Count")),
          Map.of(), preset == null ? null : TextValues.value(preset.childValue("Name")), created, conditions,
          statusState(d), at);
      topic = Topics.WORKSPACES;
    } else {
      Map<String, String> labels = DescribePodText.pairs(d.field("Labels"), '=');
      String type = labels == null ? null : labels.get(NodeFacts.INSTANCE_TYPE_LABEL);
      if (type == null && labels != null) type = labels.get(NodeClaimReader.AZURE_SKU_NAME_LABEL);
      fact = new NodeClaimFacts(name, labels == null ? Map.of() : labels, type, created, conditions, at);
      topic = Topics.NODECLAIMS;
    }
    out.used(topic, path);
    out.later(0, placement -> {
      if (placement.out().hasFact(fact)) return;
      placement.out().fact(fact);
      if (fact instanceof WorkspaceFacts workspace) WorkspaceSchedulingEvents.add(workspace, placement.out());
    });
    DescribeText.Field events = d.field("Events");
    if (events != null) {
      List<EventText.Row> rows = EventText.describeTable(events.body(), namespace, kind, name);
      out.used(Topics.EVENTS, path);
      out.later(0, placement -> EventText.place(rows, path, placement));
    }
  }

  /** A top-level field as a node, so its children can be looked up by name. */
  private static DescribeText.Node node(DescribeText.Field field) {
    return field == null ? null : new DescribeText.Node(field.key(), field.value(), field.line(), field.children());
  }

  private static Instant created(DescribeText d) {
    DescribeText.Node meta = node(d.field("Metadata"));
    String text = meta == null ? d.value("CreationTimestamp") : meta.childValue("Creation Timestamp");
    return TextValues.time(text);
  }

  /** {@code Status: / Conditions:} with the fields of each condition in a row. */
  static List<Condition> conditions(DescribeText.Field status, String path) {
    List<Condition> list = new ArrayList<>();
    DescribeText.Node s = node(status);
    DescribeText.Node conditions = s == null ? null : s.child("Conditions");
    if (conditions == null) return list;
    List<DescribeText.Node> current = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (DescribeText.Node field : conditions.children()) {
      if (field.key() == null) continue;
      if (!seen.add(field.key())) {
        add(current, path, list);
        current = new ArrayList<>();
        seen.clear();
        seen.add(field.key());
      }
      current.add(field);
    }
    add(current, path, list);
    return list;
  }

  private static void add(List<DescribeText.Node> fields, String path, List<Condition> out) {
    String type = null;
    String status = null;
    String reason = null;
    String message = null;
    Instant changed = null;
    TextLine typeLine = fields.isEmpty() ? null : fields.get(0).line();
    for (DescribeText.Node f : fields) {
      switch (f.key()) {
        case "Type" -> {
          type = TextValues.value(f.value());
          typeLine = f.line();
        }
        case "Status" -> status = TextValues.value(f.value());
        case "Reason" -> reason = TextValues.value(f.value());
        case "Message" -> message = TextValues.value(f.value());
        case "Last Transition Time" -> changed = TextValues.time(f.value());
        default -> { }
      }
    }
    if (type != null) out.add(new Condition(type, status, reason, message, changed, typeLine.at(path)));
  }

  /** {@code Status: State: Ready} of newer KAITO releases; null when the describe shows none. */
  private static String statusState(DescribeText d) {
    DescribeText.Node status = node(d.field("Status"));
    return status == null ? null : TextValues.value(status.childValue("State"));
  }
}
