package io.gpudoctor.engine.collect;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** RFC 3339 times as Kubernetes and az write them; anything else is unknown. */
final class Times {
  private Times() {}

  static Instant parse(String text) {
    if (text == null || text.isBlank()) return null;
    String s = text.trim();
    try {
      return Instant.parse(s);
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(s).toInstant();
      } catch (DateTimeParseException e2) {
        return null;
      }
    }
  }

  static Instant latest(Instant a, Instant b) {
    if (a == null) return b;
    if (b == null) return a;
    return a.isAfter(b) ? a : b;
  }
}
