package io.gpudoctor.engine.collect;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Lists the files of an evidence folder in a fixed order, expanding archives found inside; the
 * other files are read when their turn comes. Nothing outside the folder is ever read, even through a link.
 */
final class FolderWalker {
  /** Replay labels and human notes travel with bundles but are not evidence, in any case of their names. */
  private static final Set<String> NOT_EVIDENCE = Set.of("expected.yaml", "expected.yml", "readme.md", "notes.md");

  private final EvidenceLimits limits;
  private final ArchiveExpander archives;

  FolderWalker(EvidenceLimits limits) {
    this.limits = limits;
    this.archives = new ArchiveExpander(limits);
  }

  static boolean isEvidenceName(String fileName) {
    return !NOT_EVIDENCE.contains(fileName.toLowerCase(java.util.Locale.ROOT));
  }

  void walk(Path folder, FileListing out) throws IOException {
    Path root = folder.toRealPath();
    for (Listed entry : list(root)) {
      if (!isEvidenceName(entry.file().getFileName().toString())) continue;
      load(root, entry, out);
    }
  }

  /**
   * A file as the walk found it, with the attributes it read then (of the link itself, for a link;
   * null when it could not read them): four more lookups per file cost a replay ~5% of its reading.
   */
  private record Listed(Path file, String relative, BasicFileAttributes attributes) {}

  private static List<Listed> list(Path root) throws IOException {
    List<Listed> files = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        files.add(new Listed(file, relativeName(root, file), attrs));
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        files.add(new Listed(file, relativeName(root, file), null));
        return FileVisitResult.CONTINUE;
      }
    });
    files.sort(Comparator.comparing(Listed::relative));
    return files;
  }

  private void load(Path root, Listed entry, FileListing out) {
    Path file = entry.file();
    String relative = entry.relative();
    BasicFileAttributes attrs = entry.attributes();
    if (attrs != null && !attrs.isSymbolicLink()) {
      load(file, relative, attrs, out);
      return;
    }
    try {
      if (Files.isSymbolicLink(file)) {
        Path target;
        try {
          target = file.toRealPath();
        } catch (IOException e) {
          out.unreadable(relative, "broken link");
          return;
        }
        if (!target.startsWith(root)) {
          out.unreadable(relative, "link out of the folder");
          return;
        }
        // A link to a folder inside the bundle: its files are read where they really are.
        if (Files.isDirectory(target)) return;
        file = target;
      }
      load(file, relative, Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS), out);
    } catch (AccessDeniedException | SecurityException e) {
      out.unreadable(relative, "permission denied");
    } catch (IOException e) {
      out.unreadable(relative, "cannot read the file: " + ShortMessages.of(e));
    }
  }

  /** A file that is no link (any more): listed, or named unreadable and why. */
  private void load(Path file, String relative, BasicFileAttributes attrs, FileListing out) {
    try {
      if (attrs.isDirectory()) {
        out.unreadable(relative, "cannot read the folder");
        return;
      }
      if (!attrs.isRegularFile()) {
        out.unreadable(relative, "not a regular file");
        return;
      }
      long size = attrs.size();
      boolean archive = ArchiveExpander.isArchiveName(relative);
      // Only a streamable List may exceed maxFileBytes; the reader tells, when it gets to the file.
      long limit = archive ? limits.maxFileBytes() : Math.max(limits.maxFileBytes(), limits.maxStreamedFileBytes());
      if (size > limit) {
        out.unreadable(relative, limits.tooLarge(size, limit));
        return;
      }
      if (archive) {
        archives.expandInto(relative, Files.readAllBytes(file), out);
      } else {
        Files.newByteChannel(file).close(); // unreadable files are named while listing, as before
        out.file(EvidenceFile.onDisk(relative, file, size));
      }
    } catch (AccessDeniedException | SecurityException e) {
      out.unreadable(relative, "permission denied");
    } catch (IOException e) {
      out.unreadable(relative, "cannot read the file: " + ShortMessages.of(e));
    }
  }

  private static String relativeName(Path root, Path file) {
    return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
  }
}
