package io.gpudoctor.facts;

import java.util.List;

/**
 * What a pod's spec mounts at {@code /dev/shm}: nothing, so its containers have the container runtime's 64 MiB
 * tmpfs ({@code volume} null), or one of its volumes, with that volume's kind ({@code emptyDir}, ...), medium and
 * sizeLimit. Read from a pod's spec, or from a {@code kubectl describe pod} that shows every container's mounts
 * (and the volume mounted there): a pod whose spec was not captured has none. {@code shown} is the text a describe
 * shows it in, quoted as it is (null: read from the spec, whose fields the quote names).
 */
public record PodSharedMemory(String podKey, List<String> containers, String volume, String kind, String medium,
    String sizeLimit, Provenance provenance, String shown) {
  public static final String PATH = "/dev/shm";

  public PodSharedMemory {
    containers = List.copyOf(containers);
  }

  public PodSharedMemory(String podKey, List<String> containers, String volume, String kind, String medium,
      String sizeLimit, Provenance provenance) {
    this(podKey, containers, volume, kind, medium, sizeLimit, provenance, null);
  }

  public boolean mounted() {
    return volume != null;
  }

  public boolean memoryBacked() {
    return "emptyDir".equals(kind) && "Memory".equals(medium);
  }

  /** What the spec says, for a report. */
  public String describe() {
    if (!mounted()) return "The pod's spec mounts nothing at /dev/shm, so its containers have the container runtime's 64 MiB";
    if (!"emptyDir".equals(kind)) return "The pod's spec mounts its " + kind + " volume " + volume + " at /dev/shm";
    if (!memoryBacked()) return "The pod's spec mounts the emptyDir " + volume + " at /dev/shm on the node's disk (no medium: Memory)";
    return "The pod's spec mounts the memory-backed emptyDir " + volume + " at /dev/shm, "
        + (sizeLimit == null ? "with no sizeLimit (the pod's memory limit bounds it)" : "limited to " + sizeLimit);
  }

  /** The spec's own words: the volume as it is declared, or the containers that mount nothing there. */
  public Evidence evidence() {
    if (shown != null) return provenance.quote(shown);
    if (!mounted()) return provenance.quote("no volumeMount at " + PATH + " in containers " + String.join(", ", containers));
    StringBuilder s = new StringBuilder("volumes: - name: " + volume + " " + kind + ":");
    if (medium != null) s.append(" medium: ").append(medium);
    if (sizeLimit != null) s.append(" sizeLimit: ").append(sizeLimit);
    return provenance.quote(s + " (mounted at " + PATH + " in " + String.join(", ", containers) + ")");
  }
}
