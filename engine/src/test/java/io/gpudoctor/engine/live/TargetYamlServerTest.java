package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.facts.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** collect records the kube context's API server in target.yaml, and the folder reads it back (TargetMismatch). */
class TargetYamlServerTest {
  @TempDir Path folder;

  @Test
  void theApiServerUrlIsWrittenAndReadBack() throws Exception {
    LiveTarget t = new LiveTarget("aks-inference-prod", "ml", LiveTarget.Kind.POD, "vllm-0",
        "3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f", "rg-inference-prod", "aks-inference-prod");
    String server = "https://aks-inference-prod-dns-4f1c2a7b.hcp.eastus.azmk8s.io:443";

    String yaml = CollectedFolder.targetYaml(t, server, "eastus", null, Instant.parse("2026-05-14T09:50:00Z"), null, null);
    Files.writeString(folder.resolve("target.yaml"), yaml);
    Target read = new EvidenceFolderReader().read(folder).target();

    assertThat(yaml).contains("kubeContext: \"aks-inference-prod\"\nserver: \"" + server + "\"\n");
    assertThat(read.server()).isEqualTo(server);
    assertThat(read.kubeContext()).isEqualTo("aks-inference-prod");
  }

  @Test
  void anUnknownServerIsLeftOut() {
    LiveTarget t = new LiveTarget(null, "ml", LiveTarget.Kind.POD, "vllm-0", null, null, null);

    assertThat(CollectedFolder.targetYaml(t, null, null, null, Instant.parse("2026-05-14T09:50:00Z"), null, null)).doesNotContain("server");
  }
}
