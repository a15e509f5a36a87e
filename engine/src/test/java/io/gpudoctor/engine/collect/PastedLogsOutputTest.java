package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A pasted {@code kubectl logs} is a log read even when no line of it is a failure gpu-doctor knows. */
class PastedLogsOutputTest {
  private static final String COMMAND = "$ kubectl logs vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p -n ml-serving\n";
  private static final String HEALTHY_VLLM = COMMAND
      + "INFO 02-09 15:20:01 api_server.py:585] vLLM API server version 0.6.3.post1\n"
      + "INFO 02-09 15:20:14 model_runner.py:1067] Loading model weights took 14.9888 GB\n"
      + "INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n";

  @TempDir Path dir;

  @Test
  void aPastedLogThatSaysNothingWrongIsAReadNotAnUnreadableFile() {
    Bundles.write(dir, "notes.txt", HEALTHY_VLLM);

    EvidenceBundle bundle = Bundles.read(dir);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.LOGS, "notes.txt"));
  }

  @Test
  void aPastedLogBesideADescribeIsReadWithIt() {
    Bundles.write(dir, "issue.md", "```\n$ kubectl get pods -n ml-serving\n"
        + "NAME                                   READY   STATUS    RESTARTS   AGE\n"
        + "vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p    0/1     Running   0          5m\n```\n\n```\n" + HEALTHY_VLLM + "```\n");

    EvidenceBundle bundle = Bundles.read(dir);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied(Topics.LOGS, "issue.md"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "Error from server (BadRequest): container \"vllm\" in pod \"vllm-0\" is waiting to start: ContainerCreating",
      "Error from server (BadRequest): previous terminated container \"vllm\" in pod \"vllm-0\" not found",
      "Error from server (NotFound): pods \"vllm-0\" not found",
      "error: a container name must be specified for pod vllm-0, choose one of: [vllm model-downloader]",
      "unable to retrieve container logs for containerd://4f0c1d1e8b2a"})
  void whatKubectlPrintsInsteadOfALogIsAFailedLogReadThatQuotesIt(String refusal) {
    Bundles.write(dir, "issue.md", "The pod never gets ready.\n\n```\n$ kubectl logs vllm-0 -n ml-serving\n" + refusal + "\n```\n");

    EvidenceBundle bundle = Bundles.read(dir);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).singleElement().satisfies(r -> {
      assertThat(r.topic()).isEqualTo(Topics.LOGS);
      assertThat(r.status()).isEqualTo(ReadStatus.FAILED);
      assertThat(r.error()).isEqualTo("line 4 kubectl logs vllm-0 -n ml-serving printed no log: " + refusal);
    });
  }

  @Test
  void aLogsCommandWithNothingUnderItBeforeTheNextCommandIsNoRead() {
    String text = "$ kubectl logs vllm-0 -n ml-serving\n\n$ kubectl get pods\nNAME     READY   STATUS\n";

    assertThat(PastedLogsOutput.sections(text, Set.of())).isEmpty();
  }

  @Test
  void outputUnderAnotherCommandIsNotALog() {
    String text = "$ kubectl get events -n ml-serving\nLAST SEEN   TYPE     REASON\n";

    assertThat(PastedLogsOutput.sections(text, Set.of())).isEmpty();
  }

  @Test
  void eachLogsCommandIsItsOwnRead() {
    String text = COMMAND + "INFO:     Started server process [1]\n"
        + "$ kubectl logs vllm-0 -n ml-serving --previous\n"
        + "Error from server (BadRequest): previous terminated container \"vllm\" in pod \"vllm-0\" not found\n";

    assertThat(PastedLogsOutput.sections(text, Set.of())).extracting(PastedLogsOutput.Section::line,
        s -> s.failure() == null).containsExactly(org.assertj.core.groups.Tuple.tuple(1, true),
        org.assertj.core.groups.Tuple.tuple(3, false));
  }
}
