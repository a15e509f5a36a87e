package io.gpudoctor.engine.collect;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Cell and field values of pasted text. kubectl prints {@code <none>}, {@code <unset>},
 * {@code <unknown>} for what is not there, and people blank values out before pasting
 * ({@code <redacted>}, {@code ***}, {@code xxxx}): all of these are unknown, never evidence.
 */
final class TextValues {
  private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.ROOT);

  private TextValues() {}

  /** The value, or null when it is empty, a kubectl placeholder or redacted. */
  static String value(String text) {
    if (text == null) return null;
    String v = text.strip();
    if (v.isEmpty() || v.equals("<none>") || v.equals("<unset>") || v.equals("<unknown>") || v.equals("<invalid>")
        || Redaction.isRedacted(v)) {
      return null;
    }
    return v;
  }

  /** {@code kubectl describe} times ({@code Mon, 09 Feb 2026 15:25:30 +0000}) or RFC 3339; else null. */
  static Instant time(String text) {
    String v = value(text);
    if (v == null) return null;
    Instant at = Times.parse(v);
    if (at != null) return at;
    try {
      return OffsetDateTime.parse(v, RFC_1123).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  static Integer integer(String text) {
    String v = value(text);
    if (v == null) return null;
    try {
      return Integer.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
