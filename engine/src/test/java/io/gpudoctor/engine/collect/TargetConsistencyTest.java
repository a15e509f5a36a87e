package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.TargetConflict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evidence is checked against the bound target (issue 5, point 4). The cluster of the fixture
 * is aks-gpu-prod (rg-inference, eastus2, API server aks-gpu-prod-dns-1a2b3c4d.hcp.eastus2.azmk8s.io).
 */
class TargetConsistencyTest {
  private static final String SUB = "3f2b8c1d-9e4a-4d7b-8a61-2c5e0f9b7d34";
  private static final String FQDN = "aks-gpu-prod-dns-1a2b3c4d.hcp.eastus2.azmk8s.io";
  private static final String OTHER_FQDN = "aks-gpu-stg-dns-7e5d3c2b.hcp.eastus2.azmk8s.io";
  private static final String SET_ASIDE = "set aside: the az outputs describe another cluster than the target (TargetMismatch)";

  @TempDir Path folder;

  private void target(String extra) {
    write(folder, "target.yaml", "subscription: " + SUB + "\nresourceGroup: rg-inference\ncluster: aks-gpu-prod\n"
        + "kubeContext: aks-gpu-prod\npool: gpunp\nnamespace: inference\ncapturedAt: 2026-03-02T10:06:30Z\n" + extra);
  }

  private static List<TargetConflict> conflicts(EvidenceBundle bundle) {
    return facts(bundle, TargetConflict.class);
  }

