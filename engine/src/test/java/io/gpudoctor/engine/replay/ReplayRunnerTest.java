package io.gpudoctor.engine.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceException;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleFiles;
import io.gpudoctor.facts.FindingStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayRunnerTest {
  private static RuleBase ruleBase;

  @BeforeAll
  static void compile(@TempDir Path rules) throws Exception {
    ruleBase = RuleBase.compile(RuleFiles.fromFolder(TinyRules.writeRules(rules)));
  }

  @Test
  void scoresLabelledIncidentsAndRunsUnlabelledOnes(@TempDir Path archive) throws Exception {
    Path pass = TinyRules.writePendingGpuPod(archive.resolve("a-pass"));
    Files.writeString(pass.resolve("expected.yaml"), "top: [GpuCapacityExhausted]\nincludes: [TargetUnbound]\n");
    Path fail = TinyRules.writePendingGpuPod(archive.resolve("b-fail"));
    Files.writeString(fail.resolve("expected.yaml"), "top: [UntoleratedGpuTaint]\nstatus: {GpuCapacityExhausted: confirmed}\n");
    Path unlabelled = TinyRules.writePendingGpuPod(archive.resolve("c-unlabelled"));
    Files.writeString(unlabelled.resolve("target.yaml"), "namespace: ml\n");
    // A target.yaml below a labelled incident belongs to that incident.
    Files.createDirectories(pass.resolve("sub"));
    Files.writeString(pass.resolve("sub/target.yaml"), "namespace: ml\n");

    ReplayReport report = new ReplayRunner(ruleBase).run(List.of(archive));

    assertThat(report.results()).extracting(ReplayResult::outcome).containsExactly(
        ReplayResult.Outcome.PASS, ReplayResult.Outcome.FAIL, ReplayResult.Outcome.UNLABELLED);
    ReplayResult passed = report.results().get(0);
    assertThat(passed.topId()).isEqualTo("GpuCapacityExhausted");
    assertThat(passed.topStatus()).isEqualTo(FindingStatus.LIKELY);
    assertThat(passed.top()).isEqualTo("GpuCapacityExhausted (likely)");
    assertThat(passed.failures()).isEmpty();
    ReplayResult failed = report.results().get(1);
    assertThat(failed.failures()).anyMatch(f -> f.contains("expected one of [UntoleratedGpuTaint]"))
        .anyMatch(f -> f.contains("GpuCapacityExhausted is likely, expected confirmed"));
    assertThat(report.passed()).isEqualTo(1);
    assertThat(report.failed()).isEqualTo(1);
    assertThat(report.unlabelled()).isEqualTo(1);
    assertThat(report.anyFailed()).isTrue();

    String table = ReplayReportWriter.text(report);
    assertThat(table).contains("a-pass").contains("GpuCapacityExhausted (likely)").contains("pass");
    assertThat(table).contains("1 passed, 1 failed, 1 unlabelled");
    assertThat(ReplayReportWriter.json(report, "0.1.0")).contains("\"schema\": \"gpu-doctor/replay/v1\"");
  }

  @Test
  void unreadableEvidenceIsAnErrorNotAnException(@TempDir Path archive) throws Exception {
    Path broken = TinyRules.writePendingGpuPod(archive.resolve("broken"));
    Files.writeString(broken.resolve("expected.yaml"), "top: [GpuCapacityExhausted]\n");
    Path fine = TinyRules.writePendingGpuPod(archive.resolve("fine"));
    Files.writeString(fine.resolve("expected.yaml"), "top: [GpuCapacityExhausted]\n");
    BundleReader reader = path -> {
      if (path.endsWith("broken")) throw new EvidenceException("cannot read the archive: truncated");
      return new EvidenceFolderReader().read(path);
    };

    ReplayReport report = new ReplayRunner(ruleBase, reader).run(List.of(archive));

    assertThat(report.results()).extracting(ReplayResult::outcome)
        .containsExactly(ReplayResult.Outcome.ERROR, ReplayResult.Outcome.PASS);
    assertThat(report.results().get(0).error()).contains("truncated");
    assertThat(report.results().get(0).failed()).isTrue();
    assertThat(report.failed()).isEqualTo(1);
  }

  @Test
  void badLabelsAndMissingFoldersAreErrors(@TempDir Path archive) throws Exception {
    Path bad = TinyRules.writePendingGpuPod(archive.resolve("bad-labels"));
    Files.writeString(bad.resolve("expected.yaml"), "tops: [GpuCapacityExhausted]\n");

    ReplayReport report = new ReplayRunner(ruleBase).run(List.of(archive, archive.resolve("missing")));

    assertThat(report.results()).extracting(ReplayResult::outcome)
        .containsExactly(ReplayResult.Outcome.ERROR, ReplayResult.Outcome.ERROR);
    assertThat(report.results().get(0).error()).contains("unknown key 'tops'");
    assertThat(report.results().get(1).error()).contains("not found");
  }

  @Test
  void findsIncidentFoldersSorted(@TempDir Path archive) throws Exception {
    Files.createDirectories(archive.resolve("z/inc"));
    Files.writeString(archive.resolve("z/inc/expected.yaml"), "top: [X]\n");
    Files.createDirectories(archive.resolve("a"));
    Files.writeString(archive.resolve("a/target.yaml"), "namespace: ml\n");
    Files.createDirectories(archive.resolve("m/empty"));

    List<ReplayRunner.Incident> incidents = ReplayRunner.find(archive);

    assertThat(incidents).extracting(i -> archive.relativize(i.folder()).toString()).containsExactly("a", "z/inc");
    assertThat(incidents).extracting(ReplayRunner.Incident::labelled).containsExactly(false, true);
  }

  @Test
  void manyThreadsAndEveryShardGiveTheSequentialResultsInTheSameOrder(@TempDir Path archive) throws Exception {
    for (int i = 0; i < 9; i++) {
      Path incident = TinyRules.writePendingGpuPod(archive.resolve("incident-" + i));
      Files.writeString(incident.resolve("expected.yaml"), i % 3 == 0 ? "top: [UntoleratedGpuTaint]\n" : "top: [GpuCapacityExhausted]\n");
    }
    List<Path> roots = List.of(archive, archive.resolve("missing"));
    ReplayReport sequential = new ReplayRunner(ruleBase).run(roots);
    java.util.concurrent.atomic.AtomicInteger told = new java.util.concurrent.atomic.AtomicInteger();

    ReplayReport parallel = new ReplayRunner(ruleBase).run(roots,
        new ReplayPlan(4, Shard.ALL, (done, total) -> told.incrementAndGet()));
    List<ReplayReport> shards = new java.util.ArrayList<>();
    for (int i = 3; i >= 1; i--) shards.add(new ReplayRunner(ruleBase).run(roots, new ReplayPlan(2, new Shard(i, 3), ReplayPlan.Progress.NONE)));

    assertThat(sequential.results()).hasSize(10);
    assertThat(sequential.failed()).isEqualTo(4);
    assertThat(parallel.results()).isEqualTo(sequential.results());
    assertThat(told).hasValue(10);
    assertThat(shards).extracting(r -> r.results().size()).containsExactly(3, 3, 4);
    assertThat(ReplayReports.merge(shards).results()).isEqualTo(sequential.results());
    assertThat(ReplayReportWriter.json(ReplayReports.merge(shards), "0.1.0"))
        .isEqualTo(ReplayReportWriter.json(sequential, "0.1.0"));
  }

  @Test
  void aShardIsIOfNWithIFromOneToN() {
    assertThat(Shard.parse(" 2/5 ")).isEqualTo(new Shard(2, 5));
    assertThat(new Shard(2, 3).select(List.of("a", "b", "c", "d", "e"))).containsExactly("b", "e");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Shard.parse("0/2"))
        .hasMessage("shard must be I/N with 1 <= I <= N, got 0/2");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Shard.parse("two"))
        .hasMessage("shard must be I/N (for example 1/4), got 'two'");
  }
}
