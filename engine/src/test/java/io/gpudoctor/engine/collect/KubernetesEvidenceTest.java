package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.ConfigMapFacts;
import io.gpudoctor.facts.ContainerFacts;
import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodeSelectorRequirement;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Taint;
import io.gpudoctor.facts.Toleration;
import io.gpudoctor.facts.WorkloadFacts;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KubernetesEvidenceTest {
  @TempDir Path folder;

  @Test
  void podListYieldsGpuRequestsTolerationsAndAffinity() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/pods.json"));

    PodFacts llm = facts(bundle, PodFacts.class).get(0);
    assertThat(llm.key()).isEqualTo("inference/llm-0");
    assertThat(llm.phase()).isEqualTo("Pending");
    assertThat(llm.ownerKind()).isEqualTo("StatefulSet");
    assertThat(llm.ownerName()).isEqualTo("llm");
    assertThat(llm.createdAt()).isEqualTo(Instant.parse("2026-03-02T09:58:11Z"));
    assertThat(llm.containers()).containsExactly(
        new ContainerFacts("vllm", false,
            java.util.Map.of("cpu", "8", "memory", "64Gi", "nvidia.com/gpu", "1"),
            java.util.Map.of("memory", "64Gi", "nvidia.com/gpu", "1")),
        new ContainerFacts("fetch-weights", true, java.util.Map.of("cpu", "500m", "memory", "1Gi"), java.util.Map.of()));
    assertThat(llm.gpuCount()).isEqualTo(1);
    assertThat(llm.tolerations()).contains(new Toleration("nvidia.com/gpu", "Exists", "", "NoSchedule"));
    assertThat(llm.tolerates(new Taint("sku", "gpu", "NoSchedule"))).isFalse();
    assertThat(llm.nodeSelector()).containsEntry("kubernetes.azure.com/accelerator", "nvidia");
    assertThat(llm.requiredNodeAffinity()).hasSize(1);
    assertThat(llm.requiredNodeAffinity().get(0).matchExpressions()).containsExactly(
        new NodeSelectorRequirement("node.kubernetes.io/instance-type", "In",
            List.of("Standard_NC24ads_A100_v4", "Standard_NC48ads_A100_v4")));
    assertThat(llm.condition("PodScheduled").reason()).isEqualTo("Unschedulable");
    assertThat(llm.condition("PodScheduled").provenance())
        .isEqualTo(Provenance.of("pods.json", "/items/0/status/conditions/0"));
    assertThat(llm.provenance()).isEqualTo(Provenance.of("pods.json", "/items/0"));
    assertThat(bundle.reads()).containsExactly(Read.supplied("pods", "pods.json"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void containerStatusKeepsWaitingReasonAndLastTermination() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/pods.json"));

    PodFacts embedder = facts(bundle, PodFacts.class).get(1);
    assertThat(embedder.nodeName()).isEqualTo("aks-gpunp-36854149-vmss000000");
    assertThat(embedder.containerStatuses()).containsExactly(new ContainerStatusFacts(
        "embedder", false, 6, "CrashLoopBackOff",
        "back-off 5m0s restarting failed container=embedder pod=embedder-7d9c8b6f5-x2x9q",
        null, null, null, "OOMKilled", 137, Instant.parse("2026-03-02T09:41:36Z"),
        Provenance.of("pods.json", "/items/1/status/containerStatuses/0")));
  }

  @Test
  void nodeListInYamlYieldsAksLabelsTaintsCapacityAndConditions() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/nodes.yaml"));

    List<NodeFacts> nodes = facts(bundle, NodeFacts.class);
    assertThat(nodes).hasSize(3);
    NodeFacts gpu = nodes.get(0);
    assertThat(gpu.pool()).isEqualTo("gpunp");
    assertThat(gpu.instanceType()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(gpu.labels()).containsEntry("kubernetes.azure.com/accelerator", "nvidia")
        .containsEntry("kubernetes.azure.com/dcgm-exporter", "enabled");
    assertThat(gpu.taints()).containsExactly(new Taint("sku", "gpu", "NoSchedule"));
    assertThat(gpu.capacity()).containsEntry("nvidia.com/gpu", "1").containsEntry("memory", "226779108Ki");
    assertThat(gpu.allocatable()).containsEntry("nvidia.com/gpu", "1").containsEntry("cpu", "23660m");
    assertThat(gpu.allocatableGpus()).isEqualTo(1);
    assertThat(gpu.condition("UnhealthyNvidiaDevicePlugin").reason()).isEqualTo("HealthyNvidiaDevicePlugin");
    assertThat(gpu.ready()).isTrue();
    assertThat(gpu.createdAt()).isEqualTo(Instant.parse("2026-02-20T08:12:44Z"));
    assertThat(nodes.get(2).unschedulable()).isTrue();
    assertThat(nodes.get(2).provenance()).isEqualTo(Provenance.of("nodes.yaml", "/items/2"));
    assertThat(bundle.reads()).containsExactly(Read.supplied("nodes", "nodes.yaml"));
  }

  @Test
  void coreEventsKeepComponentCountAndFirstAndLastSeen() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/events.json"));

    List<KubeEvent> events = facts(bundle, KubeEvent.class);
    assertThat(events).hasSize(3);
    KubeEvent scheduling = events.get(0);
    assertThat(scheduling.involvedKey()).isEqualTo("inference/llm-0");
    assertThat(scheduling.involvedKind()).isEqualTo("Pod");
    assertThat(scheduling.reason()).isEqualTo("FailedScheduling");
    assertThat(scheduling.component()).isEqualTo("default-scheduler");
    assertThat(scheduling.count()).isEqualTo(3);
    assertThat(scheduling.firstSeen()).isEqualTo(Instant.parse("2026-03-02T09:58:11Z"));
    assertThat(scheduling.lastSeen()).isEqualTo(Instant.parse("2026-03-02T10:01:40Z"));
    assertThat(scheduling.isWarning()).isTrue();
    assertThat(events.get(2).component()).isEqualTo("cluster-autoscaler");
    assertThat(events.get(2).message())
        .isEqualTo("pod didn't trigger scale-up: 1 node(s) had untolerated taint {sku: gpu}, 1 max node group size reached");
  }

  @Test
  void eventsApiEventsUseRegardingNoteReportingControllerAndSeries() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/events-v1.yaml"));

    List<KubeEvent> events = facts(bundle, KubeEvent.class);
    KubeEvent backOff = events.get(0);
    assertThat(backOff.involvedKey()).isEqualTo("inference/embedder-7d9c8b6f5-x2x9q");
    assertThat(backOff.message()).startsWith("Back-off restarting failed container embedder");
    assertThat(backOff.component()).isEqualTo("kubelet");
    assertThat(backOff.count()).isEqualTo(6);
    assertThat(backOff.firstSeen()).isEqualTo(Instant.parse("2026-03-02T09:30:12Z"));
    assertThat(backOff.lastSeen()).isEqualTo(Instant.parse("2026-03-02T09:41:37Z"));
    KubeEvent capacity = events.get(1);
    assertThat(capacity.involvedKind()).isEqualTo("NodeClaim");
    assertThat(capacity.component()).isEqualTo("karpenter");
    assertThat(capacity.count()).isEqualTo(4);
    assertThat(capacity.firstSeen()).isEqualTo(Instant.parse("2026-03-02T10:02:03.512834Z"));
    assertThat(capacity.lastSeen()).isEqualTo(Instant.parse("2026-03-02T10:04:10Z"));
    assertThat(bundle.reads()).containsExactly(Read.supplied("events", "events-v1.yaml"));
  }

  @Test
  void eventWithoutCountCountsOnce() {
    write(folder, "event.json", """
        {"apiVersion":"v1","kind":"Event","metadata":{"name":"e","namespace":"inference"},
         "involvedObject":{"kind":"Pod","name":"llm-0"},"reason":"Scheduled","type":"Normal",
         "message":"Successfully assigned inference/llm-0 to aks-gpunp-36854149-vmss000000",
         "reportingComponent":"default-scheduler","eventTime":"2026-03-02T10:00:00.000000Z"}
        """);

    KubeEvent event = only(read(folder), KubeEvent.class);
    assertThat(event.count()).isEqualTo(1);
    assertThat(event.namespace()).isEqualTo("inference");
    assertThat(event.component()).isEqualTo("default-scheduler");
    assertThat(event.firstSeen()).isEqualTo(Instant.parse("2026-03-02T10:00:00Z"));
    assertThat(event.lastSeen()).isEqualTo(Instant.parse("2026-03-02T10:00:00Z"));
  }

  @Test
  void daemonSetsYieldImagesTolerationsSelectorsPortsAndCounts() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/daemonsets.yaml"));

    List<DaemonSetFacts> sets = facts(bundle, DaemonSetFacts.class);
    DaemonSetFacts plugin = sets.get(0);
    assertThat(plugin.key()).isEqualTo("gpu-resources/nvidia-device-plugin-daemonset");
    assertThat(plugin.devicePlugin()).isTrue();
    assertThat(plugin.images()).containsExactly("nvcr.io/nvidia/k8s-device-plugin:v0.18.0");
    assertThat(plugin.tolerates(new Taint("sku", "gpu", "NoSchedule"))).isFalse();
    assertThat(plugin.nodeSelector()).containsEntry("kubernetes.azure.com/accelerator", "nvidia");
    assertThat(plugin.desiredNumberScheduled()).isZero();
    DaemonSetFacts exporter = sets.get(1);
    assertThat(exporter.dcgmExporter()).isTrue();
    assertThat(exporter.containerPorts()).containsExactly(9400);
    assertThat(exporter.requiredNodeAffinity()).hasSize(1);
    assertThat(exporter.numberReady()).isEqualTo(1);
    assertThat(exporter.numberAvailable()).isEqualTo(1);
  }

  @Test
  void singleStatefulSetObjectYieldsAWorkload() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/statefulset.yaml"));

    assertThat(only(bundle, WorkloadFacts.class))
        .isEqualTo(new WorkloadFacts("StatefulSet", "inference", "llm", 1, 0, Provenance.of("statefulset.yaml", "")));
    assertThat(bundle.reads()).containsExactly(Read.supplied("workloads", "statefulset.yaml"));
  }

  @Test
  void deploymentWithoutReplicasWantsOne() {
    write(folder, "deploy.json", """
        {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"embedder","namespace":"inference"},
         "spec":{"template":{"spec":{"containers":[{"name":"e","image":"x"}]}}},"status":{"readyReplicas":1}}
        """);

    assertThat(only(read(folder), WorkloadFacts.class))
        .isEqualTo(new WorkloadFacts("Deployment", "inference", "embedder", 1, 1, Provenance.of("deploy.json", "")));
  }

  @Test
  void clusterAutoscalerStatusConfigMapKeepsItsData() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/cluster-autoscaler-status.yaml"));

    ConfigMapFacts status = only(bundle, ConfigMapFacts.class);
    assertThat(status.namespace()).isEqualTo("kube-system");
    assertThat(status.name()).isEqualTo("cluster-autoscaler-status");
    assertThat(status.data().get("status")).contains("autoscalerStatus: Running").contains("status: NoActivity");
  }

  @Test
  void kaitoWorkspaceIsReadFromTopLevelResourceAndInference() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/workspace.yaml"));

    WorkspaceFacts ws = only(bundle, WorkspaceFacts.class);
    assertThat(ws.apiVersion()).isEqualTo("kaito.sh/v1beta1");
    assertThat(ws.key()).isEqualTo("default/workspace-phi-4-mini");
    assertThat(ws.instanceType()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(ws.count()).isEqualTo(1);
    assertThat(ws.labelSelector()).containsExactlyEntriesOf(java.util.Map.of("apps", "phi-4"));
    assertThat(ws.preset()).isEqualTo("phi-4-mini-instruct");
    assertThat(ws.createdAt()).isEqualTo(Instant.parse("2026-03-02T09:40:00Z"));
    assertThat(ws.condition("ResourceReady").message())
        .isEqualTo("check nodeClaim status timed out. nodeClaim wsbfbd4f7e7 is not ready");
    assertThat(ws.condition("NodeClaimReady").status()).isEqualTo("Unknown");
    assertThat(bundle.reads()).containsExactly(Read.supplied("workspaces", "workspace.yaml"));
  }

  @Test
  void v1alpha1WorkspaceIsReadToo() {
    write(folder, "ws.yaml", """
        apiVersion: kaito.sh/v1alpha1
        kind: Workspace
        metadata: {name: workspace-falcon-7b-instruct, namespace: default}
        resource: {instanceType: Standard_NC12s_v3, labelSelector: {matchLabels: {apps: falcon-7b-instruct}}}
        inference: {preset: {name: falcon-7b-instruct}}
        """);

    WorkspaceFacts ws = only(read(folder), WorkspaceFacts.class);
    assertThat(ws.apiVersion()).isEqualTo("kaito.sh/v1alpha1");
    assertThat(ws.instanceType()).isEqualTo("Standard_NC12s_v3");
    assertThat(ws.count()).isNull();
    assertThat(ws.conditions()).isEmpty();
  }

  @Test
  void nodeClaimTakesInstanceTypeFromItsRequirements() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/nodeclaims.yaml"));

    NodeClaimFacts claim = only(bundle, NodeClaimFacts.class);
    assertThat(claim.name()).isEqualTo("wsbfbd4f7e7");
    assertThat(claim.instanceType()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(claim.labels()).containsEntry("kaito.sh/workspace", "workspace-phi-4-mini");
    assertThat(claim.condition("Launched").reason()).isEqualTo("LaunchFailed");
    assertThat(claim.condition("Launched").message()).contains("Current Limit: 0");
    assertThat(bundle.reads()).containsExactly(Read.supplied("nodeclaims", "nodeclaims.yaml"));
  }

  @Test
  void otherKindsAreUsedWithTopicOtherAndYieldNoFacts() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/service.yaml"));

    assertThat(bundle.facts()).isEmpty();
    assertThat(bundle.reads()).containsExactly(Read.supplied("other", "service.yaml"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void secretsAreNeverRead() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/secret.yaml"));

    assertThat(bundle.facts()).isEmpty();
    assertThat(bundle.reads()).isEmpty();
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("secret.yaml", "Secret objects are not read"));
    assertThat(bundle.toString()).doesNotContain("aGZf");
  }

  @Test
  void secretInsideAListIsSkippedAndTheRestIsRead() {
    write(folder, "mixed.yaml", """
        apiVersion: v1
        kind: List
        items:
        - {apiVersion: v1, kind: Secret, metadata: {name: hf-token}, data: {HF_TOKEN: aGZf}}
        - {apiVersion: v1, kind: ConfigMap, metadata: {name: vllm-config, namespace: inference}, data: {max-model-len: "8192"}}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(only(bundle, ConfigMapFacts.class).data()).containsEntry("max-model-len", "8192");
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("mixed.yaml#/items/0", "Secret objects are not read"));
  }

  @Test
  void typedListFromTheApiServerGivesItsItemsTheListKind() {
    write(folder, "podlist.json", """
        {"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1"},
         "items":[{"metadata":{"name":"llm-0","namespace":"inference"},"spec":{"containers":[{"name":"vllm"}]},
                   "status":{"phase":"Pending"}}]}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(only(bundle, PodFacts.class).key()).isEqualTo("inference/llm-0");
    assertThat(bundle.reads()).containsExactly(Read.supplied("pods", "podlist.json"));
  }

  @Test
  void emptyListIsAReadThatFoundNothing() {
    write(folder, "pods.json", """
        {"apiVersion":"v1","items":[],"kind":"List","metadata":{"resourceVersion":""}}
        """);
    write(folder, "nodes.json", """
        {"apiVersion":"v1","items":[],"kind":"NodeList","metadata":{"resourceVersion":""}}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.facts()).isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied("nodes", "nodes.json"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void multiDocumentYamlReadsEveryDocument() {
    write(folder, "objects.yaml", """
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: a, namespace: inference}
        data: {k: v}
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: embedder, namespace: inference}
        spec: {replicas: 2}
        status: {readyReplicas: 1}
        ---
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(only(bundle, ConfigMapFacts.class).provenance()).isEqualTo(Provenance.of("objects.yaml", "doc1"));
    assertThat(only(bundle, WorkloadFacts.class).provenance()).isEqualTo(Provenance.of("objects.yaml", "doc2"));
    assertThat(bundle.reads()).containsExactly(
        Read.supplied("configmaps", "objects.yaml"), Read.supplied("workloads", "objects.yaml"));
  }

  @Test
  void redactedValuesAreUnknownNotEvidence() {
    write(folder, "node.json", """
        {"apiVersion":"v1","kind":"Node",
         "metadata":{"name":"aks-gpunp-36854149-vmss000000",
           "labels":{"kubernetes.azure.com/agentpool":"gpunp","kubernetes.azure.com/cluster":"<redacted>",
                     "topology.kubernetes.io/zone":"***"}},
         "spec":{"providerID":"REDACTED","taints":[{"key":"sku","value":"gpu","effect":"NoSchedule"}]},
         "status":{"capacity":{"nvidia.com/gpu":"xxxx"},"allocatable":{"nvidia.com/gpu":"1"}}}
        """);

    NodeFacts node = only(read(folder), NodeFacts.class);
    assertThat(node.labels()).containsOnlyKeys("kubernetes.azure.com/agentpool");
    assertThat(node.capacity()).doesNotContainKey("nvidia.com/gpu");
    assertThat(node.capacityOf("nvidia.com/gpu")).isNull();
    assertThat(node.allocatableGpus()).isEqualTo(1);
  }
}
