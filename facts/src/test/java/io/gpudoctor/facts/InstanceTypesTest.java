package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class InstanceTypesTest {

  @ParameterizedTest
  @ValueSource(strings = {"Standard_NC6s_v3", "Standard_ND96asr_v4", "Standard_NV36ads_A10_v5", "p3.2xlarge",
      "p4d.24xlarge", "p5.48xlarge", "p6-b200.48xlarge", "g4dn.xlarge", "g5.12xlarge", "g5g.2xlarge", "g6.xlarge",
      "g6e.4xlarge", "gr6.4xlarge", "a2-highgpu-1g", "a3-megagpu-8g", "a2-ultragpu-8g", "g2-standard-8"})
  void nvidiaGpuSizesOfEachCloud(String type) {
    assertThat(InstanceTypes.nvidiaGpu(type)).isTrue();
    assertThat(InstanceTypes.withoutNvidiaGpu(type)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Standard_DS2_v2", "Standard_D8s_v5", "Standard_E16ds_v5", "Standard_NV4as_v4",
      "m5.large", "c6i.4xlarge", "t3.medium", "inf2.xlarge", "g4ad.xlarge", "r6i.metal", "trn1.32xlarge"})
  void sizesWithoutAnNvidiaGpu(String type) {
    assertThat(InstanceTypes.nvidiaGpu(type)).isFalse();
    assertThat(InstanceTypes.withoutNvidiaGpu(type)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"n1-standard-8", "n1-highmem-16", "e2-standard-4", "kind-worker", "bare-metal-gpu-01"})
  void namesThatTellNothing(String type) {
    assertThat(InstanceTypes.nvidiaGpu(type)).isFalse();
    assertThat(InstanceTypes.withoutNvidiaGpu(type)).isFalse();
  }

  @Test
  void noTypeTellsNothing() {
    assertThat(InstanceTypes.nvidiaGpu(null)).isFalse();
    assertThat(InstanceTypes.withoutNvidiaGpu(null)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Standard_NV6ads_A10_v5", "Standard_NV36ads_A10_v5", "Standard_NV36adms_A10_v5",
      "standard_nv72ads_a10_v5", "Standard_NC8ads_A10_v4", "Standard_NC32ads_A10_v4"})
  void theA10SizesRunTheGridDriver(String type) {
    assertThat(InstanceTypes.gridDriver(type)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Standard_NC24ads_A100_v4", "Standard_NC4as_T4_v3", "Standard_NV4as_v4", "Standard_NC6s_v3",
      "Standard_NV36ads_A10_v5_extra", "g5.xlarge"})
  void otherGpuSizesRunTheDataCenterDriver(String type) {
    assertThat(InstanceTypes.gridDriver(type)).isFalse();
  }

  @ParameterizedTest
  @CsvSource({"Standard_NC6,1", "Standard_NC12,2", "Standard_NC24,4", "Standard_NC24r,4",
      "Standard_NC6s_v2,1", "Standard_NC12s_v2,2", "Standard_NC24s_v2,4", "Standard_NC24rs_v2,4",
      "Standard_NC6s_v3,1", "Standard_NC12s_v3,2", "Standard_NC24s_v3,4", "Standard_NC24rs_v3,4",
      "Standard_NC4as_T4_v3,1", "Standard_NC8as_T4_v3,1", "Standard_NC16as_T4_v3,1", "Standard_NC64as_T4_v3,4",
      "Standard_NC24ads_A100_v4,1", "Standard_NC48ads_A100_v4,2", "Standard_NC96ads_A100_v4,4",
      "Standard_ND96asr_v4,8", "Standard_ND96amsr_A100_v4,8", "Standard_ND40rs_v2,8",
      "Standard_ND96isr_H100_v5,8", "Standard_ND96isr_H200_v5,8",
      "Standard_NC40ads_H100_v5,1", "Standard_NC80adis_H100_v5,2", "Standard_NCC40ads_H100_v5,1",
      "Standard_NV6,1", "Standard_NV12,2", "Standard_NV24,4",
      "Standard_NV12s_v3,1", "Standard_NV24s_v3,2", "Standard_NV48s_v3,4",
      "Standard_NV36ads_A10_v5,1", "Standard_NV72ads_A10_v5,2"})
  void wholeGpuAzureSizesHaveTheirDocumentedGpuCount(String size, int gpus) {
    assertThat(InstanceTypes.azureGpuCount(size)).isEqualTo(gpus);
  }

  @ParameterizedTest
  @CsvSource({"standard_nc24s_v3,4", "NC24s_v3,4", "nc24S_V3,4", "STANDARD_ND96ISR_H100_V5,8", "' Standard_NC12s_v3 ',2",
      "nv6,1"})
  void theCountIgnoresCaseAndTheStandardPrefix(String size, int gpus) {
    assertThat(InstanceTypes.azureGpuCount(size)).isEqualTo(gpus);
  }

  @ParameterizedTest
  @ValueSource(strings = {"Standard_NV6ads_A10_v5", "Standard_NV12ads_A10_v5", "Standard_NV18ads_A10_v5",
      "Standard_NV4as_v4", "Standard_NV8as_v4", "Standard_NV16as_v4", "Standard_NV32as_v4", "Standard_NC8ads_A10_v4",
      "Standard_D8s_v5", "Standard_NC24s_v3_x", "Standard_NC24s", "p3.8xlarge", "a2-highgpu-4g", "kind-worker", "", "   "})
  void fractionalAmdAndUnlistedSizesHaveAnUnknownCount(String size) {
    assertThat(InstanceTypes.azureGpuCount(size)).isNull();
  }

  @Test
  void noSizeHasAnUnknownCount() {
    assertThat(InstanceTypes.azureGpuCount(null)).isNull();
  }

  @Test
  void aSizeIsTheSameWithOrWithoutItsPrefixAndInAnyCase() {
    assertThat(InstanceTypes.sameAzureSize("Standard_NC24s_v3", " nc24s_v3")).isTrue();
    assertThat(InstanceTypes.sameAzureSize("Standard_NC24s_v3", "Standard_NC24rs_v3")).isFalse();
    assertThat(InstanceTypes.sameAzureSize(null, "Standard_NC24s_v3")).isFalse();
  }
}
