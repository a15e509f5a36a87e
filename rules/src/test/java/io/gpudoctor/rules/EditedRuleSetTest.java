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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first run after an edit of the shipped rules' rules takes the unedited ones from the model
 * compiled before the edit: it must give the reports a whole build of the edited rules gives, trace
 * (the firing order) included, for every example incident and rule fixture.
 */
class EditedRuleSetTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();
  private static final Pattern RULE_START = Pattern.compile("(?m)^rule \"[^\"]+\"\\n");

  private static String report(Diagnosis d) {
    return new JsonReportWriter("0.1.0").withTrace(true).write(d) + new TextReportWriter("0.1.0").withTrace(true).write(d);
  }

  @ParameterizedTest(name = "rules {0} of every five in each file edited")
  @ValueSource(ints = {0, 1, 2, 3, 4})
  void rulesEditedInEveryFileGiveTheReportsOfAWholeBuild(int which, @TempDir Path rules, @TempDir Path cache) throws Exception {
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
      for (int i = 0; m.find(); i++) {
        if (i % 5 != which) continue; // a few rules of every file
        out.append(text, at, m.end()).append("  // edited\n");
        at = m.end();
        edited++;
      }
      out.append(text.substring(at));
      Files.writeString(path, out.toString().replace(".status(FindingStatus.CONFIRMED).confidence(0.9)",
          ".status(FindingStatus.CONFIRMED).confidence(0.85)"));
    }
    RuleBase afterEdit = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cache).readOnly());
    RuleBase whole = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.disabled().storingInBackground());
    assertThat(afterEdit.compiledRules()).isGreaterThan(edited).isLessThan(whole.compiledRules() / 2);
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
    Path typical = INCIDENTS.resolve("2026-01-t4-pool-fully-allocated");
    assertThat(byEdit.diagnose(new EvidenceFolderReader().read(typical)).top().confidence()).as("the edited confidence")
        .isNotEqualTo(new Diagnoser(before).diagnose(new EvidenceFolderReader().read(typical)).top().confidence());
  }
}
