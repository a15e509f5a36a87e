package io.gpudoctor.engine.reason;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Stores the executable model of a rule set that a short run answered with the classic build, from
 * a detached JVM, so the run that prints the report does not also pay for the model (the two builds
 * in one process cost ~1.6x the model alone on this 2-core machine; references/performance.md).
 *
 * <p>The run copies the rule texts to a {@code pending-*} folder in the cache and starts {@code java
 * -cp <its class path> BackgroundRuleStore <pending> <cache> <key> <digest>}: with its output discarded, so
 * whoever reads the run's output is not held up until the store ends, and at a lower priority
 * ({@code nice}) so the user's next command comes first. One builder per key (a file lock); the next
 * run that starts before the store ended compiles classic again, as this one did.
 */
final class BackgroundRuleStore {
  private static final Duration STALE = Duration.ofHours(1);

  private BackgroundRuleStore() {}

  static void start(CompiledRulesCache cache, String key, RuleFiles files) throws IOException {
    Path folder = cache.folder();
    Files.createDirectories(folder);
    if (Files.isRegularFile(cache.fileFor(key)) || held(cache.lockFile(key))) return;
    removeStalePending(folder);
    Path pending = Files.createTempDirectory(folder, "pending-");
    for (Map.Entry<String, String> drl : files.drl().entrySet()) {
      Files.writeString(pending.resolve(drl.getKey()), drl.getValue());
    }
    Files.writeString(pending.resolve(RuleFiles.CATALOGUE), files.catalogue());
    List<String> cmd = new ArrayList<>();
    Path nice = Path.of("/usr/bin/nice");
    if (Files.isExecutable(nice)) cmd.addAll(List.of(nice.toString(), "-n", "10"));
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // A one-off build: C1 only and the serial collector cost the least CPU (measured for diagnose).
    cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-cp", System.getProperty("java.class.path"), BackgroundRuleStore.class.getName(),
        pending.toString(), folder.toString(), key, files.digest()));
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    p.getOutputStream().close();
  }

  /** The detached builder: compiles the pending rule texts to the executable model and stores it. */
  public static void main(String[] args) {
    Path pending = Path.of(args[0]);
    CompiledRulesCache cache = CompiledRulesCache.in(Path.of(args[1]));
    String key = args[2];
    String digest = args[3];
    try (FileChannel channel = FileChannel.open(cache.lockFile(key), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock()) {
      if (lock != null && !Files.isRegularFile(cache.fileFor(key))) {
        RuleFiles files = RuleFiles.fromFolder(pending);
        // Stores under the key only what the run compiled: the texts with the run's digest.
        if (files.digest().equals(digest)) RuleBase.storeModel(files, cache, key);
      }
    } catch (Exception | LinkageError e) {
      // best effort: the next run compiles again
    } finally {
      delete(pending);
    }
    System.exit(0);
  }

  static boolean held(Path lockFile) {
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock()) {
      return lock == null;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** Pending folders of builders that died (killed, machine stopped) long ago. */
  private static void removeStalePending(Path folder) {
    FileTime before = FileTime.from(Instant.now().minus(STALE));
    try (Stream<Path> entries = Files.list(folder)) {
      for (Path p : entries.filter(e -> e.getFileName().toString().startsWith("pending-")).toList()) {
        if (Files.getLastModifiedTime(p).compareTo(before) < 0) delete(p);
      }
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }

  private static void delete(Path folder) {
    try (Stream<Path> walk = Files.walk(folder)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }
}
