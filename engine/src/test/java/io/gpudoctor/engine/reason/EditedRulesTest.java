package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first run after an edit of rules or function bodies takes the other rules from the model
 * compiled before the edit ({@link EditedRules}); anything else compiles the whole rule set.
 */
class EditedRulesTest {
  private static final String CATALOGUE = CompiledRulesCacheTest.CATALOGUE;
  private static final String RULES = """
      package gpudoctor.rules;
      import io.gpudoctor.facts.*;

      declare Seen
        cluster : String @key
      end

      function double confidenceOf(String cluster) {
        return scaled(%s);
      }

      rule "seen" @signal(Seen) @route(evidence)
      when Target($c : cluster != null) then insertLogical(new Seen($c));
      end

      rule "first" @signal(Seen) @route(evidence)
      when Target($c : cluster != null) then insertLogical(new Seen($c + "-1"));
      end

      rule "second" @signal(Seen) @route(evidence)
      when Target($c : cluster != null) then insertLogical(new Seen($c + "-2"));
      end

      rule "alpha" @id(Alpha) @route(evidence)
      when Seen($c : cluster == "aks") then insertLogical(Finding.of("Alpha", $c).status(FindingStatus.CONFIRMED).confidence(%s));
      end

      function double scaled(double confidence) {
        return confidence;
      }
      """;

  @TempDir Path rules;
  @TempDir Path cacheDir;

  @BeforeEach
  void modelOfTheRulesBeforeTheEdit() throws Exception {
    RuleBase model = compile("0.5", "confidenceOf($c)", CompiledRulesCache.in(cacheDir));
    assertThat(model.executableModel()).isTrue();
    assertThat(confidenceOf(model)).isEqualTo(0.5);
  }

  private RuleBase compile(String function, String confidence, CompiledRulesCache cache) throws Exception {
    return compile(RULES.formatted(function, confidence), cache);
  }

