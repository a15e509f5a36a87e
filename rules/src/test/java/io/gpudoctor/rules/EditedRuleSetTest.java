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
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The first run after an edit of the shipped rules' rules takes the unedited ones from the model
 * compiled before the edit: it must give the reports a whole build of the edited rules gives, trace
 * (the firing order) included, for every example incident and rule fixture.
 */
class EditedRuleSetTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();
  private static final Pattern RULE_START = Pattern.compile("(?m)^rule \"([^\"]+)\"\\n");
  private static final String CONFIRMED_AT_09 = ".status(FindingStatus.CONFIRMED).confidence(0.9)";

  /** The model of the shipped rules, compiled once for all cases. */
  @TempDir
  static Path cache;

  /** Which rules an edit changes: by their place in their file (from 0) and their name. */
  interface Selection {
    boolean edits(int place, String name);
  }

  static Stream<Arguments> edits() {
    Stream<Arguments> everyFifth = IntStream.range(0, 5).mapToObj(k -> Arguments.of(
        "rules " + k + " of every five in each file, and every confidence 0.9 of a confirmed finding",
        (Selection) (place, name) -> place % 5 == k, true));
    // Two edited rules next to each other share their first conditions more often than any others.
    Stream<Arguments> neighbours = IntStream.range(0, 4).mapToObj(k -> Arguments.of(
        "rules " + k + " and " + (k + 1) + " of every four in each file",
        (Selection) (place, name) -> place % 4 == k || place % 4 == (k + 1) % 4, false));
    // They share Target, AffectedWorkspace and not WorkspaceAge, and the first accumulates
    // WorkspaceCause: attached after the model's rules, its segment split lost the second cause of
    // 2026-05-kaito-family-quota-nodeclaim (apache/incubator-kie#7109).
    Stream<Arguments> sharing = Stream.of(Arguments.of(
        "the two KaitoResourceNotReady rules past the machine window",
        (Selection) (place, name) -> name.startsWith("KaitoResourceNotReady: past the machine window"), false));
    return Stream.of(everyFifth, neighbours, sharing).flatMap(s -> s);
  }

  private static String report(Diagnosis d) {
    return new JsonReportWriter("0.1.0").withTrace(true).write(d) + new TextReportWriter("0.1.0").withTrace(true).write(d);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("edits")
  void editedRulesGiveTheReportsOfAWholeBuild(String edit, Selection selection, boolean confidences, @TempDir Path rules)
      throws Exception {
    Files.copy(ModuleRules.moduleDir().resolve(RuleFiles.CATALOGUE), rules.resolve(RuleFiles.CATALOGUE));
    RuleFiles shipped = RuleFiles.fromFolder(ModuleRules.moduleDir());
    for (var drl : shipped.drl().entrySet()) Files.writeString(rules.resolve(drl.getKey()), drl.getValue());
    RuleBase before = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cache));
    assertThat(before.executableModel()).isTrue();

    int edited = 0;
    for (String file : shipped.drl().keySet()) {
      Path path = rules.resolve(file);
      String text = Files.readString(path);
      StringBuilder out = new StringBuilder();
      Matcher m = RULE_START.matcher(text);
      int at = 0;
      for (int place = 0; m.find(); place++) {
        if (!selection.edits(place, m.group(1))) continue;
        out.append(text, at, m.end()).append("  // edited\n");
        at = m.end();
        edited++;
      }
      out.append(text.substring(at));
      Files.writeString(path, confidences ? out.toString().replace(CONFIRMED_AT_09, ".status(FindingStatus.CONFIRMED).confidence(0.85)")
          : out.toString());
    }
    assertThat(edited).as("rules edited").isGreaterThan(1);
    RuleBase afterEdit = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cache).readOnly());
    RuleBase whole = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.disabled().storingInBackground());
    assertThat(afterEdit.compiledRules()).as("rules compiled after the edit, the others from the model")
        .isGreaterThanOrEqualTo(edited).isLessThan(whole.compiledRules());
    assertThat(afterEdit.rules()).isEqualTo(whole.rules());

    List<Path> folders = new ArrayList<>(ReplayRunner.find(INCIDENTS).stream().map(ReplayRunner.Incident::folder).toList());
    assertThat(folders).hasSizeGreaterThan(10);
    folders.addAll(ModuleRules.fixtureFolders());
    Diagnoser byEdit = new Diagnoser(afterEdit);
    Diagnoser byWholeBuild = new Diagnoser(whole);
    for (Path f : folders) {
      String expected = report(byWholeBuild.diagnose(new EvidenceFolderReader().read(f)));
      assertThat(report(byEdit.diagnose(new EvidenceFolderReader().read(f)))).as("%s after the edit", f).isEqualTo(expected);
    }
    if (!confidences) return;
    Path typical = INCIDENTS.resolve("2026-01-t4-pool-fully-allocated");
    assertThat(byEdit.diagnose(new EvidenceFolderReader().read(typical)).top().confidence()).as("the edited confidence")
        .isNotEqualTo(new Diagnoser(before).diagnose(new EvidenceFolderReader().read(typical)).top().confidence());
  }
}
