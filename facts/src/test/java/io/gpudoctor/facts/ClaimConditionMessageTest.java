package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.ClaimConditionMessage.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Karpenter's NodeClaim condition messages, wherever they were written. */
class ClaimConditionMessageTest {
  private static final Provenance AT = Provenance.of("issue.md", "line 7");

  @ParameterizedTest
  @ValueSource(strings = {
      "Resource \"nvidia.com/gpu\" was requested but not registered",
      "    message: Resource \"nvidia.com/gpu\" was requested but not registered",
      "> Resource \"nvidia.com/gpu\" was requested but not registered",
      "NodeClaim Error: `Resource \"nvidia.com/gpu\" was requested but not registered`",
      "{\"type\":\"Initialized\",\"status\":\"Unknown\",\"reason\":\"ResourceNotRegistered\",\"message\":\"Resource \\\"nvidia.com/gpu\\\" was requested but not registered\"}"
  })
  void theResourceWordingIsReadInTheObjectProseOrEscapedJson(String text) {
    ClaimConditionMessage m = ClaimConditionMessage.of(null, text, false, AT);
    assertThat(m.kind()).isEqualTo(Kind.RESOURCE_NOT_REGISTERED);
    assertThat(m.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(m.gpuResource()).isTrue();
    assertThat(m.message()).isEqualTo("Resource \"nvidia.com/gpu\" was requested but not registered");
    assertThat(m.evidence().quote()).isEqualTo(m.message());
  }

  @Test
  void aMigProfileIsAGpuResourceAndStorageIsNot() {
    assertThat(ClaimConditionMessage.of("gpu-a", "Resource \"nvidia.com/mig-1g.10gb\" was requested but not registered", true, AT)
        .gpuResource()).isTrue();
    ClaimConditionMessage storage = ClaimConditionMessage.of("gpu-a", "Resource \"ephemeral-storage\" was requested but not registered", false, AT);
    assertThat(storage.gpuResource()).isFalse();
    assertThat(storage.evidence().quote()).startsWith("nodeclaim gpu-a: Resource \"ephemeral-storage\"");
  }

  @Test
  void theRegistrationWordingIsANodeThatNeverJoined() {
    ClaimConditionMessage m = ClaimConditionMessage.of(null, "  message: Node not registered with cluster", false, AT);
    assertThat(m.kind()).isEqualTo(Kind.NODE_NOT_REGISTERED);
    assertThat(m.resource()).isNull();
    assertThat(m.gpuResource()).isFalse();
  }

  @Test
  void otherInitializationMessagesAreNotRead() {
    assertThat(ClaimConditionMessage.of(null, "KnownEphemeralTaint \"node.kubernetes.io/not-ready:NoSchedule\" still exists", false, AT)).isNull();
    assertThat(ClaimConditionMessage.of(null, "Initialized=Unknown, Registered=Unknown", false, AT)).isNull();
    assertThat(ClaimConditionMessage.of(null, null, false, AT)).isNull();
  }

  @Test
  void aTextNamesKarpenterForAzureByItsApiGroupNodeClassKindOrProviderId() {
    assertThat(ClaimConditionMessage.namesAzureProvider("apiVersion: karpenter.azure.com/v1beta1")).isTrue();
    assertThat(ClaimConditionMessage.namesAzureProvider("        kind: AKSNodeClass")).isTrue();
    assertThat(ClaimConditionMessage.namesAzureProvider("karpenter.azure.com/sku-name=Standard_NC4as_T4_v3")).isTrue();
    assertThat(ClaimConditionMessage.namesAzureProvider("providerID: azure:///subscriptions/x/resourceGroups/mc/providers/"
        + "Microsoft.Compute/virtualMachines/aks-t4-abcde")).isTrue();
    assertThat(ClaimConditionMessage.namesAzureProvider("kind: EC2NodeClass\ngroup: karpenter.k8s.aws")).isFalse();
    assertThat(ClaimConditionMessage.namesAzureProvider("We run AKS with Karpenter")).isFalse();
  }

  @Test
  void theAzureContextOfTheTextIsKeptOnTheMessage() {
    assertThat(ClaimConditionMessage.of(null, "Node not registered with cluster", true, true, AT).azureContext()).isTrue();
    assertThat(ClaimConditionMessage.of(null, "Node not registered with cluster", true, AT).azureContext()).isFalse();
  }

  @Test
  void aTextNamesGpusByTheResourceTheSkuLabelsOrAnNSeriesSize() {
    assertThat(ClaimConditionMessage.namesGpus("taints:\n  - key: nvidia.com/gpu")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("karpenter.azure.com/sku-gpu-manufacturer")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("instance-type: Standard_NC24ads_A100_v4")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("# GPU Nodepool Node not Registered")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("OS: AzureLinux, Azure CNI Node Subnet, Calico, Standard_D4s_v5")).isFalse();
    assertThat(ClaimConditionMessage.namesGpus("gpustack and gpudirect are other words")).isFalse();
  }

  @Test
  void aGpuWordGluedToCjkTextIsStillAWord() {
    assertThat(ClaimConditionMessage.namesGpus("新建的GPU节点一直没有注册")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("使用nvidia驱动的节点")).isTrue();
    assertThat(ClaimConditionMessage.namesGpus("节点规格Standard_NC24ads_A100_v4")).isTrue();
  }
}
