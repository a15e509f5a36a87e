package io.gpudoctor.engine.live;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far back a collection looks: {@code --since} (a duration before the capture) or an explicit
 * incident window, and the cap on log lines per container. It bounds the container logs and
 * becomes target.yaml's {@code incident} window, which the rules and the Prometheus query use.
 */
public record ReadWindow(Duration since, Instant start, Instant end, int logLines) {
  public static final int DEFAULT_LOG_LINES = 2000;
  private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd])");

  public ReadWindow {
    if (since != null && start != null) throw new IllegalArgumentException("give --since or --incident-start, not both");
    if (since != null && (since.isNegative() || since.isZero())) throw new IllegalArgumentException("--since must be positive");
    if (start != null && end != null && end.isBefore(start)) {
      throw new IllegalArgumentException("the incident ends (" + end + ") before it starts (" + start + ")");
    }
    if (logLines < 1) throw new IllegalArgumentException("--log-lines must be at least 1");
  }

  public static ReadWindow unbounded() {
    return new ReadWindow(null, null, null, DEFAULT_LOG_LINES);
  }

  /** {@code 90s}, {@code 30m}, {@code 2h}, {@code 1d} (as kubectl's {@code --since} takes them, plus days). */
  public static Duration parseDuration(String text) {
    Matcher m = DURATION.matcher(text.trim());
    if (!m.matches()) throw new IllegalArgumentException("not a duration: '" + text + "' (e.g. 30m, 2h, 1d)");
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      default -> Duration.ofDays(n);
    };
  }

  public static Instant parseInstant(String text) {
    try {
      return Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("not an RFC 3339 UTC time: '" + text + "' (e.g. 2026-07-14T10:00:00Z)");
    }
  }

  /** The incident window for target.yaml, given the capture time; null when none was set. */
  public Instant startAt(Instant capturedAt) {
    return since != null ? capturedAt.minus(since) : start;
  }

  public Instant endAt(Instant capturedAt) {
    if (since != null) return capturedAt;
    return start != null && end == null ? capturedAt : end;
  }

  /** The API query that bounds a log read. */
  String logQuery() {
    StringBuilder q = new StringBuilder("&timestamps=true&tailLines=").append(logLines);
    if (since != null) q.append("&sinceSeconds=").append(since.toSeconds());
    if (start != null) q.append("&sinceTime=").append(start);
    return q.toString();
  }

  /** The same bounds as {@code kubectl logs} flags. */
  String logFlags() {
    StringBuilder f = new StringBuilder(" --timestamps --tail=").append(logLines);
    if (since != null) f.append(" --since=").append(since.toSeconds()).append('s');
    if (start != null) f.append(" --since-time=").append(start);
    return f.toString();
  }
}
