package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ProbeRefusalTest {
  private static KubeEvent unhealthy(String message) {
    return new KubeEvent("ml", "Pod", "vllm-0", "Warning", "Unhealthy", message, "kubelet", 12,
        Instant.parse("2026-03-01T09:42:10Z"), Instant.parse("2026-03-01T10:04:50Z"), Provenance.of("events.json", "/items/0"));
  }

  @Test
  void anHttpOrTcpProbeRefusedNamesItsKindAddressAndPort() {
    ProbeRefusal http = ProbeRefusal.of(unhealthy(
        "Readiness probe failed: Get \"http://10.244.2.17:8080/health\": dial tcp 10.244.2.17:8080: connect: connection refused"));
    ProbeRefusal tcp = ProbeRefusal.of(unhealthy("Liveness probe failed: dial tcp 10.244.1.23:11434: connect: connection refused"));

    assertThat(http).isEqualTo(new ProbeRefusal("Readiness", "10.244.2.17", 8080));
    assertThat(tcp.probe()).isEqualTo("Liveness");
    assertThat(tcp.port()).isEqualTo(11434);
    assertThat(tcp.toLoopback()).isFalse();
  }

  @Test
  void aRefusalTheRecorderCombinedWithSimilarEventsIsStillRead() {
    assertThat(ProbeRefusal.of(unhealthy("(combined from similar events): Startup probe failed: Get "
        + "\"http://10.244.2.17:8080/health\": dial tcp 10.244.2.17:8080: connect: connection refused")))
        .isEqualTo(new ProbeRefusal("Startup", "10.244.2.17", 8080));
  }

  @Test
  void aTimeoutOrAnErrorStatusIsNoRefusal() {
    assertThat(ProbeRefusal.of(unhealthy("Readiness probe failed: Get \"http://10.244.2.17:8000/health\": context deadline exceeded "
        + "(Client.Timeout exceeded while awaiting headers)"))).isNull();
    assertThat(ProbeRefusal.of(unhealthy("Readiness probe failed: HTTP probe failed with statuscode: 503"))).isNull();
  }
}
