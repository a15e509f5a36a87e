package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KarpenterNodeClass;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which cloud's Karpenter a NodePool or node class object names. */
class KarpenterNodeClassReaderTest {
  @TempDir Path folder;

  private List<KarpenterNodeClass> classes() {
    return facts(read(folder), KarpenterNodeClass.class);
  }

  @Test
  void anAksNodeClassIsKarpenterForAzure() {
    write(folder, "nodeclass.yaml", """
        apiVersion: karpenter.azure.com/v1beta1
        kind: AKSNodeClass
        metadata:
          name: t4-spot
        spec:
          imageFamily: Ubuntu2204
        """);

    assertThat(classes()).singleElement().satisfies(c -> {
      assertThat(c.azure()).isTrue();
      assertThat(c.object()).isEqualTo("AKSNodeClass/t4-spot");
    });
  }

  @Test
  void aNodePoolNamesItsProviderByItsNodeClassRefOrTheProvidersOwnRequirementLabels() {
    write(folder, "aws.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodePool
        metadata:
          name: gpu
        spec:
          template:
            spec:
              nodeClassRef:
                group: karpenter.k8s.aws
                kind: EC2NodeClass
                name: gpu
        """);
    assertThat(classes()).singleElement().satisfies(c -> assertThat(c.azure()).isFalse());

    write(folder, "aws.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodePool
        metadata:
          name: a100
        spec:
          template:
            spec:
              requirements:
                - key: karpenter.azure.com/sku-gpu-name
                  operator: In
                  values: ["A100"]
        """);
    assertThat(classes()).singleElement().satisfies(c -> {
      assertThat(c.azure()).isTrue();
      assertThat(c.object()).isEqualTo("NodePool/a100");
    });
  }

  @Test
  void aNodePoolWhoseReferenceNamesOnlyTheClassTellsNothing() {
    write(folder, "nodepool.yaml", """
        apiVersion: karpenter.sh/v1beta1
        kind: NodePool
        metadata:
          name: gpu-spot
        spec:
          template:
            spec:
              nodeClassRef:
                name: gpu-spot
              requirements:
                - key: kubernetes.io/arch
                  operator: In
                  values: ["amd64"]
        """);

    assertThat(classes()).isEmpty();
  }
}
