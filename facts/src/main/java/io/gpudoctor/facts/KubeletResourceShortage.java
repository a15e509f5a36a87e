package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kubelet's own admission check of a pod's requests against the node it was bound to
 * (pkg/kubelet/lifecycle/predicate.go, unchanged in wording since Kubernetes 1.4): reason
 * {@code OutOf<resource>} ({@code OutOfnvidia.com/gpu}; {@code OutOfalpha.kubernetes.io/nvidia-gpu}
 * up to 1.10), message {@code Node didn't have enough resource: <resource>, requested: N, used: U,
 * capacity: C}. The pod's status message prefixes it {@code Pod was rejected: } (current kubelets)
 * or {@code Pod } (older ones); the event carries it bare. What the kubelet calls capacity is the
 * node's allocatable as it counts it, and used is what the pods it already admitted request. The
 * counts are null when only the reason was captured (a {@code kubectl get pods} STATUS column).
 */
public record KubeletResourceShortage(String resource, Long requested, Long used, Long capacity, String error) {
  /** The GPU resource before device plugins: the Accelerators feature gate (Kubernetes 1.6 to 1.10). */
  public static final String LEGACY_NVIDIA_GPU = "alpha.kubernetes.io/nvidia-gpu";

  private static final String REASON_PREFIX = "OutOf";
  private static final Pattern NOT_ENOUGH = Pattern.compile(
      "Node didn't have enough resource: (\\S+?),\\s*requested: (\\d+),\\s*used: (\\d+),\\s*capacity: (\\d+)");

  /**
   * The shortage the reason and message show, or null when neither is the kubelet's: the message's
   * wording, else an {@code OutOf<resource>} reason alone.
   */
  public static KubeletResourceShortage of(String reason, String message) {
    if (message != null) {
      Matcher m = NOT_ENOUGH.matcher(message);
      if (m.find()) {
        return new KubeletResourceShortage(m.group(1), Long.valueOf(m.group(2)), Long.valueOf(m.group(3)),
            Long.valueOf(m.group(4)), message.substring(m.start(), m.end(4)));
      }
    }
    if (reason == null || !reason.startsWith(REASON_PREFIX) || reason.length() == REASON_PREFIX.length()) return null;
    return new KubeletResourceShortage(reason.substring(REASON_PREFIX.length()), null, null, null, reason);
  }

  /** An NVIDIA GPU resource: {@code nvidia.com/gpu}, a MIG profile, or the pre-device-plugin name. */
  public boolean nvidiaResource() {
    return GpuResources.isGpuResource(resource) || LEGACY_NVIDIA_GPU.equals(resource);
  }

  public boolean countsKnown() {
    return requested != null && used != null && capacity != null;
  }

  /** The kubelet counted no allocatable units at all: no device plugin had registered them. */
  public boolean noneAllocatable() {
    return countsKnown() && capacity == 0;
  }

  /** Even an empty node of this allocatable could not admit the pod. */
  public boolean exceedsAllocatable() {
    return countsKnown() && capacity > 0 && requested > capacity;
  }
}
