package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodFactsTest {
  private static PodFacts pod(List<ContainerFacts> containers, Map<String, String> selector,
      List<NodeSelectorTerm> affinity) {
    return new PodFacts("ml", "llm-0", "Pending", null, null, null, null, null, null, Map.of(), containers,
        List.of(), selector, affinity, List.of(), List.of(), Provenance.of("pod.json", ""));
  }

  @Test
  void gpuLimitAloneCountsAsTheRequest() {
    PodFacts p = pod(List.of(new ContainerFacts("vllm", false, Map.of(), Map.of("nvidia.com/gpu", "2"))), Map.of(), List.of());
    assertThat(p.gpuCount()).isEqualTo(2);
    assertThat(p.requestsGpu()).isTrue();
    assertThat(p.requestsMig()).isFalse();
  }

  @Test
  void initContainerMaximumCompetesWithTheSumOfAppContainers() {
    PodFacts p = pod(List.of(
        new ContainerFacts("warmup", true, Map.of("nvidia.com/gpu", "4"), Map.of("nvidia.com/gpu", "4")),
        new ContainerFacts("a", false, Map.of(), Map.of("nvidia.com/gpu", "1")),
        new ContainerFacts("b", false, Map.of(), Map.of("nvidia.com/gpu", "1"))), Map.of(), List.of());
    assertThat(p.gpuCount()).isEqualTo(4);
  }

  @Test
  void migRequestIsAGpuRequestOfTheMigResource() {
    PodFacts p = pod(List.of(new ContainerFacts("c", false, Map.of(), Map.of("nvidia.com/mig-1g.10gb", "1"))), Map.of(), List.of());
    assertThat(p.gpuResources()).containsExactly("nvidia.com/mig-1g.10gb");
    assertThat(p.requestsMig()).isTrue();
    assertThat(p.gpuCount()).isZero();
  }

  @Test
  void selectorAndRequiredAffinityMustBothMatch() {
    NodeSelectorTerm a100 = new NodeSelectorTerm(List.of(new NodeSelectorRequirement(
        "node.kubernetes.io/instance-type", "In", List.of("Standard_NC24ads_A100_v4"))));
    PodFacts p = pod(List.of(), Map.of("accelerator", "nvidia"), List.of(a100));
    assertThat(p.selectorMatches(Map.of("accelerator", "nvidia", "node.kubernetes.io/instance-type", "Standard_NC24ads_A100_v4"))).isTrue();
    assertThat(p.selectorMatches(Map.of("accelerator", "nvidia", "node.kubernetes.io/instance-type", "Standard_NC4as_T4_v3"))).isFalse();
    assertThat(p.selectorMatches(Map.of("node.kubernetes.io/instance-type", "Standard_NC24ads_A100_v4"))).isFalse();
  }

  @Test
  void aFixGoesToTheDeploymentBehindTheReplicaSet() {
    PodFacts p = new PodFacts("ml", "vllm-6d9f7c8b5d-x7k2p", "Pending", null, null, null, null, "ReplicaSet",
        "vllm-6d9f7c8b5d", Map.of("pod-template-hash", "6d9f7c8b5d"), List.of(), List.of(), Map.of(), List.of(),
        List.of(), List.of(), Provenance.of("pod.json", ""));
    assertThat(p.templateOwner()).isEqualTo("deployment/vllm");
    PodFacts s = new PodFacts("ml", "vllm-0", "Pending", null, null, null, null, "StatefulSet", "vllm",
        Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), Provenance.of("pod.json", ""));
    assertThat(s.templateOwner()).isEqualTo("statefulset/vllm");
  }

  @Test
  void aPodSeenOnlyInEventsIsFixedInTheDeploymentItsGeneratedNameNames() {
    java.util.Set<String> unknown = java.util.Set.of(PodFacts.CONTAINERS, PodFacts.OWNER);
    PodFacts generated = new PodFacts("ml", "vllm-llama-7d9c8b6f5-x2k4q", "Pending", null, null, null, null, null, null,
        Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), Provenance.of("events.txt", "line 3"), unknown);
    PodFacts bare = new PodFacts("ml", "llm-0", "Pending", null, null, null, null, null, null, Map.of(), List.of(),
        List.of(), Map.of(), List.of(), List.of(), List.of(), Provenance.of("events.txt", "line 4"), unknown);
    PodFacts aeiou = new PodFacts("ml", "vllm-abcdefg-hello", "Pending", null, null, null, null, null, null, Map.of(),
        List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), Provenance.of("events.txt", "line 5"), unknown);

    assertThat(generated.templateOwner()).isEqualTo("deployment/vllm-llama");
    assertThat(bare.templateOwner()).isEqualTo("pod/llm-0");
    assertThat(aeiou.templateOwner()).isEqualTo("pod/vllm-abcdefg-hello");
  }

  @Test
  void aPodSeenOnlyInEventsQuotesItsTolerationsAndSelectorAsNotCapturedNotNone() {
    PodFacts seen = new PodFacts("ml", "llm-0", "Pending", null, null, null, null, null, null, Map.of(), List.of(),
        List.of(), Map.of(), List.of(), List.of(), List.of(), Provenance.of("events.txt", "line 3"),
        java.util.Set.of(PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_SELECTOR, PodFacts.AFFINITY));
    PodFacts read = pod(List.of(), Map.of(), List.of());

    assertThat(seen.tolerationsQuote()).isEqualTo("(not captured)");
    assertThat(seen.nodeConstraintsQuote()).isEqualTo("node selector and affinity not captured");
    assertThat(read.tolerationsQuote()).isEqualTo("(none)");
    assertThat(read.nodeConstraintsQuote()).isEmpty();
  }
}
