package io.gpudoctor.facts;

import java.time.Instant;

/**
 * One classified line of a container log ({@code kubectl logs --timestamps [--previous]}). The
 * pod is known when the file sat at {@code logs/<namespace>/<pod>/<container>[.previous].log};
 * otherwise namespace, pod and container are null. Sizes are MiB as the line states them
 * (GiB times 1024), null when the line does not state them.
 *
 * @param at the kubectl timestamp prefix of the line, null when the log was taken without --timestamps
 * @param line the exact line text after the timestamp
 * @param requestedUtilization the share of the GPU's memory the line says was asked for (vLLM's
 *     {@code gpu_memory_utilization}), null when it states none
 * @param processMiB what the failing process itself held on the device, CUDA context included (PyTorch's {@code
 *     Including non-PyTorch memory, this process has 6.12 GiB memory in use}), null when the line states none
 */
public record LogSignal(
    String namespace,
    String pod,
    String container,
    boolean previous,
    LogSignalKind kind,
    Instant at,
    String line,
    Double triedToAllocateMiB,
    Double totalCapacityMiB,
    Double freeMiB,
    Double requestedUtilization,
    Double processMiB,
    Provenance provenance) {

  /** {@code namespace/pod}, or null for a log not attributed to a pod. */
  public String podKey() {
    return pod == null ? null : ObjectKeys.key(namespace, pod);
  }

  public boolean attributed() {
    return pod != null;
  }

  /** What the device held before the process asked: total minus free, null unless the line states both. */
  public Double heldMiB() {
    return totalCapacityMiB == null || freeMiB == null ? null : totalCapacityMiB - freeMiB;
  }

  /** What the device held outside the failing process: total minus free minus the process's own, null unless all are stated. */
  public Double heldOutsideMiB() {
    Double held = heldMiB();
    return held == null || processMiB == null ? null : held - processMiB;
  }

  public Evidence evidence() {
    return provenance.quote((at == null ? "" : at + " ") + line);
  }
}
