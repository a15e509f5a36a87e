package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.RuleFiles;
import org.junit.jupiter.api.Test;

/** The bench's DRL edits change what they say they change: one rule's text, or one function's. */
class BenchEditsTest {
  private static String firstFile() throws Exception {
    return RuleFiles.shipped().drl().values().iterator().next();
  }

  private static String firstRule(String drl) {
    int start = drl.indexOf("\nrule ");
    return drl.substring(start, drl.indexOf("\nend\n", start));
  }

  @Test
  void aRuleEditChangesTheFirstRuleAloneAndEachEditAgain() throws Exception {
    String drl = firstFile();
    String once = BenchCommand.editRule(drl, 1);
    String twice = BenchCommand.editRule(once, 2);
    assertThat(firstRule(once)).isNotEqualTo(firstRule(drl)).contains("\nwhen\n  // bench rule edit 1\n");
    assertThat(twice).isNotEqualTo(once).doesNotContain("bench rule edit 1");
    assertThat(once.replace(firstRule(once), "")).isEqualTo(drl.replace(firstRule(drl), ""));
  }

  @Test
  void aFunctionEditChangesAFunctionBodyNotARule() throws Exception {
    String drl = firstFile();
    String once = BenchCommand.editFunction(drl, 1);
    assertThat(BenchCommand.editFunction(once, 2)).doesNotContain("bench function edit 1").contains("bench function edit 2");
    int function = once.indexOf("\nfunction ");
    assertThat(once.indexOf("  // bench function edit 1")).isGreaterThan(function).isLessThan(once.indexOf("\n}\n", function));
    assertThat(firstRule(once)).isEqualTo(firstRule(drl));
  }
}
