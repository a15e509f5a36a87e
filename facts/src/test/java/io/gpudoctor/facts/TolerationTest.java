package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TolerationTest {
  private static final Taint SKU_GPU = Taint.parse("sku=gpu:NoSchedule");

  @Test
  void equalTolerationMatchesKeyValueAndEffect() {
    assertThat(new Toleration("sku", "Equal", "gpu", "NoSchedule").tolerates(SKU_GPU)).isTrue();
    assertThat(new Toleration("sku", "Equal", "cpu", "NoSchedule").tolerates(SKU_GPU)).isFalse();
    assertThat(new Toleration("sku", "Equal", "gpu", "NoExecute").tolerates(SKU_GPU)).isFalse();
  }

  @Test
  void existsWithoutEffectToleratesEveryEffectOfTheKey() {
    assertThat(new Toleration("sku", "Exists", null, null).tolerates(SKU_GPU)).isTrue();
  }

  @Test
  void emptyKeyWithExistsToleratesEverything() {
    assertThat(new Toleration("", "Exists", "", "").tolerates(SKU_GPU)).isTrue();
    assertThat(new Toleration("", "Equal", "", "").tolerates(SKU_GPU)).isFalse();
  }

  @Test
  void theAksAutoAddedGpuTolerationDoesNotCoverTheSkuTaint() {
    Toleration autoAdded = new Toleration("nvidia.com/gpu", "Exists", null, "NoSchedule");
    assertThat(autoAdded.tolerates(Taint.parse("nvidia.com/gpu=present:NoSchedule"))).isTrue();
    assertThat(autoAdded.tolerates(SKU_GPU)).isFalse();
  }

  @Test
  void taintParsesTheAzNodeTaintsFormWithAndWithoutValue() {
    assertThat(Taint.parse("kubernetes.azure.com/scalesetpriority=spot:NoSchedule"))
        .isEqualTo(new Taint("kubernetes.azure.com/scalesetpriority", "spot", "NoSchedule"));
    assertThat(Taint.parse("CriticalAddonsOnly:NoSchedule")).isEqualTo(new Taint("CriticalAddonsOnly", "", "NoSchedule"));
    assertThat(Taint.parse("nvidia.com/gpu:PreferNoSchedule").blocksScheduling()).isFalse();
  }
}
