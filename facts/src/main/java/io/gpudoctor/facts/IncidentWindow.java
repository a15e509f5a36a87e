package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;

/**
 * The time span telemetry must fall in to count for one affected pod: from target.yaml
 * {@code incident.start/end}, else derived by a rule (observability.drl) from the container's
 * termination or the failing log line with a documented margin.
 */
public record IncidentWindow(String podKey, Instant start, Instant end, String basis, List<Evidence> evidence) {
  public IncidentWindow {
    evidence = List.copyOf(evidence);
  }

  public boolean contains(Instant at) {
    return at != null && !at.isBefore(start) && !at.isAfter(end);
  }

  public String quote() {
    return start + " .. " + end + " (" + basis + ")";
  }
}
