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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A short run after a DRL edit answers with the classic build while the executable model is stored
 * for the next run: both must give the same report bytes, trace included, for every example incident and rule fixture.
 */
class ClassicBuildTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();

  private static String report(Diagnosis d) {
    return new JsonReportWriter("0.1.0").withTrace(true).write(d) + new TextReportWriter("0.1.0").withTrace(true).write(d);
  }

  @Test
  void theClassicBuildGivesTheSameReportsAsTheExecutableModel() throws Exception {
    RuleBase model = ModuleRules.ruleBase();
    RuleBase classic = RuleBase.compile(RuleFiles.fromFolder(ModuleRules.moduleDir()),
        CompiledRulesCache.disabled().storingInBackground());
    assertThat(model.executableModel()).isTrue();
    assertThat(classic.executableModel()).isFalse();
    assertThat(classic.rules()).isEqualTo(model.rules());

    List<Path> incidents = ReplayRunner.find(INCIDENTS).stream().map(ReplayRunner.Incident::folder).toList();
    assertThat(incidents).hasSizeGreaterThan(10);
    List<Path> folders = new ArrayList<>(incidents);
    folders.addAll(ModuleRules.fixtureFolders()); // every rule's fires and near-miss cases
    Diagnoser byModel = new Diagnoser(model);
    Diagnoser byClassic = new Diagnoser(classic);
    for (Path f : folders) {
      String expected = report(byModel.diagnose(new EvidenceFolderReader().read(f)));
      assertThat(report(byClassic.diagnose(new EvidenceFolderReader().read(f))))
          .as("%s by the classic build", f).isEqualTo(expected);
    }
  }
}
