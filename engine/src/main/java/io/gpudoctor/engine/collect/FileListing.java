package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;

/** The files to read, in the order they are read, and those that were set aside while listing. */
final class FileListing {
  private final List<EvidenceFile> files = new ArrayList<>();
  private final List<UnreadableFile> unreadable = new ArrayList<>();

  void file(EvidenceFile file) {
    files.add(file);
  }

  void unreadable(String path, String reason) {
    unreadable.add(new UnreadableFile(path, reason));
  }

  List<EvidenceFile> files() {
    return files;
  }

  List<UnreadableFile> unreadable() {
    return unreadable;
  }
}
