package io.gpudoctor.engine.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shard {@code index} of {@code count} ({@code I/N}, 1-based): the report lines whose position in
 * the sorted list of all lines is {@code index-1} modulo {@code count}. Every machine of an
 * indexed job lists the same corpus in the same sorted order, so the shards are disjoint, cover
 * the corpus, and differ in size by at most one.
 */
public record Shard(int index, int count) {
  public static final Shard ALL = new Shard(1, 1);
  private static final Pattern SPEC = Pattern.compile("(\\d+)/(\\d+)");

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException("shard must be I/N with 1 <= I <= N, got " + index + "/" + count);
    }
  }

  /** Parses {@code I/N}. */
  public static Shard parse(String spec) {
    Matcher m = SPEC.matcher(spec.strip());
    if (!m.matches()) throw new IllegalArgumentException("shard must be I/N (for example 1/4), got '" + spec + "'");
    try {
      return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("shard must be I/N (for example 1/4), got '" + spec + "'");
    }
  }

  public <T> List<T> select(List<T> sorted) {
    if (count == 1) return sorted;
    List<T> mine = new ArrayList<>();
    for (int i = index - 1; i < sorted.size(); i += count) mine.add(sorted.get(i));
    return mine;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
