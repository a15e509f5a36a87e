package io.gpudoctor.engine.collect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Builds evidence folders for the tests from the fixtures under {@code src/test/resources/collect}. */
final class Bundles {
  private Bundles() {}

  static Path fixture(String relative) {
    try {
      return Path.of(Objects.requireNonNull(Bundles.class.getResource("/collect/" + relative), relative).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Copies fixture files ({@code gpu-taint/pods.json}) into the folder under their own names. */
  static Path copy(Path folder, String... fixtures) {
    try {
      for (String f : fixtures) {
        Path source = fixture(f);
        Files.copy(source, folder.resolve(source.getFileName().toString()));
      }
      return folder;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path write(Path folder, String name, String content) {
    return write(folder, name, content.getBytes(StandardCharsets.UTF_8));
  }

  static Path write(Path folder, String name, byte[] content) {
    try {
      Path file = folder.resolve(name);
      Files.createDirectories(file.getParent());
      Files.write(file, content);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static EvidenceBundle read(Path folder) {
    try {
      return new EvidenceFolderReader().read(folder);
    } catch (EvidenceException e) {
      throw new AssertionError("the evidence could not be read: " + e.getMessage(), e);
    }
  }

  static <T> List<T> facts(EvidenceBundle bundle, Class<T> type) {
    return bundle.facts().stream().filter(type::isInstance).map(type::cast).toList();
  }

  static <T> T only(EvidenceBundle bundle, Class<T> type) {
    List<T> list = facts(bundle, type);
    if (list.size() != 1) throw new AssertionError("expected one " + type.getSimpleName() + " but got " + list);
    return list.get(0);
  }
}
