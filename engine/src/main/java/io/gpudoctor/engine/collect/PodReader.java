package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

final class PodReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.isEmpty() && kind.equals("Pod");
  }

  @Override
  public String topic() {
    return Topics.PODS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    Pod pod = KubeModel.convert(object, Pod.class, at);
    ObjectMeta meta = pod.getMetadata();
    String name = KubeModel.requireName(meta, "Pod");
    PodStatus status = pod.getStatus();
    OwnerReference owner = meta.getOwnerReferences() == null || meta.getOwnerReferences().isEmpty()
        ? null : meta.getOwnerReferences().get(0);
    out.fact(new PodFacts(
        KubeModel.namespace(meta), name,
        status == null ? null : status.getPhase(),
        status == null ? null : status.getReason(),
        status == null ? null : status.getMessage(),
        pod.getSpec() == null ? null : pod.getSpec().getNodeName(),
        KubeModel.created(meta),
        owner == null ? null : owner.getKind(),
        owner == null ? null : owner.getName(),
        KubeModel.labels(meta),
        PodSpecs.containers(pod.getSpec()),
        PodSpecs.tolerations(pod.getSpec()),
        PodSpecs.nodeSelector(pod.getSpec()),
        PodSpecs.requiredNodeAffinity(pod.getSpec()),
        Conditions.read(object, at, out),
        containerStatuses(status, at, out),
        at));
  }

  private static List<ContainerStatusFacts> containerStatuses(PodStatus status, Provenance podAt, BundleBuilder out) {
    List<ContainerStatusFacts> list = new ArrayList<>();
    if (status == null || status.getContainerStatuses() == null) return list;
    Provenance at = podAt.child("status").child("containerStatuses");
    List<ContainerStatus> statuses = status.getContainerStatuses();
    for (int i = 0; i < statuses.size(); i++) {
      ContainerStatus s = statuses.get(i);
      if (s == null) continue;
      ContainerState state = s.getState();
      ContainerStateTerminated terminated = state == null ? null : state.getTerminated();
      ContainerStateTerminated last = s.getLastState() == null ? null : s.getLastState().getTerminated();
      Instant finished = terminated == null ? null : Times.parse(terminated.getFinishedAt());
      Instant lastFinished = last == null ? null : Times.parse(last.getFinishedAt());
      out.observed(finished);
      out.observed(lastFinished);
      list.add(new ContainerStatusFacts(
          s.getName(),
          Boolean.TRUE.equals(s.getReady()),
          s.getRestartCount() == null ? 0 : s.getRestartCount(),
          state == null || state.getWaiting() == null ? null : state.getWaiting().getReason(),
          state == null || state.getWaiting() == null ? null : state.getWaiting().getMessage(),
          terminated == null ? null : terminated.getReason(),
          terminated == null ? null : terminated.getExitCode(),
          finished,
          last == null ? null : last.getReason(),
          last == null ? null : last.getExitCode(),
          lastFinished,
          at.child(i)));
    }
    return list;
  }
}
