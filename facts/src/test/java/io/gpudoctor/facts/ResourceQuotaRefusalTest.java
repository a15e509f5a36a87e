package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API server's ResourceQuota refusal, as a controller's event or kubectl prints it. */
class ResourceQuotaRefusalTest {
  private static final Provenance AT = Provenance.of("events.txt", "line 2");

  @Test
  void aControllersFailedCreateEventNamesThePodTheQuotaAndTheThreeLists() {
    ResourceQuotaRefusal q = ResourceQuotaRefusal.of("Error creating: pods \"vllm-6b7d9c8f5-m2x8k\" is forbidden: exceeded "
        + "quota: gpu-quota, requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=2, limited: "
        + "requests.nvidia.com/gpu=2", AT);
    assertThat(q.pod()).isEqualTo("vllm-6b7d9c8f5-m2x8k");
    assertThat(q.quota()).isEqualTo("gpu-quota");
    assertThat(q.requested()).isEqualTo(Map.of("requests.nvidia.com/gpu", "1"));
    assertThat(q.used()).isEqualTo(Map.of("requests.nvidia.com/gpu", "2"));
    assertThat(q.limited()).isEqualTo(Map.of("requests.nvidia.com/gpu", "2"));
    assertThat(q.gpuKey()).isEqualTo("requests.nvidia.com/gpu");
    assertThat(q.message()).startsWith("pods \"vllm-").endsWith("limited: requests.nvidia.com/gpu=2");
  }

  @Test
  void severalKeysAreSplitOnTheirCommasAndTheGpuOneIsFound() {
    ResourceQuotaRefusal q = ResourceQuotaRefusal.of("team-a", "Error from server (Forbidden): error when creating "
        + "\"job.yaml\": pods \"ft-0\" is forbidden: exceeded quota: compute, requested: limits.cpu=8,requests.nvidia.com/mig-3g.40gb=1, "
        + "used: limits.cpu=24,requests.nvidia.com/mig-3g.40gb=2, limited: limits.cpu=64,requests.nvidia.com/mig-3g.40gb=2", AT);
    assertThat(q.namespace()).isEqualTo("team-a");
    assertThat(q.requested()).containsEntry("limits.cpu", "8").containsEntry("requests.nvidia.com/mig-3g.40gb", "1");
    assertThat(q.gpuKey()).isEqualTo("requests.nvidia.com/mig-3g.40gb");
  }

  @Test
  void aQuotaThatCountsNoGpuIsNoGpuRefusalAndOtherTextIsNone() {
    ResourceQuotaRefusal q = ResourceQuotaRefusal.of("pods \"web-1\" is forbidden: exceeded quota: web, requested: "
        + "limits.memory=2Gi, used: limits.memory=15Gi, limited: limits.memory=16Gi", AT);
    assertThat(q.gpuRefused()).isFalse();
    assertThat(ResourceQuotaRefusal.of("the quota was exceeded yesterday", AT)).isNull();
    assertThat(ResourceQuotaRefusal.resourceOf("requests.nvidia.com/gpu")).isEqualTo("nvidia.com/gpu");
  }
}
