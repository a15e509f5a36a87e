package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReadCommandsTest {
  private static Target target(String namespace) {
    return new Target(null, null, "aks-llm", "aks-llm", null, null, namespace, null, null, null, null,
        Instant.parse("2026-11-20T10:00:00Z"), Provenance.of("target.yaml", ""));
  }

  @Test
  void aPodWhoseNamespaceWasNotShownIsReadInTheTargetsNamespace() {
    assertThat(ReadCommands.getPod(target("llm"), null, "vllm-0"))
        .isEqualTo("kubectl --context aks-llm get pod -n llm vllm-0 -o json");
    assertThat(ReadCommands.podEvents(target("llm"), "other", "vllm-0")).contains(" -n other ");
  }

  @Test
  void withoutANamespaceAnywhereTheReadKeepsAPlaceholder() {
    assertThat(ReadCommands.describePod(target(null), null, null))
        .isEqualTo("kubectl --context aks-llm describe pod -n <namespace> <pod>");
  }

  @Test
  void aNodeSideReadSaysWhereItMustRunAndCreatesNothing() {
    String read = ReadCommands.onNode("aks-gpunp-36854149-vmss000002", "nvidia-smi -q | grep -i -A2 'Licensed Product'");
    assertThat(read).startsWith("nvidia-smi -q | grep -i -A2 'Licensed Product'   # as root on node aks-gpunp-36854149-vmss000002");
    assertThat(read.substring(0, read.indexOf('#'))).doesNotContain("kubectl");
    assertThat(ReadCommands.onNode(null, "dmesg -T")).contains("node <gpu-node>");
  }
}
