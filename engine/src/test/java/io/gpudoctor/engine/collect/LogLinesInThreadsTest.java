package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Log lines as issue threads carry them: under the {@code kubectl logs} command that printed them,
 * in a quoted reply, exported from a cloud's log viewer or a CI run; a title is not a log line.
 */
class LogLinesInThreadsTest {
  private static final String OOM = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
      + "total capacity of 22.03 GiB of which 1.19 GiB is free.";

  @TempDir Path folder;

  @Test
  void aTitleThatQuotesALogLineIsNotALogLine() {
    write(folder, "issue.md", """
        # Device plugin reports "Incompatible strategy detected auto" on the A10 pool

        ```
        I0611 07:02:11.904311       1 main.go:317] Retrieving plugins.
        E0611 07:02:11.905120       1 factory.go:112] Incompatible strategy detected auto
        ```
        """);

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.kind()).isEqualTo(LogSignalKind.DEVICE_PLUGIN_NO_DEVICES);
      assertThat(l.provenance().pointer()).isEqualTo("line 5");
    });
  }

  @Test
  void aTitleThatRayDeduplicatedIsTheLogLineItQuotes() {
    write(folder, "issue.md", """
        # [Bug]: RuntimeError: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details) [repeated 6x across cluster]

        One replica of four keeps restarting.
        """);

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.kind()).isEqualTo(LogSignalKind.NCCL_COLLECTIVE_FAILED);
      assertThat(l.provenance().pointer()).isEqualTo("line 1");
    });
  }

  @Test
  void aTitleAloneIsNoLog() {
    write(folder, "issue.md", "# CUDA out of memory on the L4 pool\n\nIt happens after an hour, any idea?\n");

    EvidenceBundle bundle = read(folder);

    assertThat(facts(bundle, LogSignal.class)).isEmpty();
    assertThat(bundle.unreadable()).extracting(UnreadableFile::path).containsExactly("issue.md");
  }

  @Test
  void theKubectlLogsCommandNamesThePodAndContainerOfTheLinesUnderIt() {
    write(folder, "issue.md", """
        ```
        $ kubectl logs -n llm vllm-mistral-7c9f8d6b5-qx2lw -c vllm --previous
        INFO 06-11 07:40:02 model_runner.py:1071] Loading model weights took 13.4967 GB
        %s
        $ kubectl get pods -n llm
        ```
        and later, on a second pod:

        ```
        $ kubectl logs pod/vllm-mistral-7c9f8d6b5-t8w4n -n llm
        %s
        ```
        """.formatted(OOM, OOM));

    assertThat(facts(read(folder), LogSignal.class))
        .extracting(LogSignal::namespace, LogSignal::pod, LogSignal::container, LogSignal::previous, l -> l.provenance().pointer())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("llm", "vllm-mistral-7c9f8d6b5-qx2lw", "vllm", true, "line 4"),
            org.assertj.core.groups.Tuple.tuple("llm", "vllm-mistral-7c9f8d6b5-t8w4n", null, false, "line 11"));
  }

  @Test
  void aKubeletLineNamesThePodItIsAboutUnlessTheCommandNamesOne() {
    String hook = "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
        + "failed: unable to start container process: error during container init: error running hook #0: error running "
        + "hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\\\\nnvidia-container-cli: container error: "
        + "cgroup subsystem devices not found: unknown";
    write(folder, "issue.md", """
        ```
        $ journalctl -u kubelet --no-pager
        Sep 08 08:58:07 aks-gpu-12345678-vmss000000 kubelet[8174]: E0908 08:58:07.521395    8174 pod_workers.go:1300] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"vllm\\" with RunContainerError: \\"%s\\"" pod="ml-serving/vllm-llama-0" podUID="6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
        $ kubectl logs -n llm vllm-mistral-7c9f8d6b5-qx2lw
        E0908 08:58:07.521395    8174 pod_workers.go:1300] "Error syncing pod, skipping" err="%s" pod="ml-serving/vllm-llama-0"
        ```
        """.formatted(hook, hook));

    assertThat(facts(read(folder), LogSignal.class))
        .extracting(LogSignal::kind, LogSignal::namespace, LogSignal::pod)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(LogSignalKind.CONTAINER_HOOK_ERROR, "ml-serving", "vllm-llama-0"),
            org.assertj.core.groups.Tuple.tuple(LogSignalKind.CONTAINER_HOOK_ERROR, "llm", "vllm-mistral-7c9f8d6b5-qx2lw"));
  }

  @Test
  void afterAnotherCommandTheLinesAreNoLongerThatPods() {
    write(folder, "issue.md", """
        ```
        $ kubectl logs -n llm vllm-mistral-7c9f8d6b5-qx2lw
        INFO 06-11 07:40:02 model_runner.py:1071] Loading model weights took 13.4967 GB
        $ nvidia-smi
        ```
        ```
        $ kubectl exec -n llm vllm-mistral-7c9f8d6b5-qx2lw -- python3 -c 'import torch; torch.zeros(1).cuda()'
        %s
        ```
        """.formatted(OOM));

    assertThat(only(read(folder), LogSignal.class).pod()).isNull();
  }

  @Test
  void aQuotedReplyIsReadWithoutItsQuoteMarkers() {
    write(folder, "issue.md", "Same for me:\n\n> " + OOM + "\n");

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.line()).isEqualTo(OOM);
      assertThat(l.freeMiB()).isEqualTo(1.19 * 1024);
    });
  }

  @Test
  void aCloudLoggingExportGivesTheTimeAndTheContainer() {
    write(folder, "issue.md", """
        ```
        ERROR 2026-06-11T07:41:19.402117884Z [resource.labels.containerName: inference] %s
        ```
        """.formatted(OOM));

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.at()).isEqualTo(Instant.parse("2026-06-11T07:41:19.402117884Z"));
      assertThat(l.container()).isEqualTo("inference");
      assertThat(l.line()).isEqualTo(OOM);
    });
  }

  @Test
  void aCiRunnersLogGivesTheTimeBeforeItsTab() {
    write(folder, "ci-run.txt", "2026-06-11T07:41:19.4021178Z\tINFO 06-11 07:40:02 model_runner.py:1071] Loading model\n"
        + "2026-06-11T07:41:20.0132251Z\t" + OOM + "\n");

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, LogSignal.class).at()).isEqualTo(Instant.parse("2026-06-11T07:41:20.0132251Z"));
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.LOGS, "ci-run.txt"));
  }

  @Test
  void aLogFileOfJsonLinesIsALog() {
    write(folder, "logs/llm/vllm-mistral-7c9f8d6b5-qx2lw/vllm.log",
        "{\"ts\":\"2026-06-11T07:41:19Z\",\"msg\":\"loading weights\"}\n{\"ts\":\"2026-06-11T07:41:20Z\",\"msg\":\"" + OOM + "\"}\n");

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(only(bundle, LogSignal.class).pod()).isEqualTo("vllm-mistral-7c9f8d6b5-qx2lw");
  }

  @Test
  void aFoldedYamlMessageIsClassifiedAsTheOneMessageItIs() {
    write(folder, "issue.md", """
        The toolkit validation never passes:
        ```
            - name: toolkit-validation
              lastState:
                terminated:
                  exitCode: 128
                  reason: StartError
                  message: >-
                    failed to create containerd task: failed to create shim task: OCI
                    runtime create failed: runc create failed: unable to start container
                    process: error during container init: error running hook #0: error
                    running hook: exit status 1, stdout: , stderr:
                    nvidia-container-cli.real: initialization error: nvml error: driver
                    not loaded: unknown
        ```
        """);

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.kind()).isEqualTo(LogSignalKind.CONTAINER_HOOK_ERROR);
      assertThat(l.line()).startsWith("failed to create containerd task: failed to create shim task: OCI runtime create")
          .endsWith("nvidia-container-cli.real: initialization error: nvml error: driver not loaded: unknown");
      assertThat(l.provenance().pointer()).isEqualTo("line 8");
    });
  }

  @Test
  void aQuotedMessageKubectlWrappedAt80ColumnsIsJoinedToItsClosingQuote() {
    write(folder, "validator.yaml.txt", """
        $ kubectl get pod -n gpu-operator nvidia-operator-validator-x8k2p -o yaml | grep -B3 -A6 StartError
              terminated:
                exitCode: 128
                message: 'failed to create containerd task: failed to create shim task:
                  OCI runtime create failed: runc create failed: unable to start container
                  process: error during container init: error running hook #0: error running
                  hook: exit status 1, stdout: , stderr: nvidia-container-cli: initialization
                  error: nvml error: driver not loaded: unknown'
                reason: StartError
        """);

    assertThat(only(read(folder), LogSignal.class)).satisfies(l -> {
      assertThat(l.kind()).isEqualTo(LogSignalKind.CONTAINER_HOOK_ERROR);
      assertThat(l.line()).endsWith("nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown");
    });
  }

  @Test
  void aLiteralYamlBlockKeepsTheLinesTheMessageHas() {
    write(folder, "termination.txt", """
        Last state of the vllm container:
              message: |-
                INFO 07-14 10:19:41 [__init__.py:244] Automatically detected platform cuda.
                RuntimeError: The NVIDIA driver on your system is too old (found version 12040).
              reason: Error
        """);

    assertThat(facts(read(folder), LogSignal.class)).extracting(LogSignal::kind, LogSignal::line).containsExactly(
        org.assertj.core.groups.Tuple.tuple(LogSignalKind.VLLM_PLATFORM_DETECTED,
            "INFO 07-14 10:19:41 [__init__.py:244] Automatically detected platform cuda."),
        org.assertj.core.groups.Tuple.tuple(LogSignalKind.DRIVER_TOO_OLD,
            "RuntimeError: The NVIDIA driver on your system is too old (found version 12040)."));
  }

  @Test
  void aLogsCommandBehindAnyShellPromptNamesThePodOfTheLinesUnderIt() {
    write(folder, "issue.md", """
        ```
        ~ [1]$ kubectl logs decode-69bbb879cd-45jwg -n llm-d
        Defaulted container "vllm" out of: vllm, routing-proxy (init)
        INFO 05-20 20:12:25 [__init__.py:252] No platform detected, vLLM is running on UnspecifiedPlatform
        ```
        ```
        (base) ops@gpu-box:~$ sudo ./k3s kubectl logs -n llm-d decode-656d884498-6hmbf
        INFO 05-20 20:32:08 [__init__.py:248] Automatically detected platform cuda.
        ```
        """);

    assertThat(facts(read(folder), LogSignal.class)).extracting(LogSignal::podKey, LogSignal::kind).containsExactly(
        org.assertj.core.groups.Tuple.tuple("llm-d/decode-69bbb879cd-45jwg", LogSignalKind.VLLM_NO_PLATFORM),
        org.assertj.core.groups.Tuple.tuple("llm-d/decode-656d884498-6hmbf", LogSignalKind.VLLM_PLATFORM_DETECTED));
  }
}
