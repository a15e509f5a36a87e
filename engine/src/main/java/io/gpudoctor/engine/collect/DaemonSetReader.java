package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.fabric8.kubernetes.api.model.apps.DaemonSetStatus;
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
    DaemonSet ds = KubeModel.convert(object, DaemonSet.class, at);
    String name = KubeModel.requireName(ds.getMetadata(), "DaemonSet");
    PodSpec template = ds.getSpec() == null || ds.getSpec().getTemplate() == null
        ? null : ds.getSpec().getTemplate().getSpec();
    DaemonSetStatus status = ds.getStatus();
    out.fact(new DaemonSetFacts(
        KubeModel.namespace(ds.getMetadata()), name,
        PodSpecs.images(template),
        PodSpecs.tolerations(template),
        PodSpecs.nodeSelector(template),
        PodSpecs.requiredNodeAffinity(template),
        PodSpecs.containerPorts(template),
        status == null ? 0 : orZero(status.getDesiredNumberScheduled()),
        status == null ? 0 : orZero(status.getCurrentNumberScheduled()),
        status == null ? 0 : orZero(status.getNumberReady()),
        status == null ? 0 : orZero(status.getNumberAvailable()),
        at));
  }

  static int orZero(Integer value) {
    return value == null ? 0 : value;
  }
}
