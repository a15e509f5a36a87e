package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A container's termination message is the last thing it (or the runtime) said: read as its log lines. */
class TerminationMessagesTest {
  private static final String POD = """
      {"apiVersion": "v1", "kind": "Pod",
       "metadata": {"name": "qwen-7b-5c9d8f7b6-q2xkz", "namespace": "serving", "creationTimestamp": "2026-07-14T10:11:00Z"},
       "spec": {"nodeName": "aks-gpunp-41829376-vmss000000",
                "containers": [{"name": "vllm", "image": "vllm/vllm-openai:v0.11.0",
                                "resources": {"limits": {"nvidia.com/gpu": "1"}}}]},
       "status": {"phase": "Running",
         "containerStatuses": [{"name": "vllm", "ready": false, "restartCount": 4,
           "state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 2m40s restarting failed container=vllm pod=qwen-7b-5c9d8f7b6-q2xkz_serving(5e0c7a1d-2b3f-4c5d-8e9f-0a1b2c3d4e5f)"}},
           "lastState": {"terminated": {"reason": "Error", "exitCode": 1,
             "startedAt": "2026-07-14T10:19:40Z", "finishedAt": "2026-07-14T10:19:48Z",
             "message": "%s"}}}]}}
      """;

  @TempDir Path dir;

  @Test
  void theLogTailOfACrashedRunInTheTerminationMessageIsThatContainersPreviousLog() {
    Bundles.write(dir, "pod.json", POD.formatted(
        "INFO 07-14 10:19:41 [__init__.py:216] Automatically detected platform cuda.\\n"
            + "RuntimeError: The NVIDIA driver on your system is too old (found version 12040).\\n"));
    List<LogSignal> signals = Bundles.facts(Bundles.read(dir), LogSignal.class);
    // The tail's first line names the platform the crashed run detected; the second is its failure.
    assertThat(signals).extracting(LogSignal::kind)
        .containsExactlyInAnyOrder(LogSignalKind.VLLM_PLATFORM_DETECTED, LogSignalKind.DRIVER_TOO_OLD);
    LogSignal signal = signals.stream().filter(s -> s.kind() == LogSignalKind.DRIVER_TOO_OLD).findFirst().orElseThrow();
    assertThat(signal.podKey()).isEqualTo("serving/qwen-7b-5c9d8f7b6-q2xkz");
    assertThat(signal.container()).isEqualTo("vllm");
    assertThat(signal.previous()).isTrue();
    assertThat(signal.at()).isNull();
    assertThat(signal.line()).isEqualTo("RuntimeError: The NVIDIA driver on your system is too old (found version 12040).");
    assertThat(signal.provenance().toString()).isEqualTo("pod.json#/status/containerStatuses/0/lastState/terminated/message");
  }

  @Test
  void aStartErrorOfTheNvidiaHookIsClassifiedToo() {
    Bundles.write(dir, "pod.json", POD.formatted("failed to create containerd task: failed to create shim task: OCI runtime create "
        + "failed: runc create failed: unable to start container process: error during container init: error running hook #0: "
        + "error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\\nnvidia-container-cli: "
        + "initialization error: nvml error: driver not loaded: unknown"));
    assertThat(Bundles.only(Bundles.read(dir), LogSignal.class).kind()).isEqualTo(LogSignalKind.CONTAINER_HOOK_ERROR);
  }

  @Test
  void thePodReadTwiceSaysItsMessageOnce() {
    String pod = POD.formatted("RuntimeError: No CUDA GPUs are available");
    Bundles.write(dir, "pod.json", pod);
    Bundles.write(dir, "pods.json", "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [" + pod + "]}");
    assertThat(Bundles.facts(Bundles.read(dir), LogSignal.class)).hasSize(1);
  }

  @Test
  void aMessageThatSaysNothingKnownGivesNoSignal() {
    Bundles.write(dir, "pod.json", POD.formatted("Traceback (most recent call last):\\n  File \\\"/app/serve.py\\\", line 12"));
    assertThat(Bundles.facts(Bundles.read(dir), LogSignal.class)).isEmpty();
  }
}
