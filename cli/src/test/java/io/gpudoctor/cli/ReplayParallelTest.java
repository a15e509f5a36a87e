package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** replay --jobs, --shard and --merge on the example incidents, through the command line. */
class ReplayParallelTest {
  private static final Path INCIDENTS = Path.of(System.getProperty("user.dir")).resolve("../references/incidents").normalize();

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = GpuDoctor.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void twoShardsMergedEqualTheUnshardedRunAndParallelEqualsSequential(@TempDir Path tmp) throws Exception {
    Run sequential = run("replay", INCIDENTS.toString(), "--jobs", "1", "-o", "json");
    Run parallel = run("replay", INCIDENTS.toString(), "--jobs", "3", "-o", "json");
    Run first = run("replay", INCIDENTS.toString(), "--shard", "1/2", "-o", "json");
    Run second = run("replay", INCIDENTS.toString(), "--shard", "2/2", "-o", "json");

    assertThat(sequential.code()).as(sequential.err()).isZero();
    assertThat(sequential.out()).contains("\"result\": \"pass\"").doesNotContain("\"shard\"");
    assertThat(parallel.out()).isEqualTo(sequential.out());
    assertThat(first.out()).contains("\"shard\": \"1/2\"");
    assertThat(second.out()).contains("\"shard\": \"2/2\"");
    long incidents;
    try (var folders = Files.list(INCIDENTS)) {
      incidents = folders.filter(Files::isDirectory).count();
    }
    assertThat(count(first.out()) + count(second.out())).isEqualTo(incidents);
    assertThat(count(first.out()) - count(second.out())).isBetween(0L, 1L);

    Path a = Files.writeString(tmp.resolve("shard-1.json"), first.out());
    Path b = Files.writeString(tmp.resolve("shard-2.json"), second.out());
    // The order of the files does not matter: the shards say which they are.
    Run merged = run("replay", "--merge", b.toString(), a.toString(), "-o", "json");
    assertThat(merged.code()).as(merged.err()).isZero();
    assertThat(merged.out()).isEqualTo(sequential.out());

    Run mergedText = run("replay", "--merge", a.toString(), b.toString());
    assertThat(mergedText.out()).isEqualTo(run("replay", INCIDENTS.toString()).out());
  }

  @Test
  void anIncompleteSetOfShardsIsAUsageError(@TempDir Path tmp) throws Exception {
    Path one = tmp.resolve("one-incident");
    Files.createDirectories(one);
    Files.writeString(one.resolve("target.yaml"), "namespace: ml\n");
    Files.writeString(one.resolve("x"), "");
    Run first = run("replay", tmp.toString(), "--shard", "1/2", "-o", "json");
    Path a = Files.writeString(tmp.resolve("shard-1.json"), first.out());

    Run merged = run("replay", "--merge", a.toString());

    assertThat(merged.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(merged.err()).isEqualTo("gpu-doctor: cannot merge: shard 2/2 is missing" + System.lineSeparator());
    assertThat(run("replay", tmp.toString(), "--shard", "3/2").err()).contains("--shard: shard must be I/N with 1 <= I <= N, got 3/2");
  }

  private static long count(String json) {
    return json.lines().filter(l -> l.contains("\"incident\":")).count();
  }
}
