package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Target;
import java.time.Duration;
import java.time.Instant;

/**
 * What pasted text needs from the rest of the bundle: the declared capture time (relative ages are
 * counted back from it; without it they cannot be placed) and the declared target (a bare event
 * line names no object: it is about the target's pod).
 */
record TextPlacement(Instant capturedAt, Target target, BundleBuilder out) {

  /** The time {@code age} before the capture, or null when the age or the capture time is unknown. */
  Instant ago(Duration age) {
    return age == null || capturedAt == null ? null : capturedAt.minus(age);
  }

  /** The pod the target names ({@code resource: pod/NAME}), or null. */
  String targetPod() {
    if (target == null || target.resourceName() == null || target.resourceName().isBlank()) return null;
    String kind = target.resourceKind();
    boolean pod = kind == null || kind.isBlank() || kind.equalsIgnoreCase("pod") || kind.equalsIgnoreCase("pods")
        || kind.equalsIgnoreCase("po");
    return pod ? target.resourceName() : null;
  }

  String targetNamespace() {
    return target == null || target.namespace() == null || target.namespace().isBlank() ? null : target.namespace();
  }

  /** Warns once per file that its relative ages stay unplaced. */
  void noCaptureTime(String path) {
    out.warning(path + ": relative ages (3m, 2d4h) cannot be placed in time: capturedAt is not given in "
        + "target.yaml; the times of what this file shows are unknown");
  }
}
