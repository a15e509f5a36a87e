package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5, point 4: when the az outputs belong to another cluster than the kube evidence, the
 * Azure-derived conclusions are dropped and the Kubernetes ones stay. The incident is two existing
 * fixtures of one cluster (aks-inference): a Pending GPU pod on a managed pool (ManagedPoolNoAutoscaler
 * from the pool's gpuProfile) and the pool's failed scale-up for family quota (GpuQuotaExceeded from
 * az aks operation show-latest). Only az aks show and the kube context's server are added.
 */
class ForeignAzureEvidenceTest {
  private static final Path POD = ModuleRules.fixturesDir().resolve("ManagedPoolNoAutoscaler/fires-managed-pool-pending-gpu-pod");
  private static final Path QUOTA = ModuleRules.fixturesDir().resolve("GpuQuotaExceeded/fires-family-tier-operation-not-allowed");
  private static final Set<String> KUBE_FILES = Set.of("pod.json", "events.json", "target.yaml");
  private static final String PROD = "aks-inference-dns-4f1c2a7b.hcp.eastus.azmk8s.io";
  private static final String STAGING = "aks-inference-stg-dns-9e27d6c1.hcp.eastus.azmk8s.io";

  @TempDir Path folder;
  private final Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());

  @BeforeEach
  void incidentOfOneCluster() throws IOException {
    for (String f : List.of("pod.json", "events.json", "nodepool.json")) Files.copy(POD.resolve(f), folder.resolve(f));
    Files.copy(QUOTA.resolve("operation.json"), folder.resolve("operation.json"));
  }

  @Test
  void azureEvidenceOfTheKubeContextsClusterConcludesAsBefore() throws Exception {
    Diagnosis d = diagnose(PROD, aksShow("rg-inference-prod", "aks-inference", PROD));

    assertThat(ids(d)).contains("GpuQuotaExceeded", "ManagedPoolNoAutoscaler").doesNotContain("TargetMismatch");
    assertThat(d.evidence().reads()).allSatisfy(r -> assertThat(r.status()).isEqualTo(ReadStatus.RAN));
  }

  @Test
  void azureConclusionsAreDroppedWhenAksShowIsAnotherClustersAndTheKubeOnesStay() throws Exception {
    Diagnosis baseline = diagnose(PROD, aksShow("rg-inference-prod", "aks-inference", PROD));
    List<ReportedFinding> kubeOnly = baseline.findings().stream()
        .filter(f -> f.evidence().stream().map(Evidence::source).allMatch(KUBE_FILES::contains)).toList();
    assertThat(kubeOnly).as("the incident has conclusions from the Kubernetes evidence alone").isNotEmpty();

    // The kube context points at the production cluster; the aks show was taken of staging.
    Diagnosis d = diagnose(PROD, aksShow("rg-inference-stg", "aks-inference-stg", STAGING));

    assertThat(ids(d)).contains("TargetMismatch").doesNotContain("GpuQuotaExceeded", "ManagedPoolNoAutoscaler");
    assertThat(d.profiles()).noneMatch(p -> p.pool().equals("gpunp") && p.profile().name().equals("MANAGED_INSTALL"));
    for (ReportedFinding k : kubeOnly) {
      assertThat(d.findings()).as("kube conclusion %s %s stays", k.id(), k.subject())
          .anySatisfy(f -> assertThat(f.id() + " " + f.subject()).isEqualTo(k.id() + " " + k.subject()));
    }
    ReportedFinding server = d.findings().stream()
        .filter(f -> f.id().equals("TargetMismatch") && f.subject().equals("server " + PROD)).findFirst().orElseThrow();
    assertThat(server.evidence()).contains(
        new Evidence("target.yaml", "/server", "server: https://" + PROD + ":443"),
        new Evidence("aks.json", "/fqdn", "fqdn: " + STAGING));
    assertThat(d.evidence().reads()).filteredOn(r -> List.of("aks.json", "nodepool.json", "operation.json").contains(r.command()))
        .hasSize(4).allSatisfy(r -> assertThat(r.status()).isEqualTo(ReadStatus.FAILED));
    assertThat(d.evidence().reads()).contains(Read.supplied("pods", "pod.json"));
  }

  @Test
  void onlyTheServerDisagreeingIsEnoughToDropTheAzureConclusions() throws Exception {
    // target.yaml and every az output name aks-inference, but kubectl talked to another API server.
    Diagnosis d = diagnose(STAGING, aksShow("rg-inference-prod", "aks-inference", PROD));

    assertThat(ids(d)).contains("TargetMismatch").doesNotContain("GpuQuotaExceeded", "ManagedPoolNoAutoscaler");
    assertThat(d.findings()).filteredOn(f -> f.id().equals("TargetMismatch")).extracting(ReportedFinding::subject)
        .containsExactly("server " + STAGING);
  }

  private Diagnosis diagnose(String serverHost, String aksShow) throws Exception {
    Files.writeString(folder.resolve("target.yaml"), Files.readString(POD.resolve("target.yaml"))
        + "server: \"https://" + serverHost + ":443\"\n");
    Files.writeString(folder.resolve("aks.json"), aksShow);
    return diagnoser.diagnose(new EvidenceFolderReader().read(folder));
  }

  private static List<String> ids(Diagnosis d) {
    return d.findings().stream().map(ReportedFinding::id).toList();
  }

  /** az aks show as the CLI prints it (fields the readers ignore trimmed). */
  private static String aksShow(String resourceGroup, String cluster, String fqdn) {
    String prefix = fqdn.substring(0, fqdn.indexOf('.'));
    return """
        {
          "agentPoolProfiles": [
            {"count": 1, "enableAutoScaling": false, "gpuProfile": null, "mode": "System", "name": "system",
             "orchestratorVersion": "1.32.6", "osType": "Linux", "provisioningState": "Succeeded",
             "type": "VirtualMachineScaleSets", "vmSize": "Standard_D4ds_v5"},
            {"count": 2, "enableAutoScaling": false, "mode": "User", "name": "gpunp", "nodeTaints": ["sku=gpu:NoSchedule"],
             "gpuProfile": {"driver": "Install", "driverType": "", "nvidia": {"managementMode": "Managed", "migStrategy": null}},
             "orchestratorVersion": "1.32.6", "osType": "Linux", "provisioningState": "Succeeded",
             "type": "VirtualMachineScaleSets", "vmSize": "Standard_NC24ads_A100_v4"}
          ],
          "azurePortalFqdn": "%s.portal.hcp.eastus.azmk8s.io",
          "dnsPrefix": "%s",
          "fqdn": "%s",
          "id": "/subscriptions/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/resourcegroups/%s/providers/Microsoft.ContainerService/managedClusters/%s",
          "kubernetesVersion": "1.32.6",
          "location": "eastus",
          "name": "%s",
          "nodeResourceGroup": "MC_%s_%s_eastus",
          "privateFqdn": null,
          "provisioningState": "Succeeded",
          "resourceGroup": "%s",
          "type": "Microsoft.ContainerService/ManagedClusters"
        }
        """.formatted(prefix, prefix.substring(0, prefix.lastIndexOf('-')), fqdn, resourceGroup, cluster, cluster,
        resourceGroup, cluster, resourceGroup);
  }
}
