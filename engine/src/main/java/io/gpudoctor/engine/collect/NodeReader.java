package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Taint;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

final class NodeReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.isEmpty() && kind.equals("Node");
  }

  @Override
  public String topic() {
    return Topics.NODES;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    KubeTree node = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree meta = KubeModel.metadata(node);
    String name = KubeModel.requireName(meta, "Node");
    KubeTree spec = node.object("spec");
    KubeTree status = node.object("status");
    List<Taint> taints = new ArrayList<>();
    for (KubeTree t : spec.objects("taints")) {
      taints.add(new Taint(t.string("key"), t.string("value"), t.string("effect")));
    }
    out.fact(new NodeFacts(
        name,
        meta.stringMap("labels"),
        List.copyOf(taints),
        status.stringMap("capacity"),
        status.stringMap("allocatable"),
        Conditions.read(object, at, out),
        Boolean.TRUE.equals(spec.bool("unschedulable")),
        KubeModel.created(meta),
        at));
  }
}
