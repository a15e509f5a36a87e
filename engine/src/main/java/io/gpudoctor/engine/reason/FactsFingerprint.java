package io.gpudoctor.engine.reason;

import io.gpudoctor.facts.Finding;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Identifies the build of the fact classes the rules are compiled against: a compiled rule set
 * calls their methods directly, so a cached one must not outlive a change to them.
 */
final class FactsFingerprint {
  private FactsFingerprint() {}

  static String current() {
    try {
      CodeSource source = Finding.class.getProtectionDomain().getCodeSource();
      if (source == null) return "unknown";
      Path location = Path.of(source.getLocation().toURI());
      if (Files.isRegularFile(location)) {
        // A jar: its path, size and time say which build it is. No digest here: the first use of
        // MessageDigest (its providers) cost ~20 ms on the critical path of a cold start.
        return "j" + Integer.toHexString(location.toAbsolutePath().toString().hashCode())
            + Long.toHexString(Files.size(location)) + Long.toHexString(Files.getLastModifiedTime(location).toMillis());
      }
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      Path facts = location.resolve("io/gpudoctor/facts");
      try (Stream<Path> files = Files.walk(facts)) {
        List<Path> sorted = files.filter(Files::isRegularFile).sorted().toList();
        for (Path p : sorted) sha.update(describe(p).getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (IOException | URISyntaxException | NoSuchAlgorithmException | RuntimeException e) {
      // Unknown build: a fresh key each run, so nothing stale is ever loaded.
      return "nocache-" + System.nanoTime();
    }
  }

  private static String describe(Path file) throws IOException {
    return file.toAbsolutePath() + ":" + Files.size(file) + ":" + Files.getLastModifiedTime(file).toMillis() + "\n";
  }
}
