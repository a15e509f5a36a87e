package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** Loads and compiles the rule set: {@code --rules DIR}, else the rules shipped in the jar. */
final class Rules {
  private static volatile RuleBase.Loading shipped;

  private Rules() {}

  /**
   * Starts loading the shipped rules at once when the arguments are a {@code diagnose} without
   * {@code --rules}: on the second core the compiled rules then load while picocli builds the command
   * line and the evidence is read, which is most of a cold start's critical path.
   */
  static void preloadFor(List<String> args) {
    if (!"diagnose".equals(GpuDoctor.subcommandOf(args))) return;
    for (String a : args) {
      if (a.equals("--rules") || a.startsWith("--rules=")) return;
    }
    try {
      shipped = startLoading(null);
    } catch (CliException e) {
      // reported by the command itself, on its turn
    }
  }

  /**
   * The rules of a command that runs them once (diagnose, explain), loading on another thread: the
   * preloaded shipped ones, if started. {@link #finish} waits for them.
   */
  static RuleBase.Loading loading(Path folder) {
    RuleBase.Loading preloaded = shipped;
    if (folder == null && preloaded != null) {
      shipped = null;
      return preloaded;
    }
    return startLoading(folder);
  }

  /**
   * After an edit a command that runs the rules once answers with the classic build and the
   * executable model is stored for the next run by a detached JVM started as this one exits, after
   * the report ({@code -Dgpudoctor.cache.background=false}: compiled and stored in this process).
   */
  private static RuleBase.Loading startLoading(Path folder) {
    CompiledRulesCache cache = CompiledRulesCache.standard();
    if (!"false".equals(System.getProperty("gpudoctor.cache.background"))) cache = cache.storingInBackgroundAtExit();
    return RuleBase.startLoading(files(folder), cache, Rules::onRuleThread);
  }

  private static void onRuleThread(Runnable load) {
    Thread thread = new Thread(load, "gpu-doctor-rules");
    thread.setDaemon(true);
    thread.start();
  }

  /** Checks the rule contract here, then waits for the compiled rules. */
  static RuleBase finish(RuleBase.Loading loading) throws RuleCompileException {
    RuleBase ruleBase = loading.finish();
    if (!ruleBase.fromCache()) discardClassArchiveBeingRecorded();
    ruleBase.cacheEntry().ifPresent(Rules::nameTheCacheEntryToTheLauncher);
    return ruleBase;
  }

  /**
   * The launcher asks a diagnose of the shipped rules (by {@code gpudoctor.model.record}) which
   * cache entry served them, and puts that jar on the class path of the next runs: classes from the
   * class path go to the class-data-sharing archive with their lambdas, those of the cache's own
   * class loader without (references/performance.md).
   */
  private static void nameTheCacheEntryToTheLauncher(Path entry) {
    String record = System.getProperty("gpudoctor.model.record");
    if (record == null || record.isBlank()) return;
    Path file = Path.of(record).toAbsolutePath();
    Path tmp = null;
    try {
      if (Files.isRegularFile(file) && Files.readString(file).equals(entry.toString())) return;
      tmp = Files.createTempFile(file.getParent(), "model-", ".tmp");
      Files.writeString(tmp, entry.toString());
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      try {
        if (tmp != null) Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // the next runs load the model as this one did
      }
    }
  }

  static RuleBase compileForOneRun(Path folder) throws RuleCompileException {
    return finish(loading(folder));
  }

  static RuleFiles files(Path folder) {
    try {
      return folder == null ? RuleFiles.shipped() : RuleFiles.fromFolder(folder);
    } catch (IOException e) {
      throw new CliException(ExitCodes.USAGE, "cannot read the rules: " + e.getMessage());
    }
  }

  static RuleBase compile(Path folder) throws RuleCompileException {
    return RuleBase.compile(files(folder));
  }

  /**
   * The launcher records a class-data-sharing archive on the first run of a command and keeps it
   * for every later run. A run that compiled its rules would record the compiler's classes and miss
   * the ~1,000 that load a cached rule set, which all later runs do (measured: 711 rule classes and
   * 270 of Drools' model read from jars on every cold start); so it asks the launcher (the marker
   * file named by {@code gpudoctor.cds.discard}) to drop it and record again next time.
   */
  private static void discardClassArchiveBeingRecorded() {
    String marker = System.getProperty("gpudoctor.cds.discard");
    if (marker == null || marker.isBlank()) return;
    try {
      Files.createFile(Path.of(marker));
    } catch (IOException | RuntimeException e) {
      // already asked, or cannot ask: the archive is only slower, never wrong
    }
  }
}
