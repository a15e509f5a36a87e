package io.gpudoctor.engine.collect;

/**
 * Sizes beyond which evidence is not read, so a hostile or mistaken bundle cannot exhaust memory.
 * Tests use smaller limits; the product always uses {@link #DEFAULT}.
 */
record EvidenceLimits(long maxFileBytes, long maxArchiveTotalBytes) {
  static final EvidenceLimits DEFAULT = new EvidenceLimits(64L * 1024 * 1024, 512L * 1024 * 1024);
  static final int MAX_NESTING_DEPTH = 200;
  static final int SNIFF_BYTES = 8 * 1024;

  String tooLarge(long size) {
    return "too large (" + size + " bytes, limit " + maxFileBytes + ")";
  }
}
