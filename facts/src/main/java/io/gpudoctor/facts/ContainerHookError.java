package io.gpudoctor.facts;

import java.util.List;
import java.util.Locale;

/**
 * The NVIDIA container runtime hook (libnvidia-container's {@code nvidia-container-cli}, {@code
 * nvidia-container-cli.real} behind the wrapper of 1.10 on) failing to set a GPU container up, as containerd's
 * {@code StartError}, the kubelet's {@code Failed} event and the container's waiting message carry it: {@code
 * nvidia-container-cli: mount error: file creation failed: ...}. libnvidia-container names the stage that failed
 * ({@code initialization}, {@code mount}, {@code device}, {@code container}, {@code detection}, {@code ldcache}),
 * and the stage says where to look. The runtime in CDI mode (the GPU Operator's {@code nvidia-cdi}, containerd's own
 * CDI, a DRA driver) fails one stage of its own, {@code cdi}: the node's CDI specification has no device of the name
 * it was given ({@code failed to inject CDI devices: unresolvable CDI devices nvidia.com/gpu=GPU-...}, containerd's
 * {@code CDI device injection failed: unresolvable CDI devices ...}). Its {@code requirement error} (the image's CUDA
 * against the driver) and an initialization error of a {@code driver/library version mismatch} are the driver
 * mismatch's own wordings, not this.
 */
public final class ContainerHookError {
  private static final String CLI = "nvidia-container-cli";
  private static final List<String> STAGES = List.of("initialization", "mount", "device", "container", "detection", "ldcache");

  private ContainerHookError() {}

  /** Whether the text holds the hook's failure at one of its set-up stages. */
  public static boolean in(String text) {
    return stage(text) != null;
  }

  /** The stage the hook names ({@code "mount"}, {@code "device"}, ... {@code "cdi"}), or null when the text holds no such failure. */
  public static String stage(String text) {
    if (text == null) return null;
    if (text.contains("unresolvable CDI devices ")) return "cdi";
    if (!text.contains(CLI)) return null;
    String t = text.toLowerCase(Locale.ROOT);
    if (t.contains("driver/library version mismatch")) return null;
    for (int at = t.indexOf(CLI); at >= 0; at = t.indexOf(CLI, at + 1)) {
      int next = at + CLI.length();
      if (t.startsWith(".real", next)) next += ".real".length();
      if (!t.startsWith(": ", next)) continue;
      next += 2;
      for (String stage : STAGES) {
        if (t.startsWith(stage, next) && t.startsWith(" error", next + stage.length())) return stage;
      }
    }
    return null;
  }
}
