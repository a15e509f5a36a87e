package io.gpudoctor.facts;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Immutable copies that iterate in key order, so quotes and reports are the same on every run. */
final class SortedMaps {
  private SortedMaps() {}

  static Map<String, String> copyOf(Map<String, String> map) {
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }
}