  private RuleBase compile(String drl, CompiledRulesCache cache) throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), drl);
    return RuleBase.compile(RuleFiles.fromFolder(rules), cache);
  }

  private RuleBase afterEdit(String drl) throws Exception {
    return compile(drl, CompiledRulesCache.in(cacheDir).readOnly());
  }

  private static Diagnosis diagnose(RuleBase rb) {
    Target t = new Target(null, null, "aks", null, null, null, null, null, null, null, null,
        Instant.parse("2026-03-01T10:00:00Z"), Provenance.of("target.yaml", ""));
    return new Diagnoser(rb).diagnose(new EvidenceBundle(t, List.of(), List.of(), List.of(), List.of()));
  }

  private static double confidenceOf(RuleBase rb) {
    return diagnose(rb).findings().get(0).confidence();
  }

  private static List<String> firings(RuleBase rb) {
    return diagnose(rb).trace().stream().map(TraceEntry::rule).toList();
  }

  private RuleBase wholeClassicBuild() throws Exception {
    return RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.disabled().storingInBackground());
  }

  @Test
  void anEditedRuleIsCompiledAloneAndTheOthersComeFromTheModelBeforeTheEdit() throws Exception {
    RuleBase edited = afterEdit(RULES.formatted("0.5", "0.25"));
    assertThat(edited.compiledRules()).isEqualTo(1);
    assertThat(edited.fromCache()).isFalse();
    assertThat(confidenceOf(edited)).isEqualTo(0.25);
    assertThat(edited.rules()).isEqualTo(wholeClassicBuild().rules());
  }

  @Test
  void editedRulesFireInTheOrderOfTheFilesAsInAWholeBuild() throws Exception {
    String drl = RULES.formatted("0.5", "confidenceOf($c)");
    drl = drl.replace("insertLogical(new Seen($c + \"-1\"));", "insertLogical(new Seen($c + \"-one\"));")
        .replace("insertLogical(new Seen($c));", "insertLogical(new Seen($c + \"\"));");
    RuleBase edited = afterEdit(drl);
    assertThat(edited.compiledRules()).isEqualTo(2);
    assertThat(firings(edited)).isEqualTo(firings(wholeClassicBuild())).containsExactly("seen", "first", "second", "alpha");
  }

  @Test
  void aRuleAddedByTheEditIsCompiledAndOneRemovedIsGone() throws Exception {
    String drl = RULES.formatted("0.5", "confidenceOf($c)")
        .replace("rule \"second\"", "rule \"third\"")
        .replace("\"-2\"", "\"-3\"");
    RuleBase edited = afterEdit(drl);
    assertThat(edited.compiledRules()).isEqualTo(1);
    assertThat(edited.rules()).extracting(RuleInfo::name).containsExactly("seen", "first", "third", "alpha");
    assertThat(firings(edited)).containsExactly("seen", "first", "third", "alpha");
  }

  @Test
  void blankLinesAloneChangedServeEveryRuleFromTheModel() throws Exception {
    RuleBase edited = afterEdit(RULES.formatted("0.5", "confidenceOf($c)").replace("\n\n", "\n\n\n"));
    assertThat(edited.compiledRules()).isZero();
    assertThat(edited.rules()).isEqualTo(wholeClassicBuild().rules()); // lines moved: described from the texts
    assertThat(confidenceOf(edited)).isEqualTo(0.5);
  }

  @Test
  void anEditedFunctionCompilesWithTheRulesThatCallIt() throws Exception {
    RuleBase edited = afterEdit(RULES.formatted("0.75", "confidenceOf($c)"));
    assertThat(edited.compiledRules()).as("alpha").isEqualTo(1);
    assertThat(confidenceOf(edited)).isEqualTo(0.75);
    assertThat(edited.rules()).isEqualTo(wholeClassicBuild().rules());
  }

  @Test
  void aFunctionCalledByAnEditedOneCompilesWithItsCallersAndTheirRules() throws Exception {
    RuleBase edited = afterEdit(RULES.formatted("0.5", "confidenceOf($c)").replace("return confidence;", "return confidence / 2;"));
    assertThat(edited.compiledRules()).as("alpha, through confidenceOf").isEqualTo(1);
    assertThat(confidenceOf(edited)).isEqualTo(0.25);
  }

  @Test
  void aFunctionAddedOrRemovedCompilesTheWholeRuleSet() throws Exception {
    String drl = RULES.formatted("0.5", "confidenceOf($c)");
    RuleBase added = afterEdit(drl + "\nfunction int unused() { return 1; }\n");
    assertThat(added.compiledRules()).isEqualTo(4);
    String unscaled = drl.replace("return scaled(0.5);", "return 0.5;");
    RuleBase removed = afterEdit(unscaled.substring(0, unscaled.indexOf("\nfunction double scaled")) + "\n");
    assertThat(removed.compiledRules()).isEqualTo(4);
    assertThat(confidenceOf(removed)).isEqualTo(0.5);
  }

  @Test
  void anEditedRuleThatDoesNotCompileIsReportedWithItsFileAndLine() throws Exception {
    String drl = RULES.formatted("0.5", "confidenceOf($c)").replace("new Seen($c + \"-2\")", "new Seen($c, 2, 3)");
    assertThatThrownBy(() -> afterEdit(drl))
        .isInstanceOf(RuleCompileException.class)
        .satisfies(e -> assertThat(((RuleCompileException) e).problems())
            .anySatisfy(p -> {
              assertThat(p.file()).endsWith("evidence.drl");
              assertThat(p.line()).isEqualTo(20); // the rule "second"
            }));
  }

  @Test
  void theModelOfAnotherFolderIsNeverTheStart(@TempDir Path other) throws Exception {
    Files.writeString(other.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(other.resolve("evidence.drl"), RULES.formatted("0.5", "0.25"));
    RuleBase elsewhere = RuleBase.compile(RuleFiles.fromFolder(other), CompiledRulesCache.in(cacheDir).readOnly());
    assertThat(elsewhere.compiledRules()).isEqualTo(4);
    assertThat(confidenceOf(elsewhere)).isEqualTo(0.25);
  }

  @Test
  void aReadOnlyCacheWritesNothing() throws Exception {
    List<Path> before;
    try (var files = Files.list(cacheDir)) {
      before = files.sorted().toList();
    }
    afterEdit(RULES.formatted("0.5", "0.25"));
    try (var files = Files.list(cacheDir)) {
      assertThat(files.sorted().toList()).isEqualTo(before);
    }
  }

  @Test
  void aRehearsedEditBuildsTheEditedRulesFromTheCachedModelAndWritesNothing() throws Exception {
    List<Path> before;
    try (var files = Files.list(cacheDir)) {
      before = files.sorted().toList();
    }
    assertThat(CompiledRulesCache.in(cacheDir).rehearseAnEditOf(RuleFiles.fromFolder(rules))).isTrue();
    try (var files = Files.list(cacheDir)) {
      assertThat(files.sorted().toList()).isEqualTo(before);
    }
  }

  @Test
  void noModelOfTheRulesInTheCacheRehearsesNothing(@TempDir Path empty) throws Exception {
    assertThat(CompiledRulesCache.in(empty).rehearseAnEditOf(RuleFiles.fromFolder(rules))).isFalse();
  }

  @Test
  void theRehearsedEditIsACommentInTheFirstFunctionElseUnderTheFirstRulesName() {
    String drl = RULES.formatted("0.5", "0.25");
    assertThat(EditedRules.withAnEdit(Map.of("a.drl", drl)).orElseThrow().get("a.drl"))
        .isEqualTo(drl.replace("function double confidenceOf(String cluster) {\n",
            "function double confidenceOf(String cluster) {\n  // rehearsed edit\n"));
    String noFunction = "package p;\n\nrule \"only\"\nwhen\nthen\nend\n";
    assertThat(EditedRules.withAnEdit(Map.of("a.drl", noFunction)).orElseThrow().get("a.drl"))
        .isEqualTo("package p;\n\nrule \"only\"\n  // rehearsed edit\nwhen\nthen\nend\n");
    assertThat(EditedRules.withAnEdit(Map.of("a.drl", "package p;\n"))).isEmpty();
  }
}
