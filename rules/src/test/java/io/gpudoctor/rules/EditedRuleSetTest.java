package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.CompiledRulesCache;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleFiles;
import io.gpudoctor.engine.replay.ReplayRunner;
import io.gpudoctor.engine.report.JsonReportWriter;
import io.gpudoctor.engine.report.TextReportWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.assertj.core.api.Condition;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first run after an edit of the shipped rules' rules and functions takes the unedited ones from
 * the model compiled before the edit: it must give the reports a whole build of the edited texts
 * gives, trace (the firing order) included, for every example incident and rule fixture.
 */
class EditedRuleSetTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();
  private static final Pattern RULE_START = Pattern.compile("(?m)^rule \"([^\"]+)\"\\n");
  private static final Pattern FUNCTION_START = Pattern.compile("(?m)^function\\s+.+?\\s(\\w+)\\s*\\([^{]*\\{");
  private static final UnaryOperator<String> NO_CHANGE = UnaryOperator.identity();
  private static final UnaryOperator<String> CONFIDENCES = drl -> drl.replace(
      ".status(FindingStatus.CONFIRMED).confidence(0.9)", ".status(FindingStatus.CONFIRMED).confidence(0.85)");
  private static final UnaryOperator<String> KUBECTL = drl -> drl.replace(
      "return \"kubectl --context \"", "return \"kubectl --request-timeout=30s --context \"");
  private static final Selection NONE = (place, name) -> false;

  /** The model of the shipped rules, compiled once for all cases. */
  @TempDir
  static Path cache;

  /** Which rules or functions an edit changes: by their place in their file (from 0) and their name. */
  interface Selection {
    boolean edits(int place, String name);
  }

  static Stream<Arguments> edits() {
    Stream<Arguments> everyFifth = IntStream.range(0, 5).mapToObj(k -> Arguments.of(
        "rules " + k + " of every five in each file, and every confidence 0.9 of a confirmed finding",
        (Selection) (place, name) -> place % 5 == k, NONE, CONFIDENCES));
    // Two edited rules next to each other share their first conditions more often than any others.
    Stream<Arguments> neighbours = IntStream.range(0, 4).mapToObj(k -> Arguments.of(
        "rules " + k + " and " + (k + 1) + " of every four in each file",
        (Selection) (place, name) -> place % 4 == k || place % 4 == (k + 1) % 4, NONE, NO_CHANGE));
    // They share Target, AffectedWorkspace and not WorkspaceAge, and the first accumulates
    // WorkspaceCause: attached after the model's rules, its segment split lost the second cause of
    // 2026-05-kaito-family-quota-nodeclaim (apache/incubator-kie#7109).
    Stream<Arguments> sharing = Stream.of(Arguments.of(
        "the two KaitoResourceNotReady rules past the machine window",
        (Selection) (place, name) -> name.startsWith("KaitoResourceNotReady: past the machine window"), NONE, NO_CHANGE));
    // An edited function compiles with every function and rule that reaches it: kubectlPrefix is
    // reached by 34 rules, most through withCleanupProposals.
    Stream<Arguments> functions = Stream.of(
        Arguments.of("kubectlPrefix, its commands with a request timeout", NONE, NONE, KUBECTL),
        Arguments.of("functions 0 of every three in each file", NONE, (Selection) (place, name) -> place % 3 == 0, NO_CHANGE),
        Arguments.of("functions 1 of every three in each file, and rules 2 of every five", (Selection) (place, name) -> place % 5 == 2,
            (Selection) (place, name) -> place % 3 == 1, NO_CHANGE));
    return Stream.of(everyFifth, neighbours, sharing, functions).flatMap(s -> s);
  }

  /** The text with a comment added to the selected rules (after their name) and functions (after their first brace). */
  private static String edited(String text, Pattern start, Selection selection) {
    StringBuilder out = new StringBuilder();
    Matcher m = start.matcher(text);
    int at = 0;
    for (int place = 0; m.find(); place++) {
      if (!selection.edits(place, m.group(1))) continue;
      out.append(text, at, m.end()).append(m.group().endsWith("{") ? " /* edited */" : "  // edited\n");
      at = m.end();
    }
    return out.append(text.substring(at)).toString();
  }

  private static String report(Diagnosis d) {
    return new JsonReportWriter("0.1.0").withTrace(true).write(d) + new TextReportWriter("0.1.0").withTrace(true).write(d);
  }

  /** The report without the digest of the rules, which every edit changes. */
  private static String content(Diagnosis d) {
    return report(d).replace(d.rulesDigest(), "");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edits")
  void editedRulesAndFunctionsGiveTheReportsOfAWholeBuild(String edit, Selection rulesEdited, Selection functionsEdited,
      UnaryOperator<String> change, @TempDir Path rules) throws Exception {
    Files.copy(ModuleRules.moduleDir().resolve(RuleFiles.CATALOGUE), rules.resolve(RuleFiles.CATALOGUE));
    RuleFiles shipped = RuleFiles.fromFolder(ModuleRules.moduleDir());
    for (var drl : shipped.drl().entrySet()) Files.writeString(rules.resolve(drl.getKey()), drl.getValue());
    RuleBase before = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cache));
    assertThat(before.executableModel()).isTrue();

    for (String file : shipped.drl().keySet()) {
      Path path = rules.resolve(file);
      Files.writeString(path, change.apply(edited(edited(Files.readString(path), RULE_START, rulesEdited), FUNCTION_START, functionsEdited)));
    }
    RuleFiles editedFiles = RuleFiles.fromFolder(rules);
    assertThat(editedFiles.drl()).as("the edit").isNotEqualTo(shipped.drl());
    RuleBase afterEdit = RuleBase.compile(editedFiles, CompiledRulesCache.in(cache).readOnly());
    RuleBase whole = RuleBase.compile(editedFiles, CompiledRulesCache.disabled().storingInBackground());
    assertThat(afterEdit.compiledRules()).as("rules compiled after the edit, the others from the model")
        .isPositive().isLessThan(whole.compiledRules());
    assertThat(afterEdit.rules()).isEqualTo(whole.rules());

    List<Path> folders = new ArrayList<>(ReplayRunner.find(INCIDENTS).stream().map(ReplayRunner.Incident::folder).toList());
    assertThat(folders).hasSizeGreaterThan(10);
    folders.addAll(ModuleRules.fixtureFolders());
    Diagnoser byEdit = new Diagnoser(afterEdit);
    Diagnoser byWholeBuild = new Diagnoser(whole);
    Diagnoser beforeTheEdit = new Diagnoser(before);
    int changed = 0;
    for (Path f : folders) {
      Diagnosis expected = byWholeBuild.diagnose(new EvidenceFolderReader().read(f));
      assertThat(report(byEdit.diagnose(new EvidenceFolderReader().read(f)))).as("%s after the edit", f).isEqualTo(report(expected));
      if (!content(expected).equals(content(beforeTheEdit.diagnose(new EvidenceFolderReader().read(f))))) changed++;
    }
    assertThat(changed).as("reports the edit changed").is(change == NO_CHANGE
        ? new Condition<>(n -> n == 0, "none (comments only)") : new Condition<>(n -> n > 0, "some"));
  }
}
