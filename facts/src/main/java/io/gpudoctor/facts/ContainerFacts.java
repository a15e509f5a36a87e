package io.gpudoctor.facts;

import java.util.Map;

/** A container of a pod spec with its resource requests and limits as written. */
public record ContainerFacts(
    String name, boolean init, Map<String, String> requests, Map<String, String> limits) {
  public ContainerFacts {
    requests = SortedMaps.copyOf(requests);
    limits = SortedMaps.copyOf(limits);
  }

  /**
   * The amount of an extended resource this container asks for. For extended resources the
   * request defaults to the limit, and only the limit is required.
   */
  public long amountOf(String resource) {
    Long v = Quantities.count(limits.get(resource));
    if (v == null) v = Quantities.count(requests.get(resource));
    return v == null ? 0 : v;
  }
}
