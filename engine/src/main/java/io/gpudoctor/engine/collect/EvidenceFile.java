package io.gpudoctor.engine.collect;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One file of the evidence: from the folder ({@code pods.json}), read from disk only when its turn
 * comes so a big bundle is never in memory all at once, or already in memory (an archive's entry
 * {@code bundle.tar.gz!/bundle/pods.json}, an API answer). {@code path} is what the report shows.
 */
record EvidenceFile(String path, byte[] inMemory, Path onDisk, long size) {

  EvidenceFile(String path, byte[] content) {
    this(path, content, null, content.length);
  }

  static EvidenceFile onDisk(String path, Path file, long size) {
    return new EvidenceFile(path, null, file, size);
  }

  byte[] content() throws IOException {
    if (inMemory != null) return inMemory;
    try (InputStream in = open()) {
      return in.readAllBytes();
    }
  }

  /** Never through a link: the folder walker resolved links when it listed the file (a file swapped for one since is refused). */
  InputStream open() throws IOException {
    if (inMemory != null) return new ByteArrayInputStream(inMemory);
    return Channels.newInputStream(Files.newByteChannel(onDisk, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
  }

  /** The first bytes, enough to tell text from binary and JSON from YAML. */
  byte[] head(int length) throws IOException {
    try (InputStream in = open()) {
      return in.readNBytes(length);
    }
  }

  /** The last segment of the path, the only part of a name that ever matters. */
  String fileName() {
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('!'));
    return path.substring(slash + 1);
  }
}
