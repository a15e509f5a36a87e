package io.gpudoctor.engine.collect;

/**
 * Sizes beyond which evidence is not read, so a hostile or mistaken bundle cannot exhaust memory.
 * A Kubernetes List file at least {@code streamFromBytes} long is read one item at a time
 * ({@link StreamedKubeList}), so it may be as large as {@code maxStreamedFileBytes}; any other file
 * is held whole and stops at {@code maxFileBytes}. Tests use smaller limits; the product always
 * uses {@link #DEFAULT}.
 */
record EvidenceLimits(long maxFileBytes, long maxArchiveTotalBytes, long streamFromBytes, long maxStreamedFileBytes) {
  static final EvidenceLimits DEFAULT = new EvidenceLimits(
      64L * 1024 * 1024, 512L * 1024 * 1024, 8L * 1024 * 1024, 1024L * 1024 * 1024);
  static final int MAX_NESTING_DEPTH = 200;
  static final int SNIFF_BYTES = 8 * 1024;

  EvidenceLimits(long maxFileBytes, long maxArchiveTotalBytes) {
    this(maxFileBytes, maxArchiveTotalBytes, DEFAULT.streamFromBytes, DEFAULT.maxStreamedFileBytes);
  }

  EvidenceLimits withStreamFromBytes(long bytes) {
    return new EvidenceLimits(maxFileBytes, maxArchiveTotalBytes, bytes, maxStreamedFileBytes);
  }

  String tooLarge(long size) {
    return tooLarge(size, maxFileBytes);
  }

  String tooLarge(long size, long limit) {
    return "too large (" + size + " bytes, limit " + limit + ")";
  }
}
