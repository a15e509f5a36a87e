package io.gpudoctor.engine.live;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleFiles;
import java.nio.file.Path;

/** The shipped rules and example incidents, compiled once for the live-read tests. */
final class IncidentRules {
  static final Path INCIDENTS = Path.of("..", "references", "incidents");
  private static RuleBase ruleBase;

  private IncidentRules() {}

  static synchronized RuleBase ruleBase() throws Exception {
    if (ruleBase == null) ruleBase = RuleBase.compile(RuleFiles.fromFolder(Path.of("..", "rules")), CompiledRulesCache.disabled());
    return ruleBase;
  }
}
