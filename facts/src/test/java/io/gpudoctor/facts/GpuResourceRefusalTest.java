package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.GpuResourceRefusal.Problem;
import org.junit.jupiter.api.Test;

class GpuResourceRefusalTest {
  private static final Provenance AT = Provenance.of("issue.md", "line 3");

  @Test
  void aRequestBelowItsLimitBefore126NamesTheObjectAndNoLimit() {
    GpuResourceRefusal r = GpuResourceRefusal.of(null, "The Job \"multi-gpu-test-0\" is invalid: "
        + "spec.template.spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to nvidia.com/gpu limit", AT);

    assertThat(r.object()).isEqualTo("job multi-gpu-test-0");
    assertThat(r.problem()).isEqualTo(Problem.REQUEST_NOT_LIMIT);
    assertThat(r.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(r.value()).isEqualTo("1");
    assertThat(r.limit()).isNull();
    assertThat(r.evidence().quote()).startsWith("Job \"multi-gpu-test-0\" is invalid: ").endsWith("must be equal to nvidia.com/gpu limit");
  }

  @Test
  void sinceKubernetes126TheMessageCarriesTheLimitAndAnEscapedEventReadsTheSame() {
    GpuResourceRefusal r = GpuResourceRefusal.of("ml", "Error creating: Pod \\\"tgi-0\\\" is invalid: "
        + "spec.containers[0].resources.requests: Invalid value: \\\"2\\\": must be equal to nvidia.com/mig-1g.10gb limit of 1", AT);

    assertThat(r.object()).isEqualTo("pod tgi-0");
    assertThat(r.resource()).isEqualTo("nvidia.com/mig-1g.10gb");
    assertThat(r.value()).isEqualTo("2");
    assertThat(r.limit()).isEqualTo("1");
    assertThat(r.namespace()).isEqualTo("ml");
  }

  @Test
  void aFractionOfAGpuIsNotAnInteger() {
    GpuResourceRefusal r = GpuResourceRefusal.of(null, "The Deployment \"whisper\" is invalid: "
        + "spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer", AT);

    assertThat(r.object()).isEqualTo("deployment whisper");
    assertThat(r.problem()).isEqualTo(Problem.NOT_AN_INTEGER);
    assertThat(r.value()).isEqualTo("500m");
  }

  @Test
  void aBareFieldErrorQuotesFromItsFieldPath() {
    GpuResourceRefusal r = GpuResourceRefusal.of(null, "error: `spec.containers[0].resources.requests[amd.com/gpu]: Invalid value: "
        + "\"0.5\": must be an integer`", AT);

    assertThat(r.object()).isNull();
    assertThat(r.resource()).isEqualTo("amd.com/gpu");
    assertThat(r.evidence().quote()).startsWith("spec.containers[0].resources.requests[amd.com/gpu]");
  }

  @Test
  void cpuMemoryAndHugepagesAreNoGpuRefusal() {
    assertThat(GpuResourceRefusal.of(null, "Deployment.apps \"vllm\" is invalid: spec.template.spec.containers[0].resources.requests: "
        + "Invalid value: \"48Gi\": must be less than or equal to memory limit of 32Gi", AT)).isNull();
    assertThat(GpuResourceRefusal.of(null, "Pod \"p\" is invalid: spec.containers[0].resources.requests: Invalid value: \"4Mi\": "
        + "must be equal to hugepages-2Mi limit of 2Mi", AT)).isNull();
    assertThat(GpuResourceRefusal.of(null, "spec.replicas: Invalid value: \"1.5\": must be an integer", AT)).isNull();
  }
}
