package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AzureEvidenceTest {
  @TempDir Path folder;

  @Test
  void aksShowYieldsEveryAgentPoolAndBindsTheCluster() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/aks-show.json"));

    List<NodePool> pools = facts(bundle, NodePool.class);
    assertThat(pools).extracting(NodePool::name).containsExactly("system", "gpunp");
    NodePool system = pools.get(0);
    assertThat(system.gpuProfilePresent()).isFalse();
    assertThat(system.gpuPool()).isFalse();
    NodePool gpu = pools.get(1);
    assertThat(gpu.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(gpu.gpuProfilePresent()).isTrue();
    assertThat(gpu.driver()).isEqualTo("Install");
    assertThat(gpu.driverType()).isEmpty();
    assertThat(gpu.nvidiaPresent()).isTrue();
    assertThat(gpu.managementMode()).isEqualTo("Managed");
    assertThat(gpu.migStrategy()).isNull();
    assertThat(gpu.nodeTaints()).containsExactly("sku=gpu:NoSchedule");
    assertThat(gpu.enableAutoScaling()).isTrue();
    assertThat(gpu.powerState()).isEqualTo("Running");
    assertThat(gpu.provenance()).isEqualTo(Provenance.of("aks-show.json", "/agentPoolProfiles/1"));

    Target target = bundle.target();
    assertThat(target.subscription()).isEqualTo("3f2b8c1d-9e4a-4d7b-8a61-2c5e0f9b7d34");
    assertThat(target.resourceGroup()).isEqualTo("rg-inference");
    assertThat(target.cluster()).isEqualTo("aks-gpu-prod");
    assertThat(target.region()).isEqualTo("eastus2");
    assertThat(target.pool()).isEqualTo("gpunp");
    assertThat(bundle.reads()).containsExactly(
        Read.supplied("cluster", "aks-show.json"), Read.supplied("nodepools", "aks-show.json"));
  }

  @Test
  void nodepoolShowKeepsTheManagedGpuProfileAndBindsTheClusterFromItsId() {
    EvidenceBundle bundle = read(copy(folder, "az/nodepool-show-managed.json"));

    NodePool pool = only(bundle, NodePool.class);
    assertThat(pool.name()).isEqualTo("gpunp");
    assertThat(pool.gpuProfileQuote())
        .isEqualTo("gpuProfile: {driver: Install, driverType: \"\", nvidia: {managementMode: Managed, migStrategy: null}}");
    assertThat(pool.count()).isEqualTo(1);
    assertThat(pool.mode()).isEqualTo("User");
    assertThat(bundle.target().subscription()).isEqualTo("3f2b8c1d-9e4a-4d7b-8a61-2c5e0f9b7d34");
    assertThat(bundle.target().resourceGroup()).isEqualTo("rg-inference");
    assertThat(bundle.target().cluster()).isEqualTo("aks-gpu-prod");
    assertThat(bundle.target().region()).isNull();
    assertThat(bundle.reads()).containsExactly(Read.supplied("nodepools", "nodepool-show-managed.json"));
  }

  @Test
  void nodepoolListYieldsDriverOnlyByoAndLegacyTaggedPools() {
    EvidenceBundle bundle = read(copy(folder, "az/nodepool-list.json"));

    List<NodePool> pools = facts(bundle, NodePool.class);
    assertThat(pools).extracting(NodePool::name).containsExactly("system", "gpudrv", "gpubyo");
    NodePool driverOnly = pools.get(1);
    assertThat(driverOnly.gpuProfilePresent()).isTrue();
    assertThat(driverOnly.nvidiaPresent()).isFalse();
    assertThat(driverOnly.managementMode()).isNull();
    assertThat(driverOnly.legacyManagedTag()).isTrue();
    assertThat(driverOnly.scaleSetPriority()).isEqualTo("Spot");
    assertThat(driverOnly.minCount()).isZero();
    assertThat(driverOnly.maxCount()).isEqualTo(4);
    NodePool byo = pools.get(2);
    assertThat(byo.driver()).isEqualTo("None");
    assertThat(byo.nvidiaPresent()).isFalse();
    assertThat(byo.gpuInstanceProfile()).isEqualTo("MIG1g");
    assertThat(byo.powerState()).isEqualTo("Stopped");
    assertThat(byo.provenance()).isEqualTo(Provenance.of("nodepool-list.json", "/2"));
    // Two GPU pools: which one the incident is about is not guessed.
    assertThat(bundle.target().pool()).isNull();
    assertThat(bundle.target().cluster()).isEqualTo("aks-gpu-prod");
  }

  @Test
  void projectionWithCapitalisedKeysIsReadIgnoringCase() {
    EvidenceBundle bundle = read(copy(folder, "az/nodepool-projection-capitalised.json"));

    NodePool pool = only(bundle, NodePool.class);
    assertThat(pool.name()).isEqualTo("gpunp");
    assertThat(pool.vmSize()).isEqualTo("Standard_NC4as_T4_v3");
    assertThat(pool.mode()).isEqualTo("User");
    assertThat(pool.nodeTaints()).containsExactly("sku=gpu:NoSchedule");
    assertThat(pool.managementMode()).isEqualTo("Managed");
    assertThat(bundle.target().pool()).isEqualTo("gpunp");
  }

  @Test
  void queryProjectionTakesThePoolNameFromItsId() {
    EvidenceBundle bundle = read(copy(folder, "az/nodepool-query.json"));

    NodePool pool = only(bundle, NodePool.class);
    assertThat(pool.name()).isEqualTo("gpunp");
    assertThat(pool.gpuProfilePresent()).isTrue();
    assertThat(pool.nvidiaPresent()).isFalse();
    assertThat(pool.provisioningState()).isEqualTo("Succeeded");
    assertThat(bundle.target().cluster()).isEqualTo("aks-gpu-prod");
  }

  @Test
  void absentAndNullGpuProfileAreBothNotPresent() {
    write(folder, "pools.json", """
        [{"name":"old","vmSize":"Standard_NC6s_v3","enableAutoScaling":false},
         {"name":"nul","vmSize":"Standard_NC6s_v3","enableAutoScaling":false,"gpuProfile":null}]
        """);

    List<NodePool> pools = facts(read(folder), NodePool.class);
    assertThat(pools).allSatisfy(p -> {
      assertThat(p.gpuProfilePresent()).isFalse();
      assertThat(p.nvidiaPresent()).isFalse();
      assertThat(p.gpuProfileQuote()).isEqualTo("gpuProfile: (absent)");
    });
  }

  @Test
  void clusterIdWithRedactedSubscriptionLeavesTheSubscriptionUnknown() {
    write(folder, "aks.json", """
        {"id":"/subscriptions/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx/resourceGroups/rg-inference/providers/Microsoft.ContainerService/managedClusters/aks-gpu-prod",
         "name":"aks-gpu-prod","location":"eastus2","agentPoolProfiles":[]}
        """);

    Target target = read(folder).target();
    assertThat(target.subscription()).isNull();
    assertThat(target.resourceGroup()).isEqualTo("rg-inference");
    assertThat(target.cluster()).isEqualTo("aks-gpu-prod");
  }

  @Test
  void aUsageArrayIsQuotaNotANodepoolList() {
    write(folder, "usage.json", """
        [{"currentValue": 0, "limit": 0, "name": {"localizedValue": "Standard NCADS_A100_v4 Family vCPUs", "value": "standardNCADSA100v4Family"}}]
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, NodePool.class)).isEmpty();
    assertThat(facts(bundle, io.gpudoctor.facts.QuotaUsage.class)).extracting(io.gpudoctor.facts.QuotaUsage::familyKey)
        .containsExactly("standardNCADSA100v4Family");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void anArrayOfOtherObjectsIsNotRecognised() {
    write(folder, "things.json", """
        [{"id": 1, "colour": "blue"}]
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.facts()).isEmpty();
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("things.json", "not recognised as Kubernetes, az or Prometheus output"));
  }

  @Test
  void aSucceededLatestOperationIsReadAsTheOperationsTopicWithNoError() {
    write(folder, "aks-operation.json", """
        {
          "id": "/subscriptions/8f2c5d3a-6b1e-4c7f-9a0d-2e4b6c8d1f35/resourceGroups/rg-inference-prod/providers/Microsoft.ContainerService/managedClusters/aks-inference-prod/operations/5d2a1f3c-8e7b-4a6d-9c0e-1b2f3a4d5e6f",
          "name": "5d2a1f3c-8e7b-4a6d-9c0e-1b2f3a4d5e6f",
          "percentComplete": 100,
          "startTime": "2026-02-09T14:02:11.2938475Z",
          "endTime": "2026-02-09T14:06:40.1029384Z",
          "status": "Succeeded"
        }
        """);
    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(facts(bundle, io.gpudoctor.facts.AzureError.class)).isEmpty();
    assertThat(bundle.reads()).containsExactly(Read.supplied("operations", "aks-operation.json"));
  }
}
