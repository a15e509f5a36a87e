package io.gpudoctor.engine.collect;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The log lines of the node scalers, wherever they sit (a {@code logs/...} file, text pasted in an
 * issue beside kubectl output): the cluster autoscaler's klog lines ({@link AutoscalerLogLines})
 * and the JSON lines of Karpenter, AKS node auto-provisioning and KAITO's gpu-provisioner
 * ({@link ControllerLogLines}). One entry point, so the text formats call one line each.
 */
final class ScalingLogLines {
  /** The RFC 3339 time {@code kubectl logs --timestamps} puts before each line. */
  static final Pattern KUBECTL_TIMESTAMP = Pattern.compile(
      "^\\s*(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})) ");

  private ScalingLogLines() {}

  static boolean mentions(String text) {
    return AutoscalerLogLines.mentions(text) || ControllerLogLines.mentions(text);
  }

  /** Reads both kinds, except the lines (1-based) in {@code skipLines}; returns how many lines were read. */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    return AutoscalerLogLines.read(path, text, skipLines, out) + ControllerLogLines.read(path, text, skipLines, out);
  }
}
