package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.Node;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Taint;
import io.gpudoctor.facts.Topics;
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
    Node node = KubeModel.convert(object, Node.class, at);
    String name = KubeModel.requireName(node.getMetadata(), "Node");
    var spec = node.getSpec();
    var status = node.getStatus();
    List<Taint> taints = spec == null ? List.of() : KubeModel.list(spec.getTaints()).stream()
        .map(t -> new Taint(t.getKey(), t.getValue(), t.getEffect()))
        .toList();
    out.fact(new NodeFacts(
        name,
        KubeModel.labels(node.getMetadata()),
        taints,
        KubeModel.quantities(status == null ? null : status.getCapacity()),
        KubeModel.quantities(status == null ? null : status.getAllocatable()),
        Conditions.read(object, at, out),
        spec != null && Boolean.TRUE.equals(spec.getUnschedulable()),
        KubeModel.created(node.getMetadata()),
        at));
  }
}
