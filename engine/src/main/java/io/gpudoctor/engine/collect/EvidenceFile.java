package io.gpudoctor.engine.collect;

/**
 * One file of the evidence, already in memory: from the folder ({@code pods.json}) or from an
 * archive ({@code bundle.tar.gz!/bundle/pods.json}). {@code path} is what the report shows.
 */
record EvidenceFile(String path, byte[] content) {

  /** The last segment of the path, the only part of a name that ever matters. */
  String fileName() {
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('!'));
    return path.substring(slash + 1);
  }
}
