package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.GpuProfile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One KieBase, every fixture diagnosed 300 times with a new session each time: the findings must
 * be identical every time. Guards the MVEL JIT crash of Drools 10.2.0 (apache/incubator-kie-drools#6711:
 * NoSuchMethodError once constraints are jitted after ~20 evaluations) and any non-determinism.
 */
class RuleBaseSoakTest {
  private static final int ROUNDS = 300;

  private record Outcome(List<ReportedFinding> findings, List<GpuProfile> profiles) {}

  @Test
  void everyFixtureGivesTheSameFindingsThreeHundredTimesInOneKieBase() throws Exception {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    Map<String, EvidenceBundle> bundles = new LinkedHashMap<>();
    for (Path fixture : ModuleRules.fixtureFolders()) {
      bundles.put(ModuleRules.name(fixture), new EvidenceFolderReader().read(fixture));
    }
    Map<String, Outcome> first = new LinkedHashMap<>();
    List<String> drift = new ArrayList<>();
    for (int round = 0; round < ROUNDS; round++) {
      for (Map.Entry<String, EvidenceBundle> e : bundles.entrySet()) {
        Diagnosis d;
        try {
          d = diagnoser.diagnose(e.getValue());
        } catch (RuntimeException | LinkageError ex) {
          throw new AssertionError("round " + round + ", fixture " + e.getKey() + ": " + ex, ex);
        }
        Outcome outcome = new Outcome(d.findings(), d.profiles());
        Outcome expected = first.putIfAbsent(e.getKey(), outcome);
        if (expected != null && !expected.equals(outcome) && drift.size() < 10) {
          drift.add("round " + round + ", fixture " + e.getKey() + ":\n  first " + expected + "\n  now   " + outcome);
        }
      }
    }
    assertThat(drift).as("findings that changed between rounds").isEmpty();
  }
}
