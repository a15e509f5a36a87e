package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.GpuResources;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.TemplateGpuRequest;
import io.gpudoctor.facts.TemplateMemoryLimit;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkloadFacts;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Deployments and StatefulSets: wanted versus ready replicas, and the {@code nvidia.com/gpu} their pod template asks
 * for, given to each pod of the workload the evidence names (as a described template's is): an issue thread often
 * pastes the Deployment's YAML beside its pod's events, and the template is then the pod's spec.
 */
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
    String namespace = meta.string("namespace");
    out.fact(new WorkloadFacts(kind, namespace, name,
        replicas == null ? 1 : replicas,
        DaemonSetReader.orZero(workload.object("status").integer("readyReplicas")), at));
    KubeTree podSpec = workload.object("spec").object("template").object("spec");
    List<ContainerFacts> containers = PodSpecs.containers(podSpec);
    if (!containers.isEmpty()) templateRequest(kind, namespace, name, containers, at, out);
    memoryLimits(kind, namespace, name, containers, at, out);
  }

  /** The memory limit each container of the template sets: its pods' containers run with it. */
  private static void memoryLimits(String kind, String namespace, String name, List<ContainerFacts> containers,
      Provenance at, BundleBuilder out) {
    Provenance spec = at.child("spec").child("template").child("spec");
    int app = 0;
    int init = 0;
    for (ContainerFacts c : containers) {
      int index = c.init() ? init++ : app++;
      String limit = c.limits().get("memory");
      if (limit == null || Redaction.isRedacted(limit)) continue;
      Provenance where = spec.child(c.init() ? "initContainers" : "containers").child(index).child("resources");
      out.fact(new TemplateMemoryLimit(kind, namespace, name, c.name(), limit, c.requests().get("memory"), where));
    }
  }

  /** After every file has placed its pods: the template's GPU request for each pod of this workload. */
  private static void templateRequest(String kind, String namespace, String name, List<ContainerFacts> containers,
      Provenance at, BundleBuilder out) {
    long gpus = PodFacts.amountOf(containers, GpuResources.GPU);
    List<String> shown = new ArrayList<>();
    for (ContainerFacts c : containers) {
      if (c.amountOf(GpuResources.GPU) > 0) shown.add(c.name() + ": " + GpuResources.GPU + ": " + c.amountOf(GpuResources.GPU));
    }
    String text = shown.isEmpty() ? "containers show no " + GpuResources.GPU : String.join(" ... ", shown);
    Provenance where = at.child("spec").child("template").child("spec").child("containers");
    out.later(3, placement -> {
      for (String key : DescribeWorkloadText.podsOfWorkload(placement, namespace, kind, name)) {
        placement.out().fact(new TemplateGpuRequest(key, kind, name, gpus, where, text));
      }
    });
  }
}
