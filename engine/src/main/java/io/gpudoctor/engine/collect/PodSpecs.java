package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.NodeSelector;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.NodeSelectorRequirement;
import io.gpudoctor.facts.NodeSelectorTerm;
import io.gpudoctor.facts.Toleration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The scheduling-relevant parts of a pod spec, shared by pods and the templates of DaemonSets. */
final class PodSpecs {
  private PodSpecs() {}

  static List<ContainerFacts> containers(PodSpec spec) {
    List<ContainerFacts> out = new ArrayList<>();
    if (spec == null) return out;
    for (Container c : KubeModel.list(spec.getContainers())) out.add(container(c, false));
    for (Container c : KubeModel.list(spec.getInitContainers())) out.add(container(c, true));
    return out;
  }

  private static ContainerFacts container(Container c, boolean init) {
    ResourceRequirements r = c.getResources();
    return new ContainerFacts(c.getName(), init,
        KubeModel.quantities(r == null ? null : r.getRequests()),
        KubeModel.quantities(r == null ? null : r.getLimits()));
  }

  static List<Toleration> tolerations(PodSpec spec) {
    if (spec == null) return List.of();
    return KubeModel.list(spec.getTolerations()).stream()
        .map(t -> new Toleration(t.getKey(), t.getOperator(), t.getValue(), t.getEffect()))
        .toList();
  }

  static Map<String, String> nodeSelector(PodSpec spec) {
    return spec == null ? Map.of() : KubeModel.nonNull(spec.getNodeSelector());
  }

  /**
   * Required node affinity terms with their label expressions. {@code matchFields} (the DaemonSet
   * controller's {@code metadata.name} pinning) is left out: it is not about labels.
   */
  static List<NodeSelectorTerm> requiredNodeAffinity(PodSpec spec) {
    Affinity affinity = spec == null ? null : spec.getAffinity();
    if (affinity == null || affinity.getNodeAffinity() == null) return List.of();
    NodeSelector required = affinity.getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution();
    if (required == null) return List.of();
    List<NodeSelectorTerm> terms = new ArrayList<>();
    for (var term : KubeModel.list(required.getNodeSelectorTerms())) {
      List<NodeSelectorRequirement> expressions = KubeModel.list(term.getMatchExpressions()).stream()
          .filter(e -> e.getKey() != null && e.getOperator() != null)
          .map(e -> new NodeSelectorRequirement(e.getKey(), e.getOperator(), KubeModel.list(e.getValues())))
          .toList();
      terms.add(new NodeSelectorTerm(expressions));
    }
    return terms;
  }

  static List<String> images(PodSpec spec) {
    if (spec == null) return List.of();
    List<String> images = new ArrayList<>();
    for (Container c : KubeModel.list(spec.getContainers())) if (c.getImage() != null) images.add(c.getImage());
    for (Container c : KubeModel.list(spec.getInitContainers())) if (c.getImage() != null) images.add(c.getImage());
    return images;
  }

  static List<Integer> containerPorts(PodSpec spec) {
    if (spec == null) return List.of();
    List<Integer> ports = new ArrayList<>();
    for (Container c : KubeModel.list(spec.getContainers())) {
      for (var port : KubeModel.list(c.getPorts())) {
        if (port.getContainerPort() != null) ports.add(port.getContainerPort());
      }
    }
    return ports;
  }
}
