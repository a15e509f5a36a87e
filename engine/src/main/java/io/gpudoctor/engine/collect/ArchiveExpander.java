package io.gpudoctor.engine.collect;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * Expands a {@code .tar.gz}/{@code .tgz}/{@code .zip} bundle in memory. Entries become files named
 * {@code archive!/inner/path}; entries that would land outside the archive root, and archives that
 * expand beyond {@link EvidenceLimits#maxArchiveTotalBytes()}, are refused.
 */
final class ArchiveExpander {
  private final EvidenceLimits limits;

  ArchiveExpander(EvidenceLimits limits) {
    this.limits = limits;
  }

  static boolean isArchiveName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.endsWith(".tar.gz") || n.endsWith(".tgz") || n.endsWith(".zip");
  }

  /** Expands an archive found inside the folder: a corrupt one is just an unreadable file. */
  void expandInto(String archivePath, byte[] content, FileListing out) {
    try {
      expand(archivePath, content, out);
    } catch (NotReadable e) {
      out.unreadable(archivePath, e.reason());
    }
  }

  /**
   * Adds the entries to {@code out}; throws when the archive itself cannot be opened or yields
   * nothing. Entries read before a corrupt tail are kept and the tail is reported.
   */
  void expand(String archivePath, byte[] content, FileListing out) throws NotReadable {
    Budget budget = new Budget(limits.maxArchiveTotalBytes());
    List<Entry> entries = new ArrayList<>();
    String failure = null;
    try {
      if (archivePath.toLowerCase(Locale.ROOT).endsWith(".zip")) readZip(content, entries, budget);
      else readTarGz(content, entries, budget);
    } catch (IOException | RuntimeException e) {
      failure = e instanceof BombException ? e.getMessage() : "cannot read the archive: " + ShortMessages.of(e);
    }
    if (failure != null && entries.isEmpty()) throw new NotReadable(failure);
    if (entries.isEmpty()) throw new NotReadable("the archive holds no evidence files");
    if (failure != null) out.unreadable(archivePath, failure + " (the entries before it were read)");
    entries.sort(Comparator.comparing(Entry::name));
    for (Entry entry : entries) {
      String path = archivePath + "!/" + entry.name();
      if (entry.content() == null) out.unreadable(path, entry.reason());
      else if (isArchiveName(entry.name())) out.unreadable(path, "an archive inside an archive is not read");
      else out.file(new EvidenceFile(path, entry.content()));
    }
  }

  private void readTarGz(byte[] content, List<Entry> entries, Budget budget) throws IOException {
    try (InputStream gz = GzipCompressorInputStream.builder()
            .setInputStream(new ByteArrayInputStream(content)).setDecompressConcatenated(true).get();
        TarArchiveInputStream tar = new TarArchiveInputStream(gz)) {
      TarArchiveEntry e;
      while ((e = tar.getNextEntry()) != null) {
        if (e.isDirectory()) continue;
        String name = safeName(e.getName());
        if (name == null) {
          entries.add(Entry.refused(e.getName(), "entry escapes the archive (\"../\" or absolute path)"));
        } else if (!FolderWalker.isEvidenceName(lastSegment(name)) || isArchiveMetadata(name)) {
          continue;
        } else if (e.isSymbolicLink() || e.isLink()) {
          entries.add(Entry.refused(name, "link inside an archive is not followed"));
        } else if (!e.isFile()) {
          continue;
        } else {
          entries.add(readEntry(name, e.getSize(), tar, budget));
        }
      }
    }
  }

  private void readZip(byte[] content, List<Entry> entries, Budget budget) throws IOException {
    try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(content))) {
      ZipEntry e;
      boolean any = false;
      while ((e = zip.getNextEntry()) != null) {
        any = true;
        if (e.isDirectory()) continue;
        String name = safeName(e.getName());
        if (name == null) {
          entries.add(Entry.refused(e.getName(), "entry escapes the archive (\"../\" or absolute path)"));
        } else if (FolderWalker.isEvidenceName(lastSegment(name)) && !isArchiveMetadata(name)) {
          entries.add(readEntry(name, e.getSize(), zip, budget));
        }
      }
      // ZipInputStream reads garbage as an empty archive; an archive with no entry at all is not a zip.
      if (!any) throw new IOException("not a zip archive, or an empty one");
    }
  }

  private Entry readEntry(String name, long declaredSize, InputStream in, Budget budget) throws IOException {
    if (declaredSize > limits.maxFileBytes()) {
      return Entry.refused(name, limits.tooLarge(declaredSize));
    }
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    byte[] chunk = new byte[64 * 1024];
    long size = 0;
    int n;
    while ((n = in.read(chunk)) > 0) {
      size += n;
      budget.charge(n);
      if (size > limits.maxFileBytes()) {
        // Drain (still counted against the budget) so the size reported is the real one.
        while ((n = in.read(chunk)) > 0) {
          size += n;
          budget.charge(n);
        }
        return Entry.refused(name, limits.tooLarge(size));
      }
      buffer.write(chunk, 0, n);
    }
    return new Entry(name, buffer.toByteArray(), null);
  }

  /** The entry name inside the archive root with '/' separators, or null when it would escape it. */
  static String safeName(String raw) {
    String name = raw.replace('\\', '/');
    if (name.startsWith("/") || name.matches("^[A-Za-z]:.*")) return null;
    List<String> parts = new ArrayList<>();
    for (String part : name.split("/")) {
      if (part.isEmpty() || part.equals(".")) continue;
      if (part.equals("..")) return null;
      parts.add(part);
    }
    return parts.isEmpty() ? null : String.join("/", parts);
  }

  /** Archive tool metadata (macOS resource forks), not something anyone captured. */
  private static boolean isArchiveMetadata(String name) {
    return name.startsWith("__MACOSX/");
  }

  private static String lastSegment(String name) {
    return name.substring(name.lastIndexOf('/') + 1);
  }

  private record Entry(String name, byte[] content, String reason) {
    static Entry refused(String name, String reason) {
      return new Entry(name, null, reason);
    }
  }

  private static final class BombException extends RuntimeException {
    BombException(String message) {
      super(message, null, false, false);
    }
  }

  private static final class Budget {
    private final long limit;
    private long total;

    Budget(long limit) {
      this.limit = limit;
    }

    void charge(long bytes) {
      total += bytes;
      if (total > limit) {
        throw new BombException("archive expands beyond " + limit + " bytes; the rest is not read");
      }
    }
  }
}
