package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.AutoscalerGroupStatus;
import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorKind;
import io.gpudoctor.facts.HpaFacts;
import io.gpudoctor.facts.KaitoSkuUnsupported;
import io.gpudoctor.facts.KaitoWorkloadInvalid;
import io.gpudoctor.facts.NodePoolRejection;
import io.gpudoctor.facts.NodePoolRejectionKind;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.ScaleUpFailed;
import io.gpudoctor.facts.ScaleUpSkipped;
import io.gpudoctor.facts.ScaleUpTriggered;
import io.gpudoctor.facts.ScaledObjectFacts;
import io.gpudoctor.facts.SkuRestriction;
import io.gpudoctor.facts.VmSku;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The KAITO and scaling evidence: az quota and SKU lists, operation errors, autoscaler status and events, HPA, KEDA. */
class ScalingEvidenceTest {
  @TempDir Path folder;

  @Test
  void listUsageRowsKeepTheirFamilyKeyAsWrittenAndCompareItIgnoringCase() {
    write(folder, "usage.json", """
        [{"currentValue": 28, "limit": 350, "localName": "Total Regional vCPUs", "name": {"localizedValue": "Total Regional vCPUs", "value": "cores"}},
         {"currentValue": 0, "limit": 24, "localName": "Standard NCADSA100v4 Family vCPUs", "name": {"localizedValue": "Standard NCADSA100v4 Family vCPUs", "value": "StandardNCADSA100v4Family"}}]
        """);

    EvidenceBundle bundle = read(folder);
    List<QuotaUsage> rows = facts(bundle, QuotaUsage.class);
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).regional()).isTrue();
    assertThat(rows.get(1).isFamily("standardNCADSA100v4Family")).isTrue();
    assertThat(rows.get(1).limit()).isEqualTo(24);
    assertThat(bundle.reads()).containsExactly(Read.supplied("quota", "usage.json"));
  }

  @Test
  void listSkusGivesFamilyVcpusAndZoneRestrictions() {
    write(folder, "skus.json", """
        [{"resourceType": "virtualMachines", "name": "Standard_NC24ads_A100_v4", "family": "StandardNCADSA100v4Family",
          "locations": ["eastus"], "capabilities": [{"name": "vCPUs", "value": "24"}],
          "restrictions": [{"type": "Zone", "values": ["eastus"], "reasonCode": "NotAvailableForSubscription",
                            "restrictionInfo": {"locations": ["eastus"], "zones": ["2", "3"]}}]},
         {"resourceType": "disks", "name": "Premium_LRS", "locations": ["eastus"]}]
        """);

    EvidenceBundle bundle = read(folder);
    VmSku sku = only(bundle, VmSku.class);
    assertThat(sku.family()).isEqualTo("StandardNCADSA100v4Family");
    assertThat(sku.vCpus()).isEqualTo(24);
    SkuRestriction r = only(bundle, SkuRestriction.class);
    assertThat(r.zonal()).isTrue();
    assertThat(r.zones()).containsExactly("2", "3");
    assertThat(r.appliesTo("standard_nc24ads_a100_v4", "eastus")).isTrue();
    assertThat(r.appliesTo("Standard_NC24ads_A100_v4", "westeurope")).isFalse();
    assertThat(r.quote()).isEqualTo("Standard_NC24ads_A100_v4: NotAvailableForSubscription, type: Zone, locations: eastus, zones: 2,3");
  }

  @Test
  void operationShowLatestYieldsTheClassifiedErrorOnceAndTheAgentPool() {
    write(folder, "op.json", """
        {"status": "Failed", "percentComplete": 100, "startTime": "2026-05-12T09:40:00Z", "endTime": "2026-05-12T09:41:00Z",
         "resourceId": "/subscriptions/s/resourcegroups/rg/providers/Microsoft.ContainerService/managedClusters/c/agentPools/gpunp",
         "error": {"code": "QuotaExceeded", "message": "Operation results in exceeding quota limits of Core. Maximum allowed: 450, Current in use: 449, Additional requested: 8.",
                   "details": [{"code": "QuotaExceeded", "message": "Operation results in exceeding quota limits of Core. Maximum allowed: 450, Current in use: 449, Additional requested: 8."}]}}
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.nodeGroup()).isEqualTo("gpunp");
    assertThat(e.provenance().pointer()).isEqualTo("/error");
  }

  @Test
  void activityLogStatusMessageIsParsedAsJsonWithItsInnerError() {
    write(folder, "activity.json", """
        [{"eventTimestamp": "2026-05-12T09:41:00Z", "operationName": {"value": "Microsoft.ContainerService/managedClusters/agentPools/write"},
          "resourceId": "/subscriptions/s/resourcegroups/rg/providers/Microsoft.ContainerService/managedClusters/c/agentPools/gpunp",
          "properties": {"statusMessage": "{\\"status\\":\\"Failed\\",\\"error\\":{\\"code\\":\\"InvalidTemplateDeployment\\",\\"message\\":\\"The template deployment is not valid.\\",\\"details\\":[{\\"code\\":\\"SkuNotAvailable\\",\\"message\\":\\"The requested size for resource 'x' is currently not available in location 'eastus' zones '1' for subscription 's'. Please try another size or deploy to a different location or zones.\\"}]}}"}}]
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(e.code()).isEqualTo("SkuNotAvailable");
    assertThat(e.provenance().pointer()).isEqualTo("/0/properties/statusMessage/details/0");
  }

  @Test
  void autoscalerEventsBecomeSkippedPartsTriggeredGroupsAndFailures() {
    write(folder, "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "p", "namespace": "ml"}, "type": "Normal",
           "reason": "NotTriggerScaleUp", "message": "pod didn't trigger scale-up: 1 max node group size reached, 1 node(s) had untolerated taint {sku: gpu}",
           "source": {"component": "cluster-autoscaler"}, "lastTimestamp": "2026-05-12T09:48:00Z"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "p", "namespace": "ml"}, "type": "Normal",
           "reason": "TriggeredScaleUp", "message": "pod triggered scale-up: [{aks-gpunp-36854149-vmss 0->1 (max: 2)}]",
           "source": {"component": "cluster-autoscaler"}, "lastTimestamp": "2026-05-12T09:45:00Z"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "ConfigMap", "name": "cluster-autoscaler-status", "namespace": "kube-system"},
           "type": "Normal", "reason": "ScaledUpGroup", "message": "Scale-up: setting group aks-gpunp-36854149-vmss size to 1 instead of 0 (max: 2)",
           "source": {"component": "cluster-autoscaler"}, "lastTimestamp": "2026-05-12T09:45:00Z"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "ConfigMap", "name": "cluster-autoscaler-status", "namespace": "kube-system"},
           "type": "Warning", "reason": "FailedToScaleUpGroup", "message": "Scale-up failed for group aks-gpunp-36854149-vmss: The VM allocation failed due to an internal error. Please retry later or try deploying to a different location.",
           "source": {"component": "cluster-autoscaler"}, "lastTimestamp": "2026-05-12T09:47:00Z"}]}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, ScaleUpSkipped.class)).extracting(ScaleUpSkipped::category)
        .containsExactly(ReasonCategory.MAX_NODE_GROUP_SIZE, ReasonCategory.UNTOLERATED_TAINT);
    assertThat(facts(bundle, ScaleUpTriggered.class)).extracting(ScaleUpTriggered::pool, ScaleUpTriggered::from,
            ScaleUpTriggered::to, ScaleUpTriggered::max, ScaleUpTriggered::podKey)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("gpunp", 0, 1, 2, "ml/p"),
            org.assertj.core.groups.Tuple.tuple("gpunp", 0, 1, 2, null));
    assertThat(only(bundle, ScaleUpFailed.class).pool()).isEqualTo("gpunp");
    AzureError e = only(bundle, AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.ALLOCATION_INTERNAL);
    assertThat(e.nodeGroup()).isEqualTo("aks-gpunp-36854149-vmss");
  }

  @Test
  void autoscalerStatusIsReadInTheYamlForm() {
    write(folder, "ca-yaml.json", """
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cluster-autoscaler-status", "namespace": "kube-system"},
         "data": {"status": "autoscalerStatus: Running\\nnodeGroups:\\n- name: aks-gpunp-36854149-vmss\\n  health:\\n    status: Healthy\\n    minSize: 0\\n    maxSize: 3\\n  scaleUp:\\n    status: Backoff\\n    backoffInfo:\\n      errorCode: QuotaExceeded\\n      errorMessage: \\"Operation results in exceeding quota limits of Core. Maximum allowed: 450, Current in use: 449, Additional requested: 8.\\"\\n"}}
        """);
    EvidenceBundle bundle = read(folder);
    List<AutoscalerGroupStatus> groups = facts(bundle, AutoscalerGroupStatus.class);
    assertThat(groups).extracting(AutoscalerGroupStatus::pool, AutoscalerGroupStatus::scaleUpStatus, AutoscalerGroupStatus::maxSize)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("gpunp", "Backoff", 3));
    assertThat(groups).filteredOn(AutoscalerGroupStatus::backoff).singleElement()
        .extracting(AutoscalerGroupStatus::backoffErrorCode).isEqualTo("QuotaExceeded");
    assertThat(only(bundle, AzureError.class).kind()).isEqualTo(AzureErrorKind.QUOTA);
  }

  @Test
  void autoscalerStatusIsReadInTheOldTextForm() {
    write(folder, "ca-text.json", """
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "cluster-autoscaler-status", "namespace": "kube-system"},
         "data": {"status": "Cluster-autoscaler status at 2026-05-12 09:49:58 +0000 UTC:\\nNodeGroups:\\n  Name:        aks-t4np-11111111-vmss\\n  Health:      Healthy (ready=1 unready=0 notStarted=0 longNotStarted=0 registered=1 longUnregistered=0 cloudProviderTarget=1 (minSize=1, maxSize=1))\\n  ScaleUp:     NoActivity (ready=1 cloudProviderTarget=1)\\n"}}
        """);


    AutoscalerGroupStatus group = only(read(folder), AutoscalerGroupStatus.class);
    assertThat(group.pool()).isEqualTo("t4np");
    assertThat(group.health()).isEqualTo("Healthy");
    assertThat(group.scaleUpStatus()).isEqualTo("NoActivity");
    assertThat(group.minSize()).isEqualTo(1);
    assertThat(group.maxSize()).isEqualTo(1);
    assertThat(group.cloudProviderTarget()).isEqualTo(1);
  }

  @Test
  void nodeClaimLaunchedMessageCarriesTheAzureErrorLinkedToItsWorkspaceAndSize() {
    write(folder, "nodeclaims.yaml", """
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: ws3943854b9
          labels:
            kaito.sh/workspace: workspace-phi-4-mini
        spec:
          requirements:
          - key: node.kubernetes.io/instance-type
            operator: In
            values: [Standard_NC24ads_A100_v4]
        status:
          conditions:
          - type: Launched
            status: Unknown
            reason: ZonalAllocationFailure
            message: unable to allocate resources in the selected zone (eastus-1). (will try a different zone to fulfill your request)
            lastTransitionTime: "2026-05-12T09:02:00Z"
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.ZONAL_CAPACITY);
    assertThat(e.workspace()).isEqualTo("workspace-phi-4-mini");
    assertThat(e.nodeGroup()).isEqualTo("ws3943854b9");
    assertThat(e.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
  }

  @Test
  void workspaceStateAndVersionedConditionsAreRead() {
    write(folder, "ws.yaml", """
        apiVersion: kaito.sh/v1alpha1
        kind: Workspace
        metadata:
          name: workspace-falcon-7b-instruct
          namespace: default
          creationTimestamp: "2026-05-12T09:00:00Z"
        resource:
          instanceType: Standard_NC6s_v3
          labelSelector:
            matchLabels:
              apps: falcon-7b-instruct
        inference:
          preset:
            name: falcon-7b-instruct
        status:
          state: Pending
          conditions:
          - type: MachineReady
            status: Unknown
            reason: CreateMachinePending
            message: creating 1 machines
            lastTransitionTime: "2026-05-12T09:01:00Z"
        """);

    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.state()).isEqualTo("Pending");
    assertThat(w.resourceReady()).isFalse();
    assertThat(w.resourceBlocker().type()).isEqualTo("MachineReady");
    assertThat(w.notReady()).isTrue();
  }

  @Test
  void kaitosReconcileErrorOnEveryConditionIsOneUnknownSizeOfTheWorkspace() {
    write(folder, "ws.yaml", """
        apiVersion: kaito.sh/v1beta1
        kind: Workspace
        metadata: {name: workspace-phi-4-mini, namespace: ml, creationTimestamp: "2026-06-17T10:00:00Z"}
        resource: {instanceType: Standard_NC6s_v3, labelSelector: {matchLabels: {apps: phi-4-mini}}}
        inference: {preset: {name: phi-4-mini-instruct}}
        status:
          conditions:
          - {type: ResourceReady, status: "False", reason: NodeClaimNotReady, message: "Ready NodeClaims are not enough (last reconcile error: failed to update Workspace status targetNodeCount: failed to calculate target node count: failed to get GPU config for instance type Standard_NC6s_v3: invalid value: Unsupported SKU 'Standard_NC6s_v3' for cloud provider: sku)"}
          - {type: WorkspaceSucceeded, status: "False", reason: workspacePending, message: "workspace is waiting for inference workload readiness (last reconcile error: failed to update Workspace status targetNodeCount: failed to calculate target node count: failed to get GPU config for instance type Standard_NC6s_v3: invalid value: Unsupported SKU 'Standard_NC6s_v3' for cloud provider: sku)"}
        """);

    KaitoSkuUnsupported e = only(read(folder), KaitoSkuUnsupported.class);

    assertThat(e.workspace()).isEqualTo("workspace-phi-4-mini");
    assertThat(e.instanceType()).isEqualTo("Standard_NC6s_v3");
    assertThat(e.message()).endsWith("Unsupported SKU 'Standard_NC6s_v3' for cloud provider: sku");
  }

  @Test
  void theApiServersRefusalOfKaitosWorkloadOnSeveralConditionsIsOneFactOfTheWorkspace() {
    write(folder, "ws.yaml", """
        apiVersion: kaito.sh/v1beta1
        kind: Workspace
        metadata: {name: ws-falcon, namespace: ml, creationTimestamp: "2026-06-22T09:00:00Z"}
        resource: {instanceType: Standard_NC12s_v3, labelSelector: {matchLabels: {apps: falcon}}}
        inference: {preset: {name: falcon-7b-instruct}}
        status:
          conditions:
          - {type: ResourceReady, status: "True", reason: installNodePluginsSuccess, message: Enough NodeClaims are ready}
          - {type: InferenceReady, status: "False", reason: WorkspaceInferenceStatusFailed, message: 'Deployment.apps "ws-falcon" is invalid: [spec.template.spec.initContainers[1].volumeMounts[1].mountPath: Required value]'}
          - {type: WorkspaceSucceeded, status: "False", reason: workspaceFailed, message: 'Deployment.apps "ws-falcon" is invalid: [spec.template.spec.initContainers[1].volumeMounts[1].mountPath: Required value]'}
        """);

    KaitoWorkloadInvalid e = only(read(folder), KaitoWorkloadInvalid.class);

    assertThat(e.workspace()).isEqualTo("ws-falcon");
    assertThat(e.objectName()).isEqualTo("ws-falcon");
    assertThat(e.fields()).containsExactly("spec.template.spec.initContainers[1].volumeMounts[1].mountPath");
  }

  @Test
  void hpaConditionsAndScaledObjectTriggersAreRead() {
    write(folder, "hpa.yaml", """
        apiVersion: autoscaling/v2
        kind: HorizontalPodAutoscaler
        metadata: {name: keda-hpa-my-gpu-workload, namespace: ml}
        spec:
          scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: my-gpu-workload}
          minReplicas: 1
          maxReplicas: 20
        status:
          conditions:
          - {type: ScalingActive, status: "False", reason: FailedGetExternalMetric, message: "the HPA was unable to compute the replica count: unable to get external metric"}
        ---
        apiVersion: keda.sh/v1alpha1
        kind: ScaledObject
        metadata: {name: my-gpu-workload, namespace: ml}
        spec:
          scaleTargetRef: {name: my-gpu-workload}
          triggers:
          - type: prometheus
            metadata: {metricName: DCGM_FI_DEV_GPU_UTIL, query: 'avg(DCGM_FI_DEV_GPU_UTIL{deployment="my-gpu-workload"})', threshold: '5'}
        """);

    EvidenceBundle bundle = read(folder);
    HpaFacts hpa = only(bundle, HpaFacts.class);
    assertThat(hpa.condition("ScalingActive").reason()).isEqualTo("FailedGetExternalMetric");
    assertThat(hpa.targetName()).isEqualTo("my-gpu-workload");
    ScaledObjectFacts so = only(bundle, ScaledObjectFacts.class);
    assertThat(so.hpaKey()).isEqualTo(hpa.key());
    assertThat(so.triggers()).containsExactly(
        "prometheus metricName=DCGM_FI_DEV_GPU_UTIL query=avg(DCGM_FI_DEV_GPU_UTIL{deployment=\"my-gpu-workload\"}) threshold=5");
  }

  @Test
  void hpaMetricSourcesAreReadFromTheSpecInEachApiVersion() {
    write(folder, "hpas.yaml", """
        apiVersion: autoscaling/v2
        kind: HorizontalPodAutoscaler
        metadata: {name: vllm, namespace: ml}
        spec:
          scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: vllm}
          maxReplicas: 4
          metrics:
          - type: Pods
            pods: {metric: {name: DCGM_FI_DEV_FB_USED_AVG}, target: {type: AverageValue, averageValue: 10k}}
          - type: External
            external: {metric: {name: s0-prometheus}, target: {type: AverageValue, averageValue: "5"}}
          - type: Resource
            resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}
        ---
        apiVersion: autoscaling/v1
        kind: HorizontalPodAutoscaler
        metadata: {name: router, namespace: ml}
        spec: {scaleTargetRef: {kind: Deployment, name: router}, maxReplicas: 3, targetCPUUtilizationPercentage: 70}
        """);

    assertThat(facts(read(folder), HpaFacts.class)).extracting(HpaFacts::name, HpaFacts::metrics).containsExactly(
        org.assertj.core.groups.Tuple.tuple("vllm", List.of("pods DCGM_FI_DEV_FB_USED_AVG", "external s0-prometheus", "resource cpu")),
        org.assertj.core.groups.Tuple.tuple("router", List.of("resource cpu")));
  }

  @Test
  void notTriggerScaleUpIsSplitInEachAutoscalerWording() {
    write(folder, "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "old", "namespace": "ml"}, "type": "Normal",
           "reason": "NotTriggerScaleUp", "message": "pod didn't trigger scale-up (it wouldn't fit if a new node is added)"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "middle", "namespace": "ml"}, "type": "Normal",
           "reason": "NotTriggerScaleUp", "message": "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 2 Insufficient nvidia.com/gpu, 1 max node group size reached"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "current", "namespace": "ml"}, "type": "Normal",
           "reason": "NotTriggerScaleUp", "message": "pod didn't trigger scale-up: 1 node(s) had untolerated taint {sku: gpu}"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "empty", "namespace": "ml"}, "type": "Normal",
           "reason": "NotTriggerScaleUp", "message": "pod didn't trigger scale-up:"}]}
        """);

    assertThat(facts(read(folder), ScaleUpSkipped.class))
        .extracting(ScaleUpSkipped::podKey, ScaleUpSkipped::count, ScaleUpSkipped::category, ScaleUpSkipped::text)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml/old", 0, ReasonCategory.OTHER, "it wouldn't fit if a new node is added"),
            org.assertj.core.groups.Tuple.tuple("ml/middle", 2, ReasonCategory.INSUFFICIENT_RESOURCE, "Insufficient nvidia.com/gpu"),
            org.assertj.core.groups.Tuple.tuple("ml/middle", 1, ReasonCategory.MAX_NODE_GROUP_SIZE, "max node group size reached"),
            org.assertj.core.groups.Tuple.tuple("ml/current", 1, ReasonCategory.UNTOLERATED_TAINT, "node(s) had untolerated taint {sku: gpu}"),
            org.assertj.core.groups.Tuple.tuple("ml/empty", 0, ReasonCategory.OTHER, ""));
  }

  @Test
  void karpenterSaysNoOfferingOnlyWhenTheOfferingAloneKeptTheTypesOut() {
    String head = "Failed to schedule pod, incompatible with nodepool \\\"gpu\\\", no instance type satisfied resources "
        + "{\\\"nvidia.com/gpu\\\":\\\"1\\\"} and requirements karpenter.sh/capacity-type In [spot] ";
    write(folder, "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "a", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "%1$s(no instance type which met the scheduling requirements and had enough resources, had a required offering)"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "b", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "%1$s(no instance type has the required offering)"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "c", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "%1$s(no instance type had enough resources or had a required offering)"}]}
        """.formatted(head));

    assertThat(facts(read(folder), NodePoolRejection.class))
        .extracting(NodePoolRejection::podKey, NodePoolRejection::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml/a", NodePoolRejectionKind.NO_OFFERING),
            org.assertj.core.groups.Tuple.tuple("ml/b", NodePoolRejectionKind.NO_OFFERING),
            org.assertj.core.groups.Tuple.tuple("ml/c", NodePoolRejectionKind.NO_INSTANCE_TYPE));
    assertThat(NodePoolRejectionKind.NO_OFFERING.incompatible()).isFalse();
  }

  @Test
  void karpentersFailedSchedulingIsOneRejectionPerNodePoolInEachWording() {
    String overhead = "daemonset overhead={\\\"cpu\\\":\\\"260m\\\",\\\"pods\\\":\\\"6\\\"}";
    write(folder, "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "v1", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "Failed to schedule pod, incompatible with nodepool \\"spot\\", %1$s, no instance type has enough resources, resources={\\"cpu\\":\\"4\\",\\"nvidia.com/gpu\\":\\"1\\"}; all available instance types exceed limits for nodepool (NodePool=gpu)"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "v0", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "Failed to schedule pod, incompatible with nodepool \\"gpu\\", %1$s, did not tolerate sku=gpu:NoSchedule; incompatible with nodepool \\"default\\", %1$s, incompatible requirements, label \\"nvidia.com/gpu.present\\" does not have known values; all available instance types exceed limits for nodepool: \\"a100\\""},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "v02", "namespace": "ml"}, "type": "Warning",
           "reason": "FailedScheduling", "source": {"component": "karpenter"},
           "message": "Failed to schedule pod, incompatible with provisioner \\"default\\", no instance type satisfied resources {\\"cpu\\":\\"2\\"} and requirements karpenter.sh/provisioner-name In [default]"}]}
        """.formatted(overhead));

    assertThat(facts(read(folder), NodePoolRejection.class))
        .extracting(NodePoolRejection::podKey, NodePoolRejection::nodePool, NodePoolRejection::kind, NodePoolRejection::requestsGpu)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml/v1", "spot", NodePoolRejectionKind.NO_INSTANCE_TYPE, true),
            org.assertj.core.groups.Tuple.tuple("ml/v1", "gpu", NodePoolRejectionKind.LIMITS, true),
            org.assertj.core.groups.Tuple.tuple("ml/v0", "gpu", NodePoolRejectionKind.UNTOLERATED_TAINT, false),
            org.assertj.core.groups.Tuple.tuple("ml/v0", "default", NodePoolRejectionKind.REQUIREMENTS, false),
            org.assertj.core.groups.Tuple.tuple("ml/v0", "a100", NodePoolRejectionKind.LIMITS, false),
            org.assertj.core.groups.Tuple.tuple("ml/v02", "default", NodePoolRejectionKind.NO_INSTANCE_TYPE, false));
  }

  @Test
  void aNodePoolPartCutOffByThePasteIsStillIncompatible() {
    write(folder, "issue.md", """
        karpenter keeps logging:

        {"level":"ERROR","time":"2026-03-02T11:40:18.204Z","logger":"controller.provisioner","message":"Could not schedule pod, incompatible with nodepool \\"gpu\\", daemonset overhead={\\"cpu\\":\\"185m\\"}, no instance type satisfied resources {\\"cpu\\":\\"9185m\\",\\"nvidia.com/gpu\\":\\"2\\"} and requirements node.kubernetes.io/instance-type In [Standard_NC4as_T4_v3] (no instance type has enough resources); incompatible with nodepool \\"default\\", daemonset overhead={\\"cpu\\":\\"305m\\",\\"pods\\":\\"
        """);

    assertThat(facts(read(folder), NodePoolRejection.class))
        .extracting(NodePoolRejection::nodePool, NodePoolRejection::kind, NodePoolRejection::requestsGpu)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("gpu", NodePoolRejectionKind.NO_INSTANCE_TYPE, true),
            org.assertj.core.groups.Tuple.tuple("default", NodePoolRejectionKind.INCOMPATIBLE, true));
  }

  @Test
  void gkesFailedScaleUpEventIsComputeEnginesErrorOfEachReasonNotAnAzureOne() {
    write(folder, "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "tgi-llama-0", "namespace": "serving"},
           "type": "Warning", "reason": "FailedScaleUp", "count": 6,
           "message": "Node scale up in zones us-central1-a, us-central1-b associated with this pod failed: GCE out of resources, Internal error. Pod is at risk of not being scheduled.",
           "source": {"component": "cluster-autoscaler"}, "lastTimestamp": "2026-05-12T09:48:00Z"},
          {"apiVersion": "v1", "kind": "Event", "involvedObject": {"kind": "Pod", "name": "tgi-llama-1", "namespace": "serving"},
           "type": "Warning", "reason": "FailedScaleUp", "message": "scale-up of another kind of autoscaler failed",
           "source": {"component": "some-autoscaler"}, "lastTimestamp": "2026-05-12T09:48:00Z"}]}
        """);

    List<AzureError> errors = facts(read(folder), AzureError.class);

    assertThat(errors).extracting(AzureError::kind)
        .containsExactlyInAnyOrder(AzureErrorKind.ZONAL_CAPACITY, AzureErrorKind.ALLOCATION_INTERNAL);
    assertThat(errors).allSatisfy(e -> {
      assertThat(e.azure()).isFalse();
      assertThat(e.zone()).isEqualTo("us-central1-a, us-central1-b");
      assertThat(e.region()).isEqualTo("us-central1");
      assertThat(e.provenance().toString()).isEqualTo("events.json#/items/0");
    });
  }
}
