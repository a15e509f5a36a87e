package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;

/** Loads and compiles the rule set: {@code --rules DIR}, else the rules shipped in the jar. */
final class Rules {
  /** The rules a diagnose started loading before its command line was parsed, and their folder (null: shipped). */
  private record Preloaded(Path folder, RuleBase.Loading loading) {}

  private static volatile Preloaded preloaded;

  private Rules() {}

  /**
   * Starts loading the rules at once when the arguments are a {@code diagnose}: the shipped ones,
   * or those of its one {@code --rules DIR}. On the second core the compiled rules then load (or,
   * after an edit, the edited ones compile) while picocli builds the command line and the evidence
   * is read, which is most of a cold start's critical path.
   */
  static void preloadFor(List<String> args) {
    if (!"diagnose".equals(GpuDoctor.subcommandOf(args))) return;
    try {
      Path folder = null;
      int named = 0;
      for (int i = 0; i < args.size(); i++) {
        String a = args.get(i);
        if (a.equals("--")) break;
        if (a.startsWith("--rules=")) {
          folder = Path.of(a.substring("--rules=".length()));
          named++;
        } else if (a.equals("--rules")) {
          if (i + 1 >= args.size()) return;
          folder = Path.of(args.get(++i));
          named++;
        }
      }
      if (named > 1) return; // picocli decides what that means
      preloaded = new Preloaded(folder, startLoading(folder));
    } catch (CliException | InvalidPathException e) {
      // reported by the command itself, on its turn
    }
  }

  /**
   * The rules of a command that runs them once (diagnose, explain), loading on another thread: the
   * preloaded ones, if they are of this folder. {@link #finish} waits for them.
   */
  static RuleBase.Loading loading(Path folder) {
    Preloaded started = preloaded;
    if (started != null && Objects.equals(started.folder(), folder)) {
      preloaded = null;
      return started.loading();
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
    if (ruleBase.compiledRules() >= ruleBase.rules().size()) discardClassArchiveBeingRecorded();
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
   * A diagnose of a rules folder served from the cache, recording the launcher's archive for such
   * runs: after its report it rehearses an edit of those rules (built and dropped, nothing written),
   * so that the archive holds the compiler's classes as well, which every run after a later edit
   * maps instead of reading ~1,500 classes from jars (references/performance.md).
   */
  static void rehearseAnEditIfRecording(Path folder, RuleBase ruleBase) {
    String marker = System.getProperty("gpudoctor.cds.discard");
    if (marker == null || marker.isBlank() || folder == null || !ruleBase.fromCache()) return;
    try {
      CompiledRulesCache.standard().rehearseAnEditOf(files(folder));
    } catch (RuntimeException e) { // the folder unreadable now (CliException) or any other failure:
      // the archive only misses the compiler's classes
    }
  }

  /**
   * The launcher records a class-data-sharing archive on the first run of a command and keeps it
   * for every later run. A run that compiled all its rules would record the compiler's classes and
   * miss the ~1,000 that load a cached rule set, which later runs do (measured: 711 rule classes and
   * 270 of Drools' model read from jars on every cold start); so it asks the launcher (the marker
   * file named by {@code gpudoctor.cds.discard}) to drop it and record again next time. A run after
   * an edit, which loaded the model's rules and compiled the edited ones, keeps its archive: it holds
   * both, which is what the next run after an edit loads (~1,500 classes fewer read from jars).
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
