package io.gpudoctor.facts;

import java.util.List;
import java.util.Map;

/**
 * What a {@code kubectl describe node} shows of the node's use: its {@code Allocated resources} (the requests of its
 * non-terminated pods summed, by resource, as written: {@code 3350m}, {@code 8792Mi}, {@code 0}) and its {@code
 * Non-terminated Pods} table (each pod's cpu and memory requests; the table shows no GPU request per pod). {@code
 * requested} is empty when the describe was trimmed of the block, {@code pods} when of the table; {@code listed} says
 * whether the table was shown.
 */
public record NodeRequests(String node, Map<String, String> requested, boolean listed, List<PodRequest> pods,
    Provenance provenance) {

  /** One row of the table: {@code kube-system  ama-logs-x2x7p  150m (2%)  1 (17%)  550Mi (0%)  1774Mi (1%)  3d}. */
  public record PodRequest(String namespace, String name, String cpu, String memory, Provenance provenance) {
    public String key() {
      return ObjectKeys.key(namespace, name);
    }

    /** The request of cpu or memory as written, or null for another resource. */
    public String request(String resource) {
      return switch (resource) {
        case "cpu" -> cpu;
        case "memory" -> memory;
        default -> null;
      };
    }

    public Evidence evidence() {
      return provenance.quote(key() + " requests cpu " + cpu + ", memory " + memory);
    }
  }

  public NodeRequests {
    requested = SortedMaps.copyOf(requested);
    pods = List.copyOf(pods);
  }

  /** The node's pods' request of the resource summed, as written, or null when not shown. */
  public String requestedOf(String resource) {
    return requested.get(resource);
  }
}
