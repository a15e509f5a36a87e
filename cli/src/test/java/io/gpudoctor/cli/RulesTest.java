package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.RuleFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A diagnose starts loading its rules before picocli has parsed its command line. */
class RulesTest {
  @TempDir Path tmp;

  @Test
  void theRulesFolderADiagnoseNamesLoadsBeforeItsCommandLineIsParsed() throws Exception {
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    Rules.preloadFor(List.of("diagnose", tmp.resolve("evidence").toString(), "--rules", rules.toString(), "-o", "json"));
    // Edited after the preload started: the preloaded rules are those of before.
    String before = RuleFiles.fromFolder(rules).digest();
    Files.writeString(rules.resolve("evidence.drl"), "\n// an edit\n", StandardOpenOption.APPEND);
    assertThat(Rules.finish(Rules.loading(rules)).digest()).isEqualTo(before);
    assertThat(Rules.finish(Rules.loading(rules)).digest()).as("a second loading reads the folder again")
        .isEqualTo(RuleFiles.fromFolder(rules).digest()).isNotEqualTo(before);
  }

  @Test
  void aCommandOfAnotherRulesFolderThanThePreloadedOneGetsItsOwn() throws Exception {
    Path preloaded = TestEvidence.rules(tmp.resolve("a"));
    Path other = TestEvidence.rules(tmp.resolve("b"));
    Files.writeString(other.resolve("evidence.drl"), "\n// another rule set\n", StandardOpenOption.APPEND);
    Rules.preloadFor(List.of("diagnose", "--rules=" + preloaded, tmp.resolve("evidence").toString()));
    assertThat(Rules.finish(Rules.loading(other)).digest()).isEqualTo(RuleFiles.fromFolder(other).digest());
    assertThat(Rules.finish(Rules.loading(preloaded)).digest()).isEqualTo(RuleFiles.fromFolder(preloaded).digest());
  }
}
