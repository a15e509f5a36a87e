package io.gpudoctor.engine.live;

import io.gpudoctor.facts.ReadStatus;

/** One read as {@code collect} did it: what it covers, the equivalent command, how it went, how long it took. */
public record CollectedRead(String topic, String command, ReadStatus status, long durationMillis, String error, String file) {
  public CollectedRead {
    error = error == null ? "" : error;
  }
}
