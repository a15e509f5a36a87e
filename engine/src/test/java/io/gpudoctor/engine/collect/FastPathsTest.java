package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The shortcuts taken for reading speed answer exactly as the general code they skip: the plain
 * RFC 3339 reader as Instant/OffsetDateTime parsing, the first-character test of Redaction as
 * its regex alone.
 */
class FastPathsTest {
  /** Times.parse as it was before the shortcut: the ISO parsers, else unknown. */
  private static Instant isoParsers(String text) {
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

  @Test
  void timesReadEveryShapeAsTheIsoParsersDo() {
    List<String> samples = new ArrayList<>(List.of(
        "2026-01-14T10:06:02Z", " 2026-01-14T10:06:02Z\n", "2024-02-29T00:00:00Z", "2026-02-29T00:00:00Z",
        "2026-04-31T12:00:00Z", "2026-12-31T23:59:59Z", "2026-01-14T24:00:00Z", "2026-06-30T23:59:60Z",
        "2026-01-14T10:06:60Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z",
        "0000-01-01T00:00:00Z", "2026-01-14t10:06:02z", "2026-01-14T10:06:02.123456789Z",
        "2026-01-14T10:06:02+02:00", "2026-01-14T10:06:02-05:30", "+10000-01-01T00:00:00Z",
        "-0001-01-01T00:00:00Z", "2026-01-14 10:06:02Z", "2026-1-14T10:06:02Z", "2026-01-14T10:06Z",
        "Tue, 14 Jan 2026 10:06:02 +0000", "<unknown>", "5m", "", "   ", "2026-01-14T1a:06:02Z",
        "２０２６-01-14T10:06:02Z"));
    Random random = new Random(42);
    for (int i = 0; i < 5_000; i++) {
      samples.add(String.format("%04d-%02d-%02dT%02d:%02d:%02dZ", random.nextInt(10_000), random.nextInt(14),
          random.nextInt(33), random.nextInt(26), random.nextInt(62), random.nextInt(62)));
    }
    for (String s : samples) {
      assertThat(Times.parse(s)).as("Times.parse(\"%s\")", s).isEqualTo(isoParsers(s));
    }
    assertThat(Times.parse(null)).isNull();
  }

  /** The definition of a redacted value, as Redaction states it. */
  private static final Pattern REDACTED = Pattern.compile(
      "(?i)[<\\[(]?redacted[>\\])]?|\\*{3,}|(?=.*x)[x*]{4,}(?:-[x*]+)*|<[a-z_-]*(?:secret|token|hidden)[a-z_-]*>");

  @Test
  void redactionFindsExactlyWhatItsPatternMatches() {
    List<String> values = List.of("<redacted>", " <REDACTED> ", "[redacted]", "(Redacted)", "redacted", "REDACTED",
        "***", "\t*****\n", "xxxx", "XXXX", "x*x*", "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "<secret>",
        "<api-token>", "<hidden_value>", "****-xxxx", "x", "xxx", "**", "not redacted", "my-redacted-pod",
        "10.0.0.4", "Standard_NC24ads_A100_v4", "", " ", "\u00a0***", "xylophone", "<node>", "*** partial");
    for (String v : values) {
      assertThat(Redaction.isRedacted(v)).as("isRedacted(\"%s\")", v).isEqualTo(REDACTED.matcher(v.trim()).matches());
    }
    assertThat(Redaction.isRedacted(null)).isFalse();
  }
}
