package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.replay.ReplayRunner;
import io.gpudoctor.engine.report.JsonReportWriter;
import io.gpudoctor.engine.report.TextReportWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A Diagnoser reuses its rule sessions (reset between diagnoses, for replay speed): a diagnosis made
 * on a session that already diagnosed other incidents is the same bytes, trace included, as one
 * made by a fresh Diagnoser, for every example incident and in any order.
 */
class SessionReuseTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();

  private static String report(Diagnosis d) {
    return new JsonReportWriter("0.1.0").withTrace(true).write(d) + new TextReportWriter("0.1.0").withTrace(true).write(d);
  }

  @Test
  void aReusedSessionGivesTheSameReportAsAFreshOne() throws Exception {
    List<Path> folders = ReplayRunner.find(INCIDENTS).stream().map(ReplayRunner.Incident::folder).toList();
    assertThat(folders).hasSizeGreaterThan(10);
    Map<Path, String> fresh = new LinkedHashMap<>();
    for (Path f : folders) {
      fresh.put(f, report(new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(f))));
    }

    Diagnoser shared = new Diagnoser(ModuleRules.ruleBase());
    List<Path> twice = new ArrayList<>(folders);
    List<Path> backwards = new ArrayList<>(folders);
    Collections.reverse(backwards);
    twice.addAll(backwards);
    for (Path f : twice) {
      String reused = report(shared.diagnose(new EvidenceFolderReader().read(f)));
      assertThat(reused).as("%s on a reused session", INCIDENTS.relativize(f)).isEqualTo(fresh.get(f));
    }
  }
}
