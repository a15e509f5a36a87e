package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import tools.jackson.databind.JsonNode;

final class DaemonSetReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return (group.equals("apps") || group.equals("extensions")) && kind.equals("DaemonSet");
  }

  @Override
  public String topic() {
    return Topics.DAEMONSETS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    KubeTree ds = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree meta = KubeModel.metadata(ds);
    String name = KubeModel.requireName(meta, "DaemonSet");
    KubeTree template = ds.object("spec").object("template").object("spec");
    KubeTree status = ds.object("status");
    out.fact(new DaemonSetFacts(
        meta.string("namespace"), name,
        PodSpecs.images(template),
        PodSpecs.tolerations(template),
        template.stringMap("nodeSelector"),
        PodSpecs.requiredNodeAffinity(template),
        PodSpecs.containerPorts(template),
        orZero(status.integer("desiredNumberScheduled")),
        orZero(status.integer("currentNumberScheduled")),
        orZero(status.integer("numberReady")),
        orZero(status.integer("numberAvailable")),
        at));
  }

  static int orZero(Integer value) {
    return value == null ? 0 : value;
  }
}
