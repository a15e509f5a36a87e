package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Loads and compiles the rule set: {@code --rules DIR}, else the rules shipped in the jar. */
final class Rules {
  private static volatile CompletableFuture<RuleBase> shipped;

  private Rules() {}

  /**
   * Starts loading the shipped rules at once when the arguments are a {@code diagnose} without
   * {@code --rules}: on the second core the rule base then loads while picocli builds the command
   * line and the evidence is read, which is most of a cold start's critical path.
   */
  static void preloadFor(List<String> args) {
    if (!"diagnose".equals(GpuDoctor.subcommandOf(args))) return;
    for (String a : args) {
      if (a.equals("--rules") || a.startsWith("--rules=")) return;
    }
    shipped = CompletableFuture.supplyAsync(() -> compileOrFail(null));
  }

  /**
   * The rule base of a diagnose, loading on another thread ({@link #compileForOneRun}): the
   * preloaded one for the shipped rules, if started.
   */
  static CompletableFuture<RuleBase> loading(Path folder) {
    CompletableFuture<RuleBase> preloaded = shipped;
    if (folder == null && preloaded != null) {
      shipped = null;
      return preloaded;
    }
    return CompletableFuture.supplyAsync(() -> compileOrFail(folder));
  }

  private static RuleBase compileOrFail(Path folder) {
    try {
      return compileForOneRun(folder);
    } catch (RuleCompileException e) {
      throw new CompletionException(e);
    }
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
   * For a command that runs the rules once (diagnose, explain): after an edit it answers with the
   * classic build and the executable model is stored for the next run by a detached JVM started as
   * this one exits, after the report ({@code -Dgpudoctor.cache.background=false}: compiled and
   * stored in this process instead).
   */
  static RuleBase compileForOneRun(Path folder) throws RuleCompileException {
    CompiledRulesCache cache = CompiledRulesCache.standard();
    if (!"false".equals(System.getProperty("gpudoctor.cache.background"))) cache = cache.storingInBackgroundAtExit();
    RuleBase ruleBase = RuleBase.compile(files(folder), cache);
    if (!ruleBase.fromCache()) discardClassArchiveBeingRecorded();
    return ruleBase;
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
