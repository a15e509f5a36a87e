package io.gpudoctor.engine.reason;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.RandomAccess;

/**
 * The rule firings of one diagnosis, labelled ({@link FactLabels}) only when read: only
 * {@code --explain} and the JSON trace read them, and labelling every firing up front dominated
 * the diagnosis of large incidents. Unmodifiable; each entry is labelled once.
 *
 * <p>Firings of one rule in a row (its matches, one after the other) are listed by their facts'
 * labels: which match of a rule Drools fires first is not part of what the rules say, and it
 * changes with how the network shares nodes (a rule compiled on its own after an edit, {@link
 * EditedRules}, shares none with the model's; {@code -Ddrools.shareAlphaNodes=false} swapped two).
 */
final class LazyTrace extends AbstractList<TraceEntry> implements RandomAccess {
  record Firing(String rule, String concludes, Object[] facts) {}

  private static final Comparator<TraceEntry> BY_FACTS = (a, b) -> {
    for (int i = 0; i < Math.min(a.facts().size(), b.facts().size()); i++) {
      int c = a.facts().get(i).compareTo(b.facts().get(i));
      if (c != 0) return c;
    }
    return Integer.compare(a.facts().size(), b.facts().size());
  };

  private final Firing[] firings;
  private final TraceEntry[] labelled;
  private final int[] runStart;

  LazyTrace(List<Firing> firings) {
    this.firings = firings.toArray(new Firing[0]);
    this.labelled = new TraceEntry[this.firings.length];
    this.runStart = new int[this.firings.length];
    for (int i = 1; i < this.firings.length; i++) {
      runStart[i] = this.firings[i].rule().equals(this.firings[i - 1].rule()) ? runStart[i - 1] : i;
    }
  }

  @Override
  public synchronized TraceEntry get(int index) {
    if (labelled[index] == null) {
      int start = runStart[index];
      int end = index + 1;
      while (end < firings.length && runStart[end] == start) end++;
      for (int i = start; i < end; i++) {
        Firing f = firings[i];
        labelled[i] = new TraceEntry(f.rule(), f.concludes(), Arrays.stream(f.facts()).map(FactLabels::of).toList());
      }
      Arrays.sort(labelled, start, end, BY_FACTS);
    }
    return labelled[index];
  }

  @Override
  public int size() {
    return firings.length;
  }
}
