package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.Provenance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** {@code status.conditions} of any object (pod, node, Workspace, NodeClaim), each with its pointer. */
final class Conditions {
  private Conditions() {}

  static List<Condition> read(JsonNode object, Provenance objectAt, BundleBuilder out) {
    JsonNode conditions = Trees.path(object, "status", "conditions");
    List<Condition> list = new ArrayList<>();
    if (conditions == null || !conditions.isArray()) return list;
    Provenance at = objectAt.child("status").child("conditions");
    for (int i = 0; i < conditions.size(); i++) {
      JsonNode c = conditions.get(i);
      String type = out.strings().of(Trees.text(c, "type"));
      if (type == null) continue;
      Instant changed = Times.parse(Trees.text(c, "lastTransitionTime"));
      out.observed(changed);
      list.add(new Condition(type, out.strings().of(Trees.text(c, "status")), out.strings().of(Trees.text(c, "reason")),
          out.strings().of(Trees.text(c, "message")), changed, at.child(i)));
    }
    return list;
  }
}
