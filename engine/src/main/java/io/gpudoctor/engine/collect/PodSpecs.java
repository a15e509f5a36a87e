package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.NodeSelectorRequirement;
import io.gpudoctor.facts.NodeSelectorTerm;
import io.gpudoctor.facts.PodSharedMemory;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Toleration;
import java.util.ArrayList;
import java.util.List;

/** The scheduling-relevant parts of a pod spec, shared by pods and the templates of DaemonSets. */
final class PodSpecs {
  private PodSpecs() {}

  static List<ContainerFacts> containers(KubeTree spec) throws NotReadable {
    List<ContainerFacts> out = new ArrayList<>();
    for (KubeTree c : spec.objects("containers")) out.add(container(c, false));
    for (KubeTree c : spec.objects("initContainers")) out.add(container(c, true));
    return out;
  }

  private static ContainerFacts container(KubeTree c, boolean init) throws NotReadable {
    KubeTree resources = c.object("resources");
    return new ContainerFacts(c.string("name"), init,
        resources.stringMap("requests"), resources.stringMap("limits"));
  }

  /**
   * What the pod's (non-init) containers mount at /dev/shm: the first volume mounted there and the
   * containers that mount it, or, when none does, all of them.
   */
  static PodSharedMemory sharedMemory(String podKey, KubeTree spec, Provenance at) throws NotReadable {
    String volume = null;
    List<String> mounting = new ArrayList<>();
    List<String> all = new ArrayList<>();
    for (KubeTree c : spec.objects("containers")) {
      all.add(c.string("name"));
      for (KubeTree m : c.objects("volumeMounts")) {
        String name = m.string("name");
        if (name == null || !PodSharedMemory.PATH.equals(m.string("mountPath"))) continue;
        if (volume == null) volume = name;
        if (volume.equals(name)) mounting.add(c.string("name"));
      }
    }
    if (volume == null) return new PodSharedMemory(podKey, all, null, null, null, null, at);
    for (KubeTree v : spec.objects("volumes")) {
      if (!volume.equals(v.string("name"))) continue;
      KubeTree emptyDir = v.object("emptyDir");
      String kind = emptyDir.present() ? "emptyDir" : volumeKind(v);
      return new PodSharedMemory(podKey, mounting, volume, kind, emptyDir.string("medium"), emptyDir.string("sizeLimit"),
          at.child("volumes").child(v.index()));
    }
    return new PodSharedMemory(podKey, mounting, volume, "undeclared", null, null, at);
  }

  /** The kind of a volume that is no emptyDir: the one key besides its name (hostPath, configMap, ...). */
  private static String volumeKind(KubeTree volume) {
    for (String key : volume.keys()) if (!key.equals("name")) return key;
    return "unknown";
  }

  static List<Toleration> tolerations(KubeTree spec) throws NotReadable {
    List<Toleration> out = new ArrayList<>();
    for (KubeTree t : spec.objects("tolerations")) {
      out.add(new Toleration(t.string("key"), t.string("operator"), t.string("value"), t.string("effect")));
    }
    return List.copyOf(out);
  }

  /**
   * Required node affinity terms with their label expressions. {@code matchFields} (the DaemonSet
   * controller's {@code metadata.name} pinning) is left out: it is not about labels.
   */
  static List<NodeSelectorTerm> requiredNodeAffinity(KubeTree spec) throws NotReadable {
    KubeTree required = spec.object("affinity").object("nodeAffinity")
        .object("requiredDuringSchedulingIgnoredDuringExecution");
    List<NodeSelectorTerm> terms = new ArrayList<>();
    for (KubeTree term : required.objects("nodeSelectorTerms")) {
      List<NodeSelectorRequirement> expressions = new ArrayList<>();
      for (KubeTree e : term.objects("matchExpressions")) {
        String key = e.string("key");
        String operator = e.string("operator");
        if (key != null && operator != null) {
          expressions.add(new NodeSelectorRequirement(key, operator, e.strings("values")));
        }
      }
      terms.add(new NodeSelectorTerm(List.copyOf(expressions)));
    }
    return terms;
  }

  static List<String> images(KubeTree spec) throws NotReadable {
    List<String> images = new ArrayList<>();
    for (KubeTree c : spec.objects("containers")) addIfPresent(images, c.string("image"));
    for (KubeTree c : spec.objects("initContainers")) addIfPresent(images, c.string("image"));
    return images;
  }

  static List<Integer> containerPorts(KubeTree spec) throws NotReadable {
    List<Integer> ports = new ArrayList<>();
    for (KubeTree c : spec.objects("containers")) {
      for (KubeTree port : c.objects("ports")) {
        Integer number = port.integer("containerPort");
        if (number != null) ports.add(number);
      }
    }
    return ports;
  }

  private static <T> void addIfPresent(List<T> list, T value) {
    if (value != null) list.add(value);
  }
}
