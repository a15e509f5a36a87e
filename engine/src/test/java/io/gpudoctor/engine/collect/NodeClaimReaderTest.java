package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.NodeClaimFacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A karpenter.sh NodeClaim object: its size, its GPUs and which provider made it. */
class NodeClaimReaderTest {
  @TempDir Path folder;

  @Test
  void anAksNodeClassClaimIsKarpenterForAzuresAndItsSkuNameLabelGivesTheSize() {
    write(folder, "nodeclaim.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: a100-vmdnp
          creationTimestamp: "2024-11-18T07:16:40Z"
          labels:
            karpenter.azure.com/sku-gpu-count: "2"
            karpenter.azure.com/sku-name: Standard_NC48ads_A100_v4
            karpenter.sh/nodepool: a100
        spec:
          nodeClassRef:
            group: karpenter.azure.com
            kind: AKSNodeClass
            name: a100
        """);

    NodeClaimFacts c = only(read(folder), NodeClaimFacts.class);
    assertThat(c.instanceType()).isEqualTo("Standard_NC48ads_A100_v4");
    assertThat(c.labelledGpuCount()).isEqualTo(2);
    assertThat(c.azureProvider()).isTrue();
  }

  @Test
  void aClaimWithOnlyAnAksNodeClassRefIsStillKarpenterForAzures() {
    write(folder, "nodeclaim.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: gpu-5mzqc
        spec:
          nodeClassRef:
            kind: AKSNodeClass
            name: default
        """);

    assertThat(only(read(folder), NodeClaimFacts.class).azureProvider()).isTrue();
  }

  @Test
  void anEc2NodeClassClaimIsAwsAndAClaimThatSaysNothingHasNoProvider() {
    write(folder, "aws.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: gpu-g5-8fj2k
        spec:
          nodeClassRef:
            group: karpenter.k8s.aws
            kind: EC2NodeClass
            name: gpu
        """);
    assertThat(only(read(folder), NodeClaimFacts.class).provider()).isEqualTo(NodeClaimFacts.AWS);
  }

  @Test
  void aClaimThatSaysNothingOfItsProviderHasNone() {
    write(folder, "plain.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: default-abcde
        """);
    assertThat(only(read(folder), NodeClaimFacts.class).provider()).isNull();
  }
}
