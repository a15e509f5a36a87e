package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReadTopicsTest {
  @Test
  void aReadNamedOnlyByItsCommandCoversWhatTheCommandReads() {
    assertThat(ReadTopics.of("kubectl --context aks-llm-weu get nodes -o json")).isEqualTo("nodes");
    assertThat(ReadTopics.of("kubectl --context aks-llm-weu logs -n inference mistral-7b-6d9f7c8b5-x2kqp -c vllm --previous"))
        .isEqualTo("logs");
    // The exporter behind the node proxy is telemetry, not the node object: a failed scrape leaves the nodes read.
    assertThat(ReadTopics.of("kubectl --context aks-llm-weu get --raw /api/v1/nodes/aks-gpunp-41829376-vmss000000:19400/proxy/metrics"))
        .isEqualTo("metrics");
    assertThat(ReadTopics.of("kubectl get --raw /api/v1/namespaces/gpu-operator/pods/nvidia-dcgm-exporter-7xk2q:9400/proxy/metrics"))
        .isEqualTo("metrics");
    assertThat(ReadTopics.of("az vm list-skus --subscription s --all -o json --location eastus")).isEqualTo("skus");
  }
}
