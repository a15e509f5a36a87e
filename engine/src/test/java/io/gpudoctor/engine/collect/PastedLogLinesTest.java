package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.PodFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Log lines arrive pasted, without timestamps, often beside a describe in the same ticket. */
class PastedLogLinesTest {
  private static final String OOM =
      "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of "
          + "14.58 GiB of which 77.56 MiB is free.";

  @TempDir Path folder;

  @Test
  void aPastedLogWithoutTimestampsIsReadAsALog() throws Exception {
    Files.writeString(folder.resolve("what-we-saw.txt"),
        "INFO 03-03 10:20:40 model_runner.py:1025] Loading model weights took 14.9595 GB\n" + OOM + "\n");

    EvidenceBundle bundle = new EvidenceFolderReader().read(folder);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.facts()).filteredOn(LogSignal.class::isInstance).map(LogSignal.class::cast)
        .singleElement().satisfies(l -> {
          assertThat(l.kind()).isEqualTo(LogSignalKind.CUDA_OOM);
          assertThat(l.pod()).isNull();
          assertThat(l.provenance().pointer()).isEqualTo("line 2");
        });
  }

  @Test
  void logLinesBesideTheDescribeOfOnePodAreThatPodsAndTheDescribeIsStillRead() throws Exception {
    Files.copy(Path.of("..", "references", "incidents", "2025-03-issue-thread-cuda-oom-on-t4", "issue.md"),
        folder.resolve("issue.md"));

    EvidenceBundle bundle = new EvidenceFolderReader().read(folder);

    assertThat(bundle.facts()).filteredOn(PodFacts.class::isInstance).map(PodFacts.class::cast)
        .singleElement().satisfies(p -> assertThat(p.key()).isEqualTo("default/vllm-llama-5d8f7b9c4-2xkqp"));
    assertThat(bundle.facts()).filteredOn(LogSignal.class::isInstance).map(LogSignal.class::cast)
        .isNotEmpty().allSatisfy(l -> {
          assertThat(l.namespace()).isEqualTo("default");
          assertThat(l.pod()).isEqualTo("vllm-llama-5d8f7b9c4-2xkqp");
          assertThat(l.kind()).isEqualTo(LogSignalKind.CUDA_OOM);
        });
  }

  @Test
  void textWithNoKnownLineIsStillNotRecognised() throws Exception {
    Files.writeString(folder.resolve("notes.txt"), "we restarted the node at 10:30, no change\n");

    EvidenceBundle bundle = new EvidenceFolderReader().read(folder);

    assertThat(bundle.unreadable()).extracting(UnreadableFile::path).containsExactly("notes.txt");
  }
}
