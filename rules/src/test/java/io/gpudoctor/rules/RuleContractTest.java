package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import io.gpudoctor.engine.reason.RuleProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rule contract, checked at compile time on a copy of the module's catalogue. */
class RuleContractTest {
  private static final String HEADER = "package gpudoctor.rules;\nimport io.gpudoctor.facts.*;\n\n";
  /** Its pattern, on line 6 after the header, names a fact type that does not exist. */
  private static final String UNKNOWN_FACT_TYPE = """
      rule "typo" @id(TargetUnbound) @route(evidence)
      when
        $t : Targett()
      then
        insertLogical(Finding.of("TargetUnbound", ""));
      end
      """;

  @TempDir Path dir;

  private RuleBase compile(String file, String drl) throws Exception {
    Files.copy(ModuleRules.moduleDir().resolve("catalogue.yaml"), dir.resolve("catalogue.yaml"));
    Files.writeString(dir.resolve(file), HEADER + drl);
    return RuleBase.compile(RuleFiles.fromFolder(dir));
  }

  @Test
  void theModuleRulesCompileAndKeepTheContract() {
    assertThat(ModuleRules.ruleBase().rules()).isNotEmpty().allSatisfy(r -> {
      assertThat(r.route()).as(r.name()).isNotNull();
      assertThat(r.file()).as(r.name()).endsWith("/" + r.route() + ".drl");
      assertThat(r.findingId() == null).as(r.name() + " has exactly one of @id and @signal").isNotEqualTo(r.signal() == null);
    });
  }

  @Test
  void theModuleRulesCompileToTheCacheableExecutableModel() {
    // A construct only the classic compiler takes (e.g. a DRL function variable named `e`) would
    // cost every user a full DRL compile on each start.
    assertThat(ModuleRules.ruleBase().executableModel()).isTrue();
  }

  @Test
  void aBrokenDrlIsRefusedWithFileAndLine() {
    assertThatThrownBy(() -> compile("scheduling.drl", """
        rule "broken" @id(GpuCapacityExhausted) @route(scheduling)
        when
          $t : Target(
        then
          insertLogical(Finding.of("GpuCapacityExhausted", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .isNotEmpty()
            .anySatisfy(p -> {
              assertThat(p.file()).isEqualTo(dir.resolve("scheduling.drl").toString());
              assertThat(p.line()).isPositive();
              assertThat(p.toString()).matches("(?s).*scheduling\\.drl:\\d+: .+");
            }));
  }

  @Test
  void aBrokenDrlIsRefusedWithFileAndLineByTheClassicBuildOfAShortRunToo() throws Exception {
    // diagnose after an edit answers with the classic build (the model is stored in the background).
    Files.copy(ModuleRules.moduleDir().resolve("catalogue.yaml"), dir.resolve("catalogue.yaml"));
    Files.writeString(dir.resolve("evidence.drl"), HEADER + UNKNOWN_FACT_TYPE);
    assertThatThrownBy(() -> RuleBase.compile(RuleFiles.fromFolder(dir), CompiledRulesCache.disabled().storingInBackground()))
        .isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.toString()).startsWith(dir.resolve("evidence.drl") + ":6: ")));
  }

  @Test
  void anUnknownFactTypeIsRefusedWithFileAndLine() {
    assertThatThrownBy(() -> compile("evidence.drl", UNKNOWN_FACT_TYPE)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.toString()).matches("(?s).*evidence\\.drl:\\d+: .+")));
  }

  @Test
  void aRuleWithoutRouteIsRefused() {
    assertThatThrownBy(() -> compile("evidence.drl", """
        rule "no route" @id(TargetUnbound)
        when Target() then insertLogical(Finding.of("TargetUnbound", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .extracting(RuleProblem::message).anySatisfy(m -> assertThat(m).contains("has no @route")));
  }

  @Test
  void aRuleWhoseRouteIsNotItsFileIsRefused() {
    assertThatThrownBy(() -> compile("evidence.drl", """
        rule "wrong file" @id(GpuCapacityExhausted) @route(scheduling)
        when Target() then insertLogical(Finding.of("GpuCapacityExhausted", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .extracting(RuleProblem::message).anySatisfy(m -> assertThat(m).contains("one DRL file per route")));
  }

  @Test
  void aRuleWithSalienceIsRefused() {
    assertThatThrownBy(() -> compile("evidence.drl", """
        rule "ordered" @id(TargetUnbound) @route(evidence)
          salience 10
        when Target() then insertLogical(Finding.of("TargetUnbound", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.toString()).contains("evidence.drl:5: 'salience' is not allowed")));
  }

  @Test
  void aRuleWithAnAgendaGroupIsRefused() {
    assertThatThrownBy(() -> compile("evidence.drl", """
        rule "grouped" @id(TargetUnbound) @route(evidence)
          agenda-group "first"
        when Target() then insertLogical(Finding.of("TargetUnbound", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .extracting(RuleProblem::message).anySatisfy(m -> assertThat(m).contains("'agenda-group' is not allowed")));
  }

  @Test
  void aRuleConcludingAnIdNotInTheCatalogueIsRefused() {
    assertThatThrownBy(() -> compile("scheduling.drl", """
        rule "invented" @id(GpuOnFire) @route(scheduling)
        when Target() then insertLogical(Finding.of("GpuOnFire", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .extracting(RuleProblem::message).anySatisfy(m -> assertThat(m).contains("@id(GpuOnFire) which is not in catalogue.yaml")));
  }

  @Test
  void aRuleWithBothIdAndSignalIsRefused() {
    assertThatThrownBy(() -> compile("evidence.drl", """
        rule "both" @id(TargetUnbound) @signal(AffectedPod) @route(evidence)
        when Target() then insertLogical(Finding.of("TargetUnbound", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .extracting(RuleProblem::message).anySatisfy(m -> assertThat(m).contains("exactly one of @id")));
  }
}
