package io.gpudoctor.facts;

import java.util.Objects;

/**
 * A read of evidence: a command or a supplied file, what it covers ({@code topic}, e.g.
 * {@code pods}, {@code nodes}, {@code events}, {@code nodepools}), and whether it ran.
 * Rules ask {@code Read(topic == "nodes", status == ReadStatus.RAN)} before trusting an absence.
 */
public record Read(String topic, String command, ReadStatus status, String error) {
  public Read {
    error = error == null ? "" : error;
  }

  public boolean ran() {
    return status == ReadStatus.RAN;
  }

  public static Read supplied(String topic, String file) {
    return new Read(topic, file, ReadStatus.RAN, "");
  }

  // Written out, here and in a few records every run hashes: a record's own equals and hashCode
  // bootstrap java.lang.runtime.ObjectMethods on first use, ~20 ms of a cold start's CPU.
  @Override
  public boolean equals(Object o) {
    return o instanceof Read r && Objects.equals(topic, r.topic) && Objects.equals(command, r.command)
        && status == r.status && Objects.equals(error, r.error);
  }

  @Override
  public int hashCode() {
    return Objects.hash(topic, command, status, error);
  }
}
