package io.gpudoctor.engine.collect;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ages kubectl prints ({@code 45s}, {@code 3m}, {@code 2m5s}, {@code 2d4h}, {@code 3y45d}), as
 * its {@code HumanDuration} writes them, and the event form {@code 2m5s (x3 over 12m)}: the last
 * time seen, how often, since when. {@code <unknown>} and {@code <invalid>} are unknown.
 */
record RelativeAge(Duration last, int count, Duration first) {
  private static final Pattern AGE = Pattern.compile("(?:(\\d+)y)?(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");
  private static final Pattern EVENT_AGE = Pattern.compile("(\\S+)(?:\\s+\\(x(\\d+)\\s+over\\s+(\\S+)\\))?");
  private static final Pattern RESTARTS = Pattern.compile("(\\d+)(?:\\s+\\((\\S+)\\s+ago\\))?");

  /** A single age, or null when it is not one. */
  static Duration age(String text) {
    if (text == null) return null;
    String s = text.strip();
    if (s.isEmpty()) return null;
    Matcher m = AGE.matcher(s);
    if (!m.matches()) return null;
    long seconds = 0;
    long[] unit = {365L * 86400, 86400, 3600, 60, 1};
    boolean any = false;
    for (int i = 0; i < unit.length; i++) {
      if (m.group(i + 1) != null) {
        seconds += Long.parseLong(m.group(i + 1)) * unit[i];
        any = true;
      }
    }
    return any ? Duration.ofSeconds(seconds) : null;
  }

  /** {@code 3m}, {@code 3m (x4 over 20m)}; {@code <unknown>} keeps count 1 and no ages. Null if not an age. */
  static RelativeAge event(String text) {
    if (text == null) return null;
    Matcher m = EVENT_AGE.matcher(text.strip());
    if (!m.matches()) return null;
    Duration last = age(m.group(1));
    boolean placeholder = m.group(1).startsWith("<") && m.group(1).endsWith(">");
    if (last == null && !placeholder) return null;
    int count = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
    Duration first = m.group(3) == null ? last : age(m.group(3));
    return new RelativeAge(last, count, first);
  }

  /** The RESTARTS column: {@code 7} or {@code 7 (3m ago)}: the count and the age of the last restart. */
  static RelativeAge restarts(String text) {
    if (text == null) return null;
    Matcher m = RESTARTS.matcher(text.strip());
    if (!m.matches()) return null;
    Duration last = m.group(2) == null ? null : age(m.group(2));
    return new RelativeAge(last, Integer.parseInt(m.group(1)), last);
  }
}
