package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Karpenter's ResourceNotRegistered message, wherever it was written. */
class ClaimResourceMissingTest {
  private static final Provenance AT = Provenance.of("issue.md", "line 7");

  @ParameterizedTest
  @ValueSource(strings = {
      "Resource \"nvidia.com/gpu\" was requested but not registered",
      "    message: Resource \"nvidia.com/gpu\" was requested but not registered",
      "> Resource \"nvidia.com/gpu\" was requested but not registered",
      "NodeClaim Error: `Resource \"nvidia.com/gpu\" was requested but not registered`",
      "{\"type\":\"Initialized\",\"status\":\"Unknown\",\"reason\":\"ResourceNotRegistered\",\"message\":\"Resource \\\"nvidia.com/gpu\\\" was requested but not registered\"}"
  })
  void theWordingIsReadInTheObjectProseOrEscapedJson(String text) {
    ClaimResourceMissing m = ClaimResourceMissing.of(null, text, AT);
    assertThat(m.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(m.gpuResource()).isTrue();
    assertThat(m.message()).isEqualTo("Resource \"nvidia.com/gpu\" was requested but not registered");
    assertThat(m.evidence().quote()).isEqualTo(m.message());
  }

  @Test
  void aMigProfileIsAGpuResourceAndStorageIsNot() {
    assertThat(ClaimResourceMissing.of("gpu-a", "Resource \"nvidia.com/mig-1g.10gb\" was requested but not registered", AT)
        .gpuResource()).isTrue();
    ClaimResourceMissing storage = ClaimResourceMissing.of("gpu-a", "Resource \"ephemeral-storage\" was requested but not registered", AT);
    assertThat(storage.gpuResource()).isFalse();
    assertThat(storage.evidence().quote()).startsWith("nodeclaim gpu-a: Resource \"ephemeral-storage\"");
  }

  @Test
  void otherInitializationMessagesAreNotIt() {
    assertThat(ClaimResourceMissing.of(null, "Node not registered with cluster", AT)).isNull();
    assertThat(ClaimResourceMissing.of(null, "KnownEphemeralTaint \"node.kubernetes.io/not-ready:NoSchedule\" still exists", AT)).isNull();
    assertThat(ClaimResourceMissing.of(null, null, AT)).isNull();
  }
}
