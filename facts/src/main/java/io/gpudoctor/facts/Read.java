package io.gpudoctor.facts;

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
}
