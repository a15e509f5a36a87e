package io.gpudoctor.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Finds repository files (references/, rules/fixtures) from the working folder or the jar's location. */
final class Locations {
  private Locations() {}

  /** The folders searched, each with its parents: the working folder, then the jar's folder. */
  static List<Path> roots() {
    Set<Path> roots = new LinkedHashSet<>();
    roots.add(Path.of("").toAbsolutePath().normalize());
    Path jar = codeLocation();
    if (jar != null) roots.add(Files.isRegularFile(jar) ? jar.getParent() : jar);
    return new ArrayList<>(roots);
  }

  /** The first match, shown relative to the working folder when it lies below it. */
  static Optional<Path> find(String relative) {
    Path cwd = Path.of("").toAbsolutePath().normalize();
    for (Path root : roots()) {
      for (Path dir = root; dir != null; dir = dir.getParent()) {
        Path candidate = dir.resolve(relative).normalize();
        if (Files.exists(candidate)) {
          return Optional.of(candidate.startsWith(cwd) && !candidate.equals(cwd) ? cwd.relativize(candidate) : candidate);
        }
      }
    }
    return Optional.empty();
  }

  private static Path codeLocation() {
    try {
      return Path.of(GpuDoctor.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
    } catch (Exception | Error e) {
      return null;
    }
  }
}
