package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DuplicateObjectsTest {
  private static final String POD = """
      {"apiVersion":"v1","kind":"Pod","metadata":{"name":"vllm-0","namespace":"ml","uid":"8d1f"},
       "spec":{"containers":[{"name":"vllm","image":"vllm/vllm-openai:v0.6.3",
         "resources":{"limits":{"nvidia.com/gpu":"1"},"requests":{"nvidia.com/gpu":"1"}}}],
         "nodeName":"aks-gpunp-12345678-vmss000000"},
       "status":{"phase":"Running"}}
      """;

  @TempDir Path folder;

  @Test
  void aPodCapturedAloneAndAgainInAListCountsOnce() throws Exception {
    Files.writeString(folder.resolve("pod.json"), POD);
    Files.writeString(folder.resolve("pods.json"),
        "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"items\":[" + POD + "]}");

    EvidenceBundle bundle = new EvidenceFolderReader().read(folder);

    assertThat(bundle.facts()).filteredOn(PodFacts.class::isInstance).hasSize(1);
    assertThat(bundle.reads()).hasSize(2);
  }
}
