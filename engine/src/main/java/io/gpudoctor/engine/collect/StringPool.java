package io.gpudoctor.engine.collect;

import java.util.HashMap;
import java.util.Map;

/**
 * One copy of each repeated text of a read. A big cluster repeats a few hundred texts (namespaces,
 * reasons, the scheduler's message, label keys and values, condition types) across 100k objects;
 * each parse makes its own copy, and the copies were a quarter of the heap of a 1,000-node incident.
 */
final class StringPool {
  private final Map<String, String> pool = new HashMap<>();

  String of(String s) {
    if (s == null) return null;
    String known = pool.putIfAbsent(s, s);
    return known == null ? s : known;
  }
}
