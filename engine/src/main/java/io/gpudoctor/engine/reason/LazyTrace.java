package io.gpudoctor.engine.reason;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * The rule firings of one diagnosis, labelled ({@link FactLabels}) only when read: only
 * {@code --explain} and the JSON trace read them, and labelling every firing up front dominated
 * the diagnosis of large incidents. Unmodifiable; each entry is labelled once.
 */
final class LazyTrace extends AbstractList<TraceEntry> implements RandomAccess {
  record Firing(String rule, String concludes, Object[] facts) {}

  private final Firing[] firings;
  private final TraceEntry[] labelled;

  LazyTrace(List<Firing> firings) {
    this.firings = firings.toArray(new Firing[0]);
    this.labelled = new TraceEntry[this.firings.length];
  }

  @Override
  public synchronized TraceEntry get(int index) {
    TraceEntry entry = labelled[index];
    if (entry == null) {
      Firing f = firings[index];
      entry = new TraceEntry(f.rule(), f.concludes(), Arrays.stream(f.facts()).map(FactLabels::of).toList());
      labelled[index] = entry;
    }
    return entry;
  }

  @Override
  public int size() {
    return firings.length;
  }
}
