package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.GpuResources;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The target: what target.yaml declares, with the gaps filled from the az outputs, and a capture
 * time that never comes from the wall clock.
 */
final class TargetBinder {
  private TargetBinder() {}

  static Target bind(BundleBuilder in) {
    Target declared = in.declaredTarget() != null ? in.declaredTarget() : Target.unbound();
    List<ClusterBinding> az = in.clusterBindings();
    Provenance provenance = in.declaredTarget() != null || az.isEmpty()
        ? declared.provenance() : Provenance.of(az.get(0).provenance().source(), "");
    Target target = new Target(
        pick("subscription", declared.subscription(), az, ClusterBinding::subscription, in),
        pick("resourceGroup", declared.resourceGroup(), az, ClusterBinding::resourceGroup, in),
        pick("cluster", declared.cluster(), az, ClusterBinding::cluster, in),
        declared.kubeContext(),
        declared.server(),
        pick("region", declared.region(), az, ClusterBinding::region, in),
        declared.pool() != null ? declared.pool() : onlyGpuPool(in.facts()),
        declared.namespace(), declared.resourceKind(), declared.resourceName(),
        declared.incidentStart(), declared.incidentEnd(), declared.capturedAt(), provenance);
    if (in.capturedAtDeclared()) return target;
    Instant latest = in.latestTimestamp();
    if (latest == null) {
      in.warning("capturedAt not given and the evidence holds no timestamp; times cannot be judged");
      return target;
    }
    in.warning("capturedAt not given; using the latest timestamp in the evidence: " + latest);
    return target.withCapturedAt(latest);
  }

  /** The declared value, else the first az output's; a disagreement is worth a warning. */
  private static String pick(String field, String declared, List<ClusterBinding> az,
      Function<ClusterBinding, String> value, BundleBuilder in) {
    String chosen = declared;
    for (ClusterBinding b : az) {
      String v = value.apply(b);
      if (v == null) continue;
      if (chosen == null) {
        chosen = v;
      } else if (!chosen.equalsIgnoreCase(v)) {
        in.warning(b.provenance().source() + " shows " + field + " '" + v + "', not '" + chosen
            + "'; using '" + chosen + "'");
      }
    }
    return chosen;
  }

  private static String onlyGpuPool(List<Object> facts) {
    TreeSet<String> gpuPools = new TreeSet<>();
    for (Object f : facts) {
      if (f instanceof NodePool p && GpuResources.isNvidiaGpuSku(p.vmSize())) {
        gpuPools.add(Objects.requireNonNullElse(p.name(), ""));
      }
    }
    return gpuPools.size() == 1 && !gpuPools.first().isEmpty() ? gpuPools.first() : null;
  }
}
