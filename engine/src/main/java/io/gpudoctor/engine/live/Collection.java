package io.gpudoctor.engine.live;

import java.util.List;

/** What {@code collect} wrote: every read with its status, and how many secret values it blanked. */
public record Collection(List<CollectedRead> reads, int redactions, String server) {
  public Collection {
    reads = List.copyOf(reads);
  }
}
