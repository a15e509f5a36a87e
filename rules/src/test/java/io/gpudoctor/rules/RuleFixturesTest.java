package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.replay.ExpectedLabels;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every fixture folder is diagnosed with the module's rules and must meet its expected.yaml. */
class RuleFixturesTest {

  @Test
  void thereAreFixtures() {
    assertThat(ModuleRules.fixtureFolders()).isNotEmpty();
  }

  @TestFactory
  Stream<DynamicTest> everyFixtureMeetsItsLabels() {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    return ModuleRules.fixtureFolders().stream().map(fixture -> DynamicTest.dynamicTest(ModuleRules.name(fixture), () -> {
      Path labels = fixture.resolve(ExpectedLabels.FILE_NAME);
      assertThat(labels).as("%s has an %s", ModuleRules.name(fixture), ExpectedLabels.FILE_NAME).exists();
      ExpectedLabels expected = ExpectedLabels.read(labels);
      EvidenceBundle bundle = new EvidenceFolderReader().read(fixture);
      assertThat(bundle.unreadable()).as("%s: unreadable evidence files", ModuleRules.name(fixture)).isEmpty();
      Diagnosis diagnosis = diagnoser.diagnose(bundle);
      List<String> failures = expected.check(diagnosis);
      if (Boolean.getBoolean("fixtures.print")) {
        System.out.println("== " + ModuleRules.name(fixture) + "\n" + describe(diagnosis));
      }
      assertThat(failures).as("fixture %s%nfindings:%n%s", ModuleRules.name(fixture), describe(diagnosis)).isEmpty();
    }));
  }

  static String describe(Diagnosis d) {
    StringBuilder sb = new StringBuilder();
    sb.append("  profiles: ").append(d.profiles().stream().map(p -> p.pool() + "=" + p.profile()).toList()).append('\n');
    for (ReportedFinding f : d.findings()) {
      sb.append("  ").append(f.id()).append(' ').append(f.subject()).append(' ').append(f.status().label())
          .append(' ').append(f.confidence()).append(" owner=").append(f.owner()).append(" rules=").append(f.rules())
          .append("\n    ").append(f.summary()).append('\n');
      if (Boolean.getBoolean("fixtures.verbose")) {
        f.evidence().forEach(e -> sb.append("    evidence ").append(e.source()).append('#').append(e.pointer())
            .append(": ").append(e.quote()).append('\n'));
        f.missingEvidence().forEach(m -> sb.append("    missing ").append(m.read()).append(" -- ").append(m.why()).append('\n'));
        f.proposedActions().forEach(a -> sb.append("    action ").append(a.mutation() ? "[mutation] " : "[read] ")
            .append(a.description()).append(": ").append(a.command()).append('\n'));
        sb.append("    handoff ").append(f.handoff()).append('\n');
      }
    }
    if (!d.evidence().warnings().isEmpty()) sb.append("  warnings: ").append(d.evidence().warnings()).append('\n');
    return sb.toString();
  }
}
