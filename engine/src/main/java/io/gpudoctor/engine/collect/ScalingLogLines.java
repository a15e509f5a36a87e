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
    return linesRead(path, text, skipLines, out).size();
  }

  /**
   * Reads both kinds, except the lines in {@code skipLines}, and returns the numbers of the lines read:
   * the readers of bare messages must not read a logged event or a provisioning error a second time.
   */
  static Set<Integer> linesRead(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    Set<Integer> read = new java.util.TreeSet<>();
    AutoscalerLogLines.read(path, text, skipLines, read, out);
    ControllerLogLines.read(path, text, skipLines, read, out);
    return read;
  }

  /** The lines to skip, with those read. */
  static Set<Integer> withRead(Set<Integer> skipLines, Set<Integer> read) {
    if (read.isEmpty()) return skipLines;
    Set<Integer> all = new java.util.HashSet<>(skipLines);
    all.addAll(read);
    return all;
  }
}
