package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.FindingStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every example incident {@code <slug>-pasted} is the text twin of incident {@code <slug>}: the same
 * objects as people paste them ({@code kubectl describe}, tables, event lines). Both must land on
 * the same top finding; the text may only lower its status, never raise it, and its evidence cites
 * lines of the pasted files.
 */
class PastedIncidentTwinsTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();
  private static final String SUFFIX = "-pasted";

  static List<Path> twins() throws IOException {
    try (Stream<Path> all = Files.list(INCIDENTS)) {
      return all.filter(p -> p.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
    }
  }

  @Test
  void thereAreAtLeastSixTextOnlyIncidents() throws IOException {
    assertThat(twins()).hasSizeGreaterThanOrEqualTo(6);
    for (Path twin : twins()) {
      try (Stream<Path> files = Files.list(twin)) {
        assertThat(files.map(f -> f.getFileName().toString()))
            .as(twin.getFileName() + " holds only pasted text, a target and its labels")
            .allMatch(n -> n.endsWith(".txt") || n.endsWith(".md") || n.equals("target.yaml") || n.equals("expected.yaml"));
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> theTextTwinLandsOnTheSameTopFindingAsTheJson() throws IOException {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    return twins().stream().map(twin -> DynamicTest.dynamicTest(twin.getFileName().toString(), () -> {
      String slug = twin.getFileName().toString();
      Path json = INCIDENTS.resolve(slug.substring(0, slug.length() - SUFFIX.length()));
      assertThat(json).as("the JSON incident of " + slug).isDirectory();
      Diagnosis fromJson = diagnoser.diagnose(new EvidenceFolderReader().read(json));
      Diagnosis fromText = diagnoser.diagnose(new EvidenceFolderReader().read(twin));

      ReportedFinding jsonTop = fromJson.top();
      ReportedFinding textTop = fromText.top();
      assertThat(textTop).as(slug + " top finding").isNotNull();
      assertThat(textTop.id()).as(slug + " top finding").isEqualTo(jsonTop.id());
      assertThat(rank(textTop.status())).as(slug + ": text may lower the status, never raise it")
          .isGreaterThanOrEqualTo(rank(jsonTop.status()));
      assertThat(fromText.evidence().unreadable()).as(slug + " unreadable").isEmpty();
      assertThat(textTop.evidence()).extracting(Evidence::source)
          .as(slug + ": the top finding quotes the pasted files")
          .anyMatch(s -> s.endsWith(".txt"));
      assertThat(textTop.evidence()).filteredOn(e -> e.source().endsWith(".txt")).extracting(Evidence::pointer)
          .allMatch(p -> p.matches("line \\d+"));
      if (textTop.status() != jsonTop.status()) {
        assertThat(textTop.missingEvidence()).as(slug + ": a lowered status names the read that settles it")
            .anyMatch(m -> m.read().endsWith("-o json"));
      }
    }));
  }

  private static int rank(FindingStatus status) {
    return switch (status) {
      case CONFIRMED -> 0;
      case LIKELY -> 1;
      case UNCONFIRMED -> 2;
    };
  }
}
