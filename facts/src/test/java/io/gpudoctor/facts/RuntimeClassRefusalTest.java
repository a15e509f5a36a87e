package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RuntimeClassRefusalTest {
  private static final Provenance AT = Provenance.of("events.json", "/items/0");

  @Test
  void aControllersFailedCreateNamesTheGeneratedPrefixAndTheClass() {
    RuntimeClassRefusal r = RuntimeClassRefusal.of("ml",
        "Error creating: pods \"vllm-phi4-7c9d8f6b5-\" is forbidden: pod rejected: RuntimeClass \"nvidia\" not found", AT);

    assertThat(r.pod()).isEqualTo("vllm-phi4-7c9d8f6b5-");
    assertThat(r.runtimeClass()).isEqualTo("nvidia");
    assertThat(r.nvidia()).isTrue();
    assertThat(r.evidence().quote()).isEqualTo("pods \"vllm-phi4-7c9d8f6b5-\" is forbidden: pod rejected: RuntimeClass \"nvidia\" not found");
  }

  @Test
  void kubectlsErrorOutputAndAnEscapedEventReadTheSame() {
    RuntimeClassRefusal kubectl = RuntimeClassRefusal.of(null, "Error from server (Forbidden): error when creating \"cuda-vectoradd.yaml\": "
        + "pods \"cuda-vectoradd\" is forbidden: pod rejected: RuntimeClass \"nvidia-cdi\" not found", AT);
    RuntimeClassRefusal escaped = RuntimeClassRefusal.of(null,
        "Error creating: pods \\\"vllm-0\\\" is forbidden: pod rejected: RuntimeClass \\\"nvidia\\\" not found", AT);

    assertThat(kubectl.pod()).isEqualTo("cuda-vectoradd");
    assertThat(kubectl.runtimeClass()).isEqualTo("nvidia-cdi");
    assertThat(escaped.pod()).isEqualTo("vllm-0");
    assertThat(escaped.runtimeClass()).isEqualTo("nvidia");
  }

  @Test
  void anotherRuntimeClassIsReadButIsNoNvidiaOne() {
    RuntimeClassRefusal r = RuntimeClassRefusal.of(null,
        "pods \"web-0\" is forbidden: pod rejected: RuntimeClass \"kata-mshv-vm-isolation\" not found", AT);

    assertThat(r.runtimeClass()).isEqualTo("kata-mshv-vm-isolation");
    assertThat(r.nvidia()).isFalse();
    assertThat(RuntimeClassRefusal.of(null, "pods \"web-0\" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1", AT))
        .isNull();
  }
}
