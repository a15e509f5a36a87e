package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.NodeClaimFacts;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What Karpenter's JSON-lines log says of a NodeClaim's launch and registration. */
class ClaimLifecycleLinesTest {
  private static final String LOG = "logs/kube-system/karpenter-7c9d5f4b8-q2w8m/controller.log";
  private static final String LAUNCHED = """
      {"level":"INFO","time":"2026-06-03T10:12:04.117Z","logger":"controller","message":"launched nodeclaim","commit":"9a1c2e4","controller":"nodeclaim.lifecycle","controllerGroup":"karpenter.sh","controllerKind":"NodeClaim","NodeClaim":{"name":"gpu-h100-x7k2p"},"namespace":"","name":"gpu-h100-x7k2p","reconcileID":"3b1f","provider-id":"azure:///subscriptions/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/resourceGroups/mc_rg-ml_aks-ml_eastus2/providers/Microsoft.Compute/virtualMachines/aks-gpu-h100-x7k2p","instance-type":"Standard_NC40ads_H100_v5","zone":"eastus2-1","capacity-type":"on-demand","allocatable":{"cpu":"39420m","memory":"300Gi","nvidia.com/gpu":"1","pods":"110"}}
      """;

  @TempDir Path folder;

  @Test
  void aLaunchedClaimWithNoRegistrationLoggedWhileKarpenterProvisionsAgainAfterItsTtlIsRegisteredUnknown() {
    write(folder, LOG, LAUNCHED + """
        {"level":"INFO","time":"2026-06-03T10:27:09.450Z","logger":"controller","message":"found provisionable pod(s)","commit":"9a1c2e4","controller":"provisioner","Pods":"ml/vllm-0","duration":"12.1ms"}
        """);

    NodeClaimFacts c = only(read(folder), NodeClaimFacts.class);
    assertThat(c.name()).isEqualTo("gpu-h100-x7k2p");
    assertThat(c.instanceType()).isEqualTo("Standard_NC40ads_H100_v5");
    assertThat(c.azureProvider()).as("an azure:// provider id is Karpenter for Azure's").isTrue();
    assertThat(c.condition("Launched").isTrue()).isTrue();
    assertThat(c.condition("Launched").lastTransitionTime()).isEqualTo(Instant.parse("2026-06-03T10:12:04.117Z"));
    Condition registered = c.condition("Registered");
    assertThat(registered.status()).isEqualTo("Unknown");
    assertThat(registered.reason()).isEqualTo("NoRegistrationLogged");
    assertThat(registered.message()).contains("15 minutes after its launch").contains("found provisionable pod(s)");
    assertThat(registered.provenance().toString()).isEqualTo(LOG + "#line 2");
  }

  @Test
  void provisioningInsideTheRegistrationTtlSaysNothingOfRegistration() {
    write(folder, LOG, LAUNCHED + """
        {"level":"INFO","time":"2026-06-03T10:20:00.000Z","logger":"controller","message":"computed new nodeclaim(s) to fit pod(s)","controller":"provisioner","nodeclaims":1,"pods":1}
        """);

    NodeClaimFacts c = only(read(folder), NodeClaimFacts.class);
    assertThat(c.condition("Launched").isTrue()).isTrue();
    assertThat(c.condition("Registered")).as("8 minutes: the node may still be booting").isNull();
  }

  @Test
  void aRegisteredLineMakesTheClaimRegistered() {
    write(folder, LOG, LAUNCHED + """
        {"level":"INFO","time":"2026-06-03T10:16:40.002Z","logger":"controller","message":"registered nodeclaim","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"gpu-h100-x7k2p"},"Node":{"name":"aks-gpu-h100-x7k2p"}}
        {"level":"INFO","time":"2026-06-03T10:30:00.000Z","logger":"controller","message":"found provisionable pod(s)","controller":"provisioner","Pods":"ml/vllm-1"}
        """);

    NodeClaimFacts c = only(read(folder), NodeClaimFacts.class);
    assertThat(c.condition("Registered").isTrue()).isTrue();
  }

  @Test
  void theLivenessDeletionForTheRegistrationTtlIsRegisteredFalseInEveryWording() {
    write(folder, LOG, """
        {"level":"DEBUG","time":"2026-06-03T10:27:05.001Z","logger":"controller","message":"terminating due to registration ttl","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"gpu-g5-4xl-8fj2k"},"ttl":"15m0s"}
        {"level":"DEBUG","time":"2026-06-03T10:44:10.001Z","logger":"controller","message":"terminating due to timeout","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"gpu-g5-4xl-q9z1m"},"timeout":"15m0s","reason":"registration_timeout"}
        {"level":"DEBUG","time":"2026-06-03T10:44:10.001Z","logger":"controller","message":"terminating due to timeout","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"gpu-g5-4xl-zzzzz"},"timeout":"5m0s","reason":"launch_timeout"}
        """);

    assertThat(facts(read(folder), NodeClaimFacts.class))
        .as("a launch timeout is no launched claim")
        .extracting(NodeClaimFacts::name, c -> c.condition("Registered").status(), c -> c.condition("Registered").reason())
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("gpu-g5-4xl-8fj2k", "False", "RegistrationTimeout"),
            org.assertj.core.groups.Tuple.tuple("gpu-g5-4xl-q9z1m", "False", "RegistrationTimeout"));
  }

  @Test
  void theAzureProvidersOwnLaunchLineNamesTheClaimByItsVm() {
    write(folder, LOG, """
        {"level":"info","ts":1731914237.3855522,"logger":"fallback","caller":"instance/instance.go:152","msg":"launched new instance","launched-instance":"/subscriptions/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/resourceGroups/MC_rg_aks_eastus/providers/Microsoft.Compute/virtualMachines/aks-a100-vmdnp","hostname":"aks-a100-vmdnp","type":"Standard_NC48ads_A100_v4","zone":"1","capacity-type":"on-demand"}
        """);

    NodeClaimFacts c = only(read(folder), NodeClaimFacts.class);
    assertThat(c.name()).isEqualTo("a100-vmdnp");
    assertThat(c.instanceType()).isEqualTo("Standard_NC48ads_A100_v4");
    assertThat(c.provider()).isEqualTo(NodeClaimFacts.AZURE);
  }
}
