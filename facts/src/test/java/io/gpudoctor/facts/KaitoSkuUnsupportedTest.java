package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** KAITO's reconcile error for an instance type its SKU table lacks, in each release's words. */
class KaitoSkuUnsupportedTest {
  private static final Provenance AT = Provenance.of("workspace.yaml", "/status/conditions/2");

  @Test
  void theReconcileErrorAppendedToAConditionNamesTheInstanceType() {
    KaitoSkuUnsupported e = KaitoSkuUnsupported.of("workspace-phi-4-mini", "workspace is waiting for inference workload "
        + "readiness (last reconcile error: failed to update Workspace status targetNodeCount: failed to calculate target "
        + "node count: failed to get GPU config for instance type Standard_NC6s_v3: invalid value: Unsupported SKU "
        + "'Standard_NC6s_v3' for cloud provider: sku)", AT);

    assertThat(e.instanceType()).isEqualTo("Standard_NC6s_v3");
    assertThat(e.workspace()).isEqualTo("workspace-phi-4-mini");
    assertThat(e.message()).isEqualTo("failed to get GPU config for instance type Standard_NC6s_v3: invalid value: "
        + "Unsupported SKU 'Standard_NC6s_v3' for cloud provider: sku");
  }

  @Test
  void olderReleasesSayTheGpuConfigIsNil() {
    KaitoSkuUnsupported e = KaitoSkuUnsupported.of(null, "GPU config is nil for instance type Standard_NC4as_T4_v3", AT);

    assertThat(e.instanceType()).isEqualTo("Standard_NC4as_T4_v3");
    assertThat(e.workspace()).isNull();
  }

  @Test
  void theSameWrapperAroundKaitosCloudProviderSettingIsNotAnUnknownSize() {
    assertThat(KaitoSkuUnsupported.of(null, "failed to get GPU config for instance type Standard_NC24ads_A100_v4: invalid "
        + "value: Failed to get SKU handler: missing field(s): CLOUD_PROVIDER environment variable must be set: sku", AT))
        .isNull();
    assertThat(KaitoSkuUnsupported.of(null, "Unsupported SKU 'Standard_NC6s_v3' for cloud provider: sku", AT)).isNull();
  }
}
