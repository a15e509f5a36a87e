package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import org.junit.jupiter.api.Test;

/** What the scaling findings say: the numbers they compute and the mechanism they name. */
class ScalingRulesTest {
  private static Diagnosis diagnose(String fixture) throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(ModuleRules.fixturesDir().resolve(fixture)));
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " absent"));
  }

  @Test
  void theMinimumNewLimitIsTheUsagePlusWhatIsStillNeededNotTheLimitPlusIt() throws Exception {
    // Maximum allowed: 48, Current in use: 30, Additional requested: 24: 54 vCPUs, not 72.
    ReportedFinding f = finding(diagnose("GpuQuotaExceeded/fires-quota-limits-of-core-usage-below-limit"), "GpuQuotaExceeded");
    assertThat(f.summary()).contains("The minimum new limit is 54 (Current Usage + Additional Required)").doesNotContain("72");
    assertThat(f.handoff()).contains("to at least 54 vCPUs");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).endsWith("--limit-object value=54"));
  }

  @Test
  void aQuotaErrorForAPoolWithoutGpusGoesToTheQuotaRouteNotAsAGpuFinding() throws Exception {
    Diagnosis d = diagnose("OutOfScope/fires-quota-error-for-cpu-pool");
    ReportedFinding f = finding(d, "OutOfScope");
    assertThat(f.summary()).contains("no GPUs (pool system (VM size Standard_D4s_v5); quota family standardDSv5Family)").contains("azure-quotas")
        .contains("minimum new limit 12");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("event FailedToScaleUpGroup: ").contains("standardDSv5Family"));
    assertThat(d.findings()).noneMatch(x -> x.id().equals("GpuQuotaExceeded"));
  }

  @Test
  void karpenterNodePoolLimitsAreNamedAsNodePoolLimitsNotANodeGroupMaximum() throws Exception {
    ReportedFinding f = finding(diagnose("AutoscalerMaxSizeReached/fires-karpenter-nodepool-limits"), "AutoscalerMaxSizeReached");
    assertThat(f.subject()).isEqualTo("nodepool gpu-a100");
    assertThat(f.summary()).contains("all available instance types exceed limits for nodepool (NodePool=gpu-a100)")
        .contains("spec.limits").contains("not a node-group maximum");
    assertThat(f.proposedActions()).anySatisfy(a -> assertThat(a.command()).endsWith("get nodepools.karpenter.sh gpu-a100 -o yaml"));
  }

  @Test
  void aGroupAtItsMaximumBesideTemplatesWithoutTheGpuIsNotTakenForTheGpuPool() throws Exception {
    Diagnosis d = diagnose("AutoscalerNoMatchingNodeGroup/fires-parts-wording-beside-max-size");
    assertThat(finding(d, "AutoscalerMaxSizeReached").status()).isEqualTo(FindingStatus.UNCONFIRMED);
    ReportedFinding lead = d.findings().get(0);
    assertThat(lead.id()).isEqualTo("AutoscalerNoMatchingNodeGroup");
    assertThat(lead.summary()).contains("'2 Insufficient nvidia.com/gpu'");
    assertThat(lead.missingEvidence()).anySatisfy(m -> assertThat(m.read()).startsWith("az aks nodepool list"));
  }

  @Test
  void theAutoscalerLogNamesTheGpuPoolWhoseTemplateLacksTheGpu() throws Exception {
    ReportedFinding f = finding(diagnose("AutoscalerNoMatchingNodeGroup/fires-autoscaler-log-gpu-template-at-zero"),
        "AutoscalerNoMatchingNodeGroup");
    assertThat(f.rules()).contains("AutoscalerNoMatchingNodeGroup: the autoscaler's simulation finds the GPU missing from the GPU pool's template");
    assertThat(f.summary()).contains("GPU pool gpunp (group aks-gpunp-31872604-vmss");
    assertThat(f.evidence()).anySatisfy(e -> {
      assertThat(e.source()).isEqualTo("cluster-autoscaler.log");
      assertThat(e.pointer()).isEqualTo("line 5");
    });
  }

  @Test
  void aBareNeverRegisteredMessageBesideAnAksNodeClassGoesToAksAndBesideAnEc2NodeClassToTheClusterOperator() throws Exception {
    ReportedFinding azure = finding(diagnose("GpuNodeNeverRegistered/fires-bare-node-not-registered-beside-an-aksnodeclass"),
        "GpuNodeNeverRegistered");
    assertThat(azure.owner()).isEqualTo("aks");
    assertThat(azure.summary()).contains("The claim is Karpenter for Azure's");
    ReportedFinding aws = finding(diagnose("GpuNodeNeverRegistered/fires-bare-node-not-registered-beside-an-ec2nodeclass"),
        "GpuNodeNeverRegistered");
    assertThat(aws.owner()).isEqualTo("cluster-operator");
    assertThat(aws.summary()).doesNotContain("Karpenter for Azure");
  }

  @Test
  void aDescribedHpaThatCannotReadAPodsMetricPointsAtTheCustomMetricsAdapter() throws Exception {
    ReportedFinding f = finding(diagnose("KedaMetricUnavailable/fires-describe-hpa-pods-metric"), "KedaMetricUnavailable");
    assertThat(f.subject()).isEqualTo("ml/vllm-mistral-7b");
    assertThat(f.summary()).contains("scaling Deployment vllm-mistral-7b").contains("custom.metrics.k8s.io");
    assertThat(f.handoff()).contains("prometheus-adapter").doesNotContain("ScaledObject");
    assertThat(f.evidence()).singleElement().satisfies(e -> assertThat(e.pointer()).isEqualTo("line 17"));
  }
}
