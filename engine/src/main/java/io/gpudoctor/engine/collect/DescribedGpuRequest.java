package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.GpuResources;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.TemplateGpuRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code nvidia.com/gpu} of a workload's {@code Pod Template:} in a {@code kubectl describe}: each container's
 * {@code Limits:} (else {@code Requests:}) block, as a pod's describe prints them. Only a template that shows its
 * containers counts; one that shows them without a GPU line requests none.
 */
final class DescribedGpuRequest {
  private final List<ContainerFacts> containers;
  private final TextLine at;
  private final String shown;
  private final String path;

  private DescribedGpuRequest(List<ContainerFacts> containers, TextLine at, String shown, String path) {
    this.containers = containers;
    this.at = at;
    this.shown = shown;
    this.path = path;
  }

  /** Null when the template shows no container. */
  static DescribedGpuRequest read(DescribeText template, String path) {
    List<ContainerFacts> containers = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    TextLine at = null;
    for (String block : List.of("Init Containers", "Containers")) {
      DescribeText.Field field = template.field(block);
      if (field == null) continue;
      if (at == null) at = field.line();
      for (DescribeText.Node c : field.children()) {
        if (c.key() == null) continue;
        DescribeText.Node limits = c.child("Limits");
        DescribeText.Node requests = c.child("Requests");
        ContainerFacts facts = new ContainerFacts(c.key(), block.startsWith("Init"), DescribePodText.resources(requests),
            DescribePodText.resources(limits));
        containers.add(facts);
        DescribeText.Node stated = limits != null && limits.child(GpuResources.GPU) != null ? limits : requests;
        DescribeText.Node gpu = stated == null ? null : stated.child(GpuResources.GPU);
        if (gpu != null) {
          if (shown.isEmpty()) at = gpu.line();
          shown.add(c.key() + ": " + stated.key() + ": " + gpu.line().trimmed().replaceAll("\\s+", " "));
        }
      }
    }
    if (containers.isEmpty()) return null;
    if (shown.isEmpty()) {
      shown.add("containers " + String.join(", ", containers.stream().map(ContainerFacts::name).toList())
          + " show no " + GpuResources.GPU);
    }
    return new DescribedGpuRequest(List.copyOf(containers), at, String.join(" ... ", shown), path);
  }

  TemplateGpuRequest of(String podKey, String kind, String workload) {
    long gpus = PodFacts.amountOf(containers, GpuResources.GPU);
    Provenance where = Provenance.ofLines(path, at.number(), Map.of("/spec/template/spec/containers", at.number()));
    return new TemplateGpuRequest(podKey, kind, workload, gpus, where, shown);
  }
}
