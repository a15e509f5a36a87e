package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
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
    String kind = Trees.text(object, "kind");
    if ("Deployment".equals(kind)) {
      Deployment d = KubeModel.convert(object, Deployment.class, at);
      String name = KubeModel.requireName(d.getMetadata(), kind);
      // An unset spec.replicas means 1, as the API server defaults it.
      Integer replicas = d.getSpec() == null ? null : d.getSpec().getReplicas();
      out.fact(new WorkloadFacts(kind, KubeModel.namespace(d.getMetadata()), name,
          replicas == null ? 1 : replicas,
          d.getStatus() == null ? 0 : DaemonSetReader.orZero(d.getStatus().getReadyReplicas()), at));
    } else {
      StatefulSet s = KubeModel.convert(object, StatefulSet.class, at);
      String name = KubeModel.requireName(s.getMetadata(), kind);
      Integer replicas = s.getSpec() == null ? null : s.getSpec().getReplicas();
      out.fact(new WorkloadFacts(kind, KubeModel.namespace(s.getMetadata()), name,
          replicas == null ? 1 : replicas,
          s.getStatus() == null ? 0 : DaemonSetReader.orZero(s.getStatus().getReadyReplicas()), at));
    }
  }
}
