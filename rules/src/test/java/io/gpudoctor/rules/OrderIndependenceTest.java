package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Conclusions rest on facts, never on the order facts arrive in or rules fire in: shuffling the
 * facts of a fixture must give the same findings (id, subject, status, confidence, owner) and profiles.
 */
class OrderIndependenceTest {

  private static Set<String> outcome(Diagnosis d) {
    Set<String> out = new TreeSet<>();
    d.findings().forEach(f -> out.add(f.id() + " " + f.subject() + " " + f.status().label() + " " + f.confidence()
        + " " + f.owner()));
    d.profiles().forEach(p -> out.add("profile " + p.pool() + "=" + p.profile()));
    return out;
  }

  @Test
  void shuffledFactsGiveTheSameConclusions() throws Exception {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    List<String> drift = new ArrayList<>();
    for (Path fixture : ModuleRules.fixtureFolders()) {
      EvidenceBundle bundle = new EvidenceFolderReader().read(fixture);
      Set<String> expected = outcome(diagnoser.diagnose(bundle));
      for (int seed = 1; seed <= 5; seed++) {
        List<Object> facts = new ArrayList<>(bundle.facts());
        Collections.shuffle(facts, new Random(seed));
        List<io.gpudoctor.facts.Read> reads = new ArrayList<>(bundle.reads());
        Collections.shuffle(reads, new Random(seed));
        Set<String> got = outcome(diagnoser.diagnose(
            new EvidenceBundle(bundle.target(), facts, reads, bundle.unreadable(), bundle.warnings())));
        if (!got.equals(expected)) drift.add(ModuleRules.name(fixture) + " seed " + seed + ":\n  " + expected + "\n  " + got);
      }
    }
    assertThat(drift).isEmpty();
  }
}
