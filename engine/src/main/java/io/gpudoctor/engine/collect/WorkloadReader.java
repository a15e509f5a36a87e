package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkloadFacts;
import tools.jackson.databind.JsonNode;

/** Deployments and StatefulSets: wanted versus ready replicas. */
final class WorkloadReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.equals("apps") && (kind.equals("Deployment") || kind.equals("StatefulSet"));
  }

  @Override
  public String topic() {
    return Topics.WORKLOADS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    KubeTree workload = KubeTree.of(object, at.pointer(), out.strings());
    String kind = workload.string("kind");
    KubeTree meta = KubeModel.metadata(workload);
    String name = KubeModel.requireName(meta, kind);
    // An unset spec.replicas means 1, as the API server defaults it.
    Integer replicas = workload.object("spec").integer("replicas");
    out.fact(new WorkloadFacts(kind, meta.string("namespace"), name,
        replicas == null ? 1 : replicas,
        DaemonSetReader.orZero(workload.object("status").integer("readyReplicas")), at));
  }
}
