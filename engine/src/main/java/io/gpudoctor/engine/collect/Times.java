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
    Instant plain = plainUtc(s);
    if (plain != null) return plain;
    // Both ISO parsers below start with the year (digits, or a sign for years past 9999): any other
    // first character (a describe's "Tue, 14 Jan 2026 ...", "<unknown>") fails both, and two
    // thrown exceptions cost far more than this test.
    char first = s.charAt(0);
    if ((first < '0' || first > '9') && first != '+' && first != '-') return null;
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

  /**
   * The shape nearly every Kubernetes timestamp has, {@code 2026-01-05T10:00:00Z}, read without a
   * DateTimeFormatter (the formatter was the most expensive part of reading events). Only values
   * inside the usual ranges are taken here; anything else (leap seconds, 24:00, fractions, offsets) is left
   * to {@link Instant#parse}, so both ways give the same answer.
   */
  private static Instant plainUtc(String s) {
    if (s.length() != 20 || s.charAt(4) != '-' || s.charAt(7) != '-' || s.charAt(10) != 'T'
        || s.charAt(13) != ':' || s.charAt(16) != ':' || s.charAt(19) != 'Z') {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > java.time.Month.of(month).length(java.time.Year.isLeap(year)) || hour < 0 || hour > 23
        || minute < 0 || minute > 59 || second < 0 || second > 59) {
      return null;
    }
    long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
    return Instant.ofEpochSecond(epochDay * 86_400L + hour * 3_600L + minute * 60L + second);
  }

  /** The non-negative number of {@code length} ASCII digits at {@code from}, or -1. */
  private static int digits(String s, int from, int length) {
    int value = 0;
    for (int i = from; i < from + length; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') return -1;
      value = value * 10 + (c - '0');
    }
    return value;
  }

  static Instant latest(Instant a, Instant b) {
    if (a == null) return b;
    if (b == null) return a;
    return a.isAfter(b) ? a : b;
  }
}