  @Test
  void theClustersOwnFqdnIsNoConflictWhateverItsCaseAndPort() {
    target("server: \"https://AKS-GPU-PROD-DNS-1A2B3C4D.hcp.eastus2.azmk8s.io:443/\"\n");
    copy(folder, "gpu-taint/aks-show.json", "gpu-taint/nodes.yaml");

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).isEmpty();
    assertThat(facts(bundle, NodePool.class)).extracting(NodePool::name).containsExactly("system", "gpunp");
    assertThat(bundle.target().server()).isEqualTo("https://AKS-GPU-PROD-DNS-1A2B3C4D.hcp.eastus2.azmk8s.io:443/");
    assertThat(bundle.warnings()).isEmpty();
  }

  @Test
  void anotherAksApiServerSetsEveryAzOutputAsideAndKeepsTheKubeEvidence() {
    target("server: \"https://" + OTHER_FQDN + ":443\"\n");
    copy(folder, "gpu-taint/aks-show.json", "gpu-taint/nodes.yaml", "az/nodepool-show-managed.json");

    EvidenceBundle bundle = read(folder);
    TargetConflict c = conflicts(bundle).get(0);
    assertThat(conflicts(bundle)).hasSize(1);
    assertThat(c.aspect()).isEqualTo("server");
    assertThat(c.subject()).isEqualTo("server " + OTHER_FQDN);
    assertThat(c.bound()).containsExactly(new Evidence("target.yaml", "/server", "server: https://" + OTHER_FQDN + ":443"));
    assertThat(c.observed()).containsExactly(new Evidence("aks-show.json", "/fqdn", "fqdn: " + FQDN));
    assertThat(c.setAside()).containsExactly("aks-show.json", "nodepool-show-managed.json");
    assertThat(facts(bundle, NodePool.class)).isEmpty();
    assertThat(facts(bundle, NodeFacts.class)).isNotEmpty();
    assertThat(bundle.reads()).contains(
        new Read("cluster", "aks-show.json", ReadStatus.FAILED, SET_ASIDE),
        new Read("nodepools", "aks-show.json", ReadStatus.FAILED, SET_ASIDE),
        new Read("nodepools", "nodepool-show-managed.json", ReadStatus.FAILED, SET_ASIDE),
        Read.supplied("nodes", "nodes.yaml"));
    // Nothing from the other cluster binds the target either.
    assertThat(bundle.target().region()).isNull();
  }

  @Test
  void anApiServerThatIsNoAksFqdnIsUnknownNotAMismatch() {
    for (String server : List.of("https://kubernetes.default.svc:443", "https://10.224.0.4:443", "https://127.0.0.1:6443")) {
      target("server: \"" + server + "\"\n");
      copy(folder, "gpu-taint/aks-show.json");
      EvidenceBundle bundle = read(folder);
      assertThat(conflicts(bundle)).as(server).isEmpty();
      assertThat(facts(bundle, NodePool.class)).as(server).isNotEmpty();
      delete("aks-show.json");
    }
  }

  @Test
  void aServerThatIsNoUrlIsWarnedAboutAndIgnored() {
    target("server: aks-gpu-prod\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.target().server()).isNull();
    assertThat(bundle.warnings()).containsExactly("target.yaml: server 'aks-gpu-prod' is not an API server URL; ignored");
  }

  @Test
  void theSkillsAksShowProjectionIsReadBindsTheClusterAndIsCheckedAgainstTheServer() {
    write(folder, "target.yaml", "server: \"https://" + OTHER_FQDN + ":443\"\ncapturedAt: 2026-03-02T10:06:30Z\n");
    write(folder, "aks-identity.json", """
        {
          "fqdn": "%s",
          "id": "/subscriptions/%s/resourcegroups/rg-inference/providers/Microsoft.ContainerService/managedClusters/aks-gpu-prod",
          "location": "eastus2"
        }
        """.formatted(FQDN, SUB));

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.reads()).contains(new Read("cluster", "aks-identity.json", ReadStatus.FAILED, SET_ASIDE));
    assertThat(conflicts(bundle)).singleElement().satisfies(c -> assertThat(c.observed())
        .containsExactly(new Evidence("aks-identity.json", "/fqdn", "fqdn: " + FQDN)));
    // Set aside, it binds nothing; without the server it binds the cluster.
    assertThat(bundle.target().cluster()).isNull();
    write(folder, "target.yaml", "capturedAt: 2026-03-02T10:06:30Z\n");
    EvidenceBundle agreeing = read(folder);
    assertThat(agreeing.target().cluster()).isEqualTo("aks-gpu-prod");
    assertThat(agreeing.target().resourceGroup()).isEqualTo("rg-inference");
    assertThat(agreeing.target().region()).isEqualTo("eastus2");
    assertThat(agreeing.unreadable()).isEmpty();
  }

  @Test
  void accountShowOfAnotherSubscriptionSetsAsideTheQuotaThatNamesNone() {
    target("");
    write(folder, "account.json", """
        {
          "environmentName": "AzureCloud",
          "homeTenantId": "72f988bf-86f1-41af-91ab-2d7cd011db47",
          "id": "9b6e4d2a-1c3f-4a5b-8d7e-6f5a4b3c2d1e",
          "isDefault": true,
          "managedByTenants": [],
          "name": "Contoso ML Sandbox",
          "state": "Enabled",
          "tenantId": "72f988bf-86f1-41af-91ab-2d7cd011db47",
          "user": {"name": "sre@contoso.com", "type": "user"}
        }
        """);
    write(folder, "usage.json", """
        [
          {"currentValue": 24, "limit": 24, "localName": "Standard NCADS_A100_v4 Family vCPUs",
           "name": {"localizedValue": "Standard NCADS_A100_v4 Family vCPUs", "value": "StandardNCADSA100v4Family"}}
        ]
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).singleElement().satisfies(c -> {
      assertThat(c.subject()).isEqualTo("subscription 9b6e4d2a-1c3f-4a5b-8d7e-6f5a4b3c2d1e");
      assertThat(c.bound()).containsExactly(new Evidence("target.yaml", "/subscription", "subscription: " + SUB));
      assertThat(c.observed()).containsExactly(new Evidence("account.json", "/id", "9b6e4d2a-1c3f-4a5b-8d7e-6f5a4b3c2d1e"));
    });
    assertThat(facts(bundle, QuotaUsage.class)).isEmpty();
    assertThat(bundle.reads()).contains(new Read("quota", "usage.json", ReadStatus.FAILED, SET_ASIDE));
  }

  @Test
  void theAccountShowProjectionBindsTheSubscription() {
    write(folder, "account.json", "{\"subscription\": \"" + SUB + "\", \"tenant\": \"72f988bf-86f1-41af-91ab-2d7cd011db47\"}\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.target().subscription()).isEqualTo(SUB);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(conflicts(bundle)).isEmpty();
  }

  @Test
  void nodesLabelledWithAnotherNodeResourceGroupAreAnotherCluster() throws IOException {
    target("");
    copy(folder, "gpu-taint/nodes.yaml");
    write(folder, "aks-show.json", Files.readString(Bundles.fixture("gpu-taint/aks-show.json"))
        .replace("MC_rg-inference_aks-gpu-prod_eastus2", "MC_rg-inference_aks-gpu-stg_eastus2"));

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).singleElement().satisfies(c -> {
      assertThat(c.aspect()).isEqualTo("nodeResourceGroup");
      assertThat(c.bound()).containsExactly(
          new Evidence("aks-show.json", "/nodeResourceGroup", "nodeResourceGroup: MC_rg-inference_aks-gpu-stg_eastus2"));
      assertThat(c.observed()).containsExactly(new Evidence("nodes.yaml",
          "/items/0/metadata/labels/kubernetes.azure.com~1cluster",
          "aks-gpunp-36854149-vmss000000: kubernetes.azure.com/cluster=MC_rg-inference_aks-gpu-prod_eastus2"));
      assertThat(c.azureSetAside()).isTrue();
    });
  }

  @Test
  void aNodeResourceGroupThatIsNotTheMcDefaultIsComparedAsAzShowsIt() throws IOException {
    target("");
    write(folder, "nodes.yaml", Files.readString(Bundles.fixture("gpu-taint/nodes.yaml"))
        .replace("MC_rg-inference_aks-gpu-prod_eastus2", "rg-inference-nodes"));
    write(folder, "aks-show.json", Files.readString(Bundles.fixture("gpu-taint/aks-show.json"))
        .replace("MC_rg-inference_aks-gpu-prod_eastus2", "rg-inference-nodes"));

    assertThat(conflicts(read(folder))).isEmpty();
  }

  @Test
  void aRedactedPartOfAnAzureIdIsUnknown() throws IOException {
    target("");
    write(folder, "aks-show.json", Files.readString(Bundles.fixture("gpu-taint/aks-show.json"))
        .replace("/subscriptions/" + SUB, "/subscriptions/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"));

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).isEmpty();
    assertThat(facts(bundle, NodePool.class)).isNotEmpty();
  }

  @Test
  void anOperationOfAnotherClusterIsAConflictNamingTheNarrowestPartThatDiffers() {
    target("");
    write(folder, "operation.json", """
        {
          "endTime": "2026-03-02T09:58:00Z",
          "error": {"code": "ZonalAllocationFailed", "message": "Allocation failed. We do not have sufficient capacity for the requested VM size in this zone. Read more about improving likelihood of allocation success at https://aka.ms/allocation-guidance."},
          "percentComplete": 100,
          "resourceId": "/subscriptions/%s/resourcegroups/rg-inference-stg/providers/Microsoft.ContainerService/managedClusters/aks-gpu-stg/agentPools/gpunp",
          "startTime": "2026-03-02T09:57:00Z",
          "status": "Failed"
        }
        """.formatted(SUB));

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).singleElement().satisfies(c -> {
      assertThat(c.subject()).isEqualTo("cluster aks-gpu-stg");
      assertThat(c.bound()).containsExactly(
          new Evidence("target.yaml", "/resourceGroup", "resourceGroup: rg-inference"),
          new Evidence("target.yaml", "/cluster", "cluster: aks-gpu-prod"));
      assertThat(c.observed()).extracting(Evidence::pointer).containsExactly("/resourceId");
    });
    assertThat(facts(bundle, io.gpudoctor.facts.AzureError.class)).isEmpty();
  }

  @Test
  void aBoundPoolMissingFromTheClustersPoolListIsAConflictThatKeepsTheAzureEvidence() {
    write(folder, "target.yaml", "subscription: " + SUB + "\nresourceGroup: rg-inference\ncluster: aks-gpu-prod\n"
        + "pool: gpuspot\ncapturedAt: 2026-03-02T10:06:30Z\n");
    copy(folder, "gpu-taint/aks-show.json");

    EvidenceBundle bundle = read(folder);
    assertThat(conflicts(bundle)).singleElement().satisfies(c -> {
      assertThat(c.subject()).isEqualTo("pool gpuspot");
      assertThat(c.bound()).containsExactly(new Evidence("target.yaml", "/pool", "pool: gpuspot"));
      assertThat(c.observed()).containsExactly(new Evidence("aks-show.json", "/agentPoolProfiles", "pools: system, gpunp"));
      assertThat(c.azureSetAside()).isFalse();
    });
    assertThat(facts(bundle, NodePool.class)).hasSize(2);
  }

  @Test
  void aSinglePoolShownIsNoPoolList() {
    write(folder, "target.yaml", "pool: gpuspot\ncapturedAt: 2026-03-02T10:06:30Z\n");
    copy(folder, "az/nodepool-show-managed.json");

    assertThat(conflicts(read(folder))).isEmpty();
  }

  @Test
  void aBoundNodeOfAnotherPoolIsAConflict() {
    write(folder, "target.yaml", "pool: gpunp\nresource: node/aks-system-11223344-vmss000000\n"
        + "capturedAt: 2026-03-02T10:06:30Z\n");
    copy(folder, "gpu-taint/nodes.yaml");

    assertThat(conflicts(read(folder))).singleElement().satisfies(c -> {
      assertThat(c.subject()).isEqualTo("node aks-system-11223344-vmss000000");
      assertThat(c.observed()).extracting(Evidence::quote)
          .containsExactly("aks-system-11223344-vmss000000: kubernetes.azure.com/agentpool=system");
    });
  }

  private void delete(String name) {
    try {
      Files.delete(folder.resolve(name));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
