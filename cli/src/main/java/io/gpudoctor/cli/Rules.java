package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Loads and compiles the rule set: {@code --rules DIR}, else the rules shipped in the jar. */
final class Rules {
  private Rules() {}

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
    return RuleBase.compile(files(folder), cache);
  }
}
