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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lists the files of an evidence folder in a fixed order, expanding archives found inside; the
 * other files are read when their turn comes. Nothing outside the folder is ever read, even through a link.
 */
final class FolderWalker {
  /** Replay labels and human notes travel with bundles but are not evidence. */
  private static final Set<String> NOT_EVIDENCE = Set.of("expected.yaml", "README.md", "NOTES.md");

  private final EvidenceLimits limits;
  private final ArchiveExpander archives;

  FolderWalker(EvidenceLimits limits) {
    this.limits = limits;
    this.archives = new ArchiveExpander(limits);
  }

  static boolean isEvidenceName(String fileName) {
    return !NOT_EVIDENCE.contains(fileName);
  }

  void walk(Path folder, FileListing out) throws IOException {
    Path root = folder.toRealPath();
    List<Path> entries = list(root);
    for (Path file : entries) {
      String relative = relativeName(root, file);
      if (!isEvidenceName(file.getFileName().toString())) continue;
      load(root, file, relative, out);
    }
  }

  private static List<Path> list(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        files.add(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        files.add(file);
        return FileVisitResult.CONTINUE;
      }
    });
    // The sort key is computed once per file, not once per comparison.
    Map<Path, String> names = new HashMap<>();
    for (Path f : files) names.put(f, relativeName(root, f));
    files.sort(Comparator.comparing(names::get));
    return files;
  }

  private void load(Path root, Path file, String relative, FileListing out) {
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
      if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
        out.unreadable(relative, "cannot read the folder");
        return;
      }
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
        out.unreadable(relative, "not a regular file");
        return;
      }
      long size = Files.size(file);
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
