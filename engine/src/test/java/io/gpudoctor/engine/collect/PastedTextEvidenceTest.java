package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.QuotaUsage;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.SchedulingReason;
import io.gpudoctor.facts.Taint;
import io.gpudoctor.facts.Toleration;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evidence as people paste it: {@code kubectl describe}, {@code kubectl get} and {@code az -o table}
 * output, bare event lines. The text twins under references/incidents were written from the JSON of
 * their incident, so the facts of both can be compared field by field.
 */
class PastedTextEvidenceTest {
  private static final Path INCIDENTS = Path.of("..", "references", "incidents");
  private static final String TARGET = """
      namespace: ml-serving
      resource: pod/vllm-0
      capturedAt: "2026-02-09T15:25:30Z"
      """;
  private static final Instant CAPTURED = Instant.parse("2026-02-09T15:25:30Z");

  @TempDir Path folder;

  private EvidenceBundle incident(String slug) {
    return read(INCIDENTS.resolve(slug));
  }

  @Test
  void describePodYieldsThePodOfItsJsonWithAffinityMarkedUnknown() {
    PodFacts json = only(incident("2026-02-sku-taint-not-tolerated"), PodFacts.class);
    PodFacts text = only(incident("2026-02-sku-taint-not-tolerated-pasted"), PodFacts.class);

    assertThat(text).usingRecursiveComparison()
        .ignoringFields("provenance", "fieldsUnknown", "createdAt", "conditions")
        .isEqualTo(json);
    assertThat(text.tolerations()).contains(new Toleration("nvidia.com/gpu", "Exists", "", "NoSchedule"));
    assertThat(text.fieldsUnknown()).containsExactly(PodFacts.AFFINITY);
    assertThat(text.known(PodFacts.TOLERATIONS)).isTrue();
    assertThat(json.specComplete()).isTrue();
    assertThat(text.conditions()).extracting(Condition::type, Condition::status)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("PodScheduled", "False"));
    assertThat(text.provenance().source()).isEqualTo("describe-pod.txt");
    assertThat(text.provenance().pointer()).isEqualTo("line 2");
    assertThat(text.provenance().child("spec").child("tolerations").pointer()).isEqualTo("line 52");
  }

  @Test
  void describeNodeYieldsTheNodeOfItsJson() {
    var jsonNodes = facts(incident("2026-02-sku-taint-not-tolerated"), NodeFacts.class);
    var textNodes = facts(incident("2026-02-sku-taint-not-tolerated-pasted"), NodeFacts.class);

    assertThat(textNodes).hasSize(3);
    assertThat(textNodes).usingRecursiveFieldByFieldElementComparatorIgnoringFields(
            "provenance", "conditions.provenance", "conditions.lastTransitionTime")
        .containsExactlyElementsOf(jsonNodes);
    NodeFacts gpu = textNodes.stream().filter(NodeFacts::gpuNode).findFirst().orElseThrow();
    assertThat(gpu.taints()).containsExactly(new Taint("sku", "gpu", "NoSchedule"));
    assertThat(gpu.allocatableGpus()).isEqualTo(1);
    assertThat(gpu.fieldsUnknown()).isEmpty();
    assertThat(gpu.provenance().child("spec").child("taints").pointer()).startsWith("line ");
    assertThat(gpu.provenance().child("spec").child("taints").pointer()).isNotEqualTo(gpu.provenance().pointer());
  }

  @Test
  void describeEventsArePlacedFromTheCaptureTimeAndGiveTheSchedulingReasons() {
    EvidenceBundle text = incident("2026-02-sku-taint-not-tolerated-pasted");
    KubeEvent json = only(incident("2026-02-sku-taint-not-tolerated"), KubeEvent.class);
    KubeEvent event = only(text, KubeEvent.class);

    // "2m20s (x14 over 23m)" before 15:25:30: kubectl truncates ages, so the true time is up to a minute earlier.
    assertThat(event.lastSeen()).isEqualTo(json.lastSeen());
    assertThat(event.firstSeen()).isBetween(json.firstSeen(), json.firstSeen().plusSeconds(60));
    assertThat(event.count()).isEqualTo(14);
    assertThat(event).extracting(KubeEvent::namespace, KubeEvent::involvedKind, KubeEvent::involvedName,
            KubeEvent::type, KubeEvent::reason, KubeEvent::message, KubeEvent::component)
        .containsExactly(json.namespace(), "Pod", json.involvedName(), "Warning", "FailedScheduling", json.message(),
            "default-scheduler");
    assertThat(event.provenance().toString()).isEqualTo("describe-pod.txt#line 58");
    assertThat(facts(text, SchedulingReason.class)).extracting(SchedulingReason::category)
        .contains(ReasonCategory.UNTOLERATED_TAINT, ReasonCategory.INSUFFICIENT_RESOURCE);
  }

  @Test
  void withoutACaptureTimeAgesStayUnplacedAndTheReportSaysSo() {
    write(folder, "events.txt", """
        Warning  FailedScheduling  3m (x4 over 20m)  default-scheduler  0/3 nodes are available: 3 Insufficient nvidia.com/gpu.
        """);
    write(folder, "target.yaml", "namespace: ml-serving\nresource: pod/vllm-0\n");

    EvidenceBundle bundle = read(folder);
    KubeEvent event = only(bundle, KubeEvent.class);
    assertThat(event.lastSeen()).isNull();
    assertThat(event.firstSeen()).isNull();
    assertThat(event.count()).isEqualTo(4);
    assertThat(event.involvedName()).isEqualTo("vllm-0");
    assertThat(bundle.warnings()).anyMatch(w -> w.startsWith("events.txt: relative ages (3m, 2d4h) cannot be placed"));
  }

  @Test
  void bareEventLinesAreAboutTheTargetPodOrThePodOfTheCommandPastedAboveThem() {
    write(folder, "target.yaml", TARGET);
    write(folder, "ticket.txt", """
        The pod is stuck, here are the events:

        Warning  FailedScheduling  3m  default-scheduler  0/3 nodes are available: 3 Insufficient nvidia.com/gpu.

        $ kubectl describe pod -n batch embed-1 | grep -A5 Events
        Events:
          Type     Reason            Age   From               Message
          ----     ------            ----  ----               -------
          Warning  FailedScheduling  45s   default-scheduler  0/2 nodes are available: 2 node(s) had untolerated taint {sku: gpu}.
        """);

    var events = facts(read(folder), KubeEvent.class);
    assertThat(events).extracting(KubeEvent::namespace, KubeEvent::involvedName, KubeEvent::lastSeen)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml-serving", "vllm-0", CAPTURED.minusSeconds(180)),
            org.assertj.core.groups.Tuple.tuple("batch", "embed-1", CAPTURED.minusSeconds(45)));
    assertThat(events).extracting(e -> e.provenance().pointer()).containsExactly("line 3", "line 9");
  }

  @Test
  void getPodsTableCarriesOnlyItsColumnsAndMarksTheSpecUnknown() {
    write(folder, "target.yaml", TARGET);
    write(folder, "pods.txt", """
        $ kubectl get pods -n ml-serving -o wide
        NAME         READY   STATUS             RESTARTS      AGE    IP            NODE                            NOMINATED NODE   READINESS GATES
        vllm-0       0/1     Pending            0             24m    <none>        <none>                          <none>           <none>
        vllm-1       0/1     CrashLoopBackOff   7 (3m ago)    2d4h   10.244.1.7    aks-gpunp-12345678-vmss000000   <none>           <none>
        """);

    EvidenceBundle bundle = read(folder);
    var pods = facts(bundle, PodFacts.class);
    assertThat(pods).extracting(PodFacts::key, PodFacts::phase, PodFacts::nodeName, PodFacts::createdAt)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml-serving/vllm-0", "Pending", null, CAPTURED.minusSeconds(24 * 60)),
            org.assertj.core.groups.Tuple.tuple("ml-serving/vllm-1", null, "aks-gpunp-12345678-vmss000000",
                CAPTURED.minusSeconds((2 * 24 + 4) * 3600)));
    PodFacts crashing = pods.get(1);
    assertThat(crashing.known(PodFacts.CONTAINERS)).isFalse();
    assertThat(crashing.known(PodFacts.TOLERATIONS)).isFalse();
    assertThat(crashing.known(PodFacts.NODE_NAME)).isTrue();
    assertThat(crashing.requestsGpu()).isFalse();
    ContainerStatusFacts status = crashing.containerStatuses().get(0);
    assertThat(status.restartCount()).isEqualTo(7);
    assertThat(status.waitingReason()).isEqualTo("CrashLoopBackOff");
    assertThat(status.lastTerminatedFinishedAt()).isEqualTo(CAPTURED.minusSeconds(180));
    assertThat(bundle.reads()).contains(Read.supplied(Topics.PODS, "pods.txt"));
  }

  @Test
  void getNodesTableIsItsOwnTopicSoRulesNeedingTheNodesStayUnconfirmed() {
    write(folder, "target.yaml", TARGET);
    write(folder, "nodes.txt", """
        NAME                                STATUS                     ROLES   AGE   VERSION
        aks-gpunp-12345678-vmss000000       Ready                      agent   44h   v1.30.6
        aks-nodepool1-31718369-vmss000000   Ready,SchedulingDisabled   agent   69d   v1.30.6
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.NODES_TABLE, "nodes.txt"), Read.supplied(Topics.TARGET, "target.yaml"));
    var nodes = facts(bundle, NodeFacts.class);
    assertThat(nodes).extracting(NodeFacts::name, NodeFacts::ready, NodeFacts::unschedulable)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("aks-gpunp-12345678-vmss000000", true, false),
            org.assertj.core.groups.Tuple.tuple("aks-nodepool1-31718369-vmss000000", true, true));
    assertThat(nodes.get(0).fieldsUnknown())
        .contains(NodeFacts.LABELS, NodeFacts.TAINTS, NodeFacts.CAPACITY, NodeFacts.ALLOCATABLE);
    assertThat(nodes.get(0).gpuNode()).isFalse();
  }

  @Test
  void getEventsTableNamesTheObjectAndItsNamespace() {
    write(folder, "target.yaml", TARGET);
    write(folder, "events.txt", """
        NAMESPACE    LAST SEEN            TYPE      REASON             OBJECT                                 MESSAGE
        ml-serving   82s (x17 over 24m)   Warning   FailedScheduling   pod/vllm-phi-3-mini-7c9d8f6b54-ws8jn   0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node affinity/selector.
        kube-system  5m                   Normal    Pulled             pod/nvidia-device-plugin-ds-x2k9q      Container image "nvcr.io/nvidia/k8s-device-plugin:v0.18.0" already present on machine
        """);

    var events = facts(read(folder), KubeEvent.class);
    assertThat(events).extracting(KubeEvent::namespace, KubeEvent::involvedKind, KubeEvent::involvedName, KubeEvent::count)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("ml-serving", "Pod", "vllm-phi-3-mini-7c9d8f6b54-ws8jn", 17),
            org.assertj.core.groups.Tuple.tuple("kube-system", "Pod", "nvidia-device-plugin-ds-x2k9q", 1));
    assertThat(events.get(0).firstSeen()).isEqualTo(CAPTURED.minusSeconds(24 * 60));
    assertThat(events.get(0).lastSeen()).isEqualTo(CAPTURED.minusSeconds(82));
  }

  @Test
  void severalOutputsPastedInOneFileAreSplitByTheirHeaders() throws IOException {
    String pod = Files.readString(INCIDENTS.resolve("2026-02-sku-taint-not-tolerated-pasted/describe-pod.txt"));
    String nodes = Files.readString(INCIDENTS.resolve("2026-02-sku-taint-not-tolerated-pasted/describe-nodes.txt"));
    write(folder, "target.yaml", Files.readString(INCIDENTS.resolve("2026-02-sku-taint-not-tolerated/target.yaml")));
    write(folder, "ticket-1234.md", "Pasted from the on-call chat:\n\n" + pod + "\n" + nodes + """

        $ az aks nodepool list -g rg-inference-prod --cluster-name aks-inference-prod -o table
        Name       OsType    KubernetesVersion    VmSize                     Count    MaxPods    ProvisioningState    Mode
        ---------  --------  -------------------  -------------------------  -------  ---------  -------------------  ------
        nodepool1  Linux     1.30.6               Standard_D4ds_v5           2        250        Succeeded            System
        gpua100    Linux     1.30.6               Standard_NC24ads_A100_v4   1        250        Succeeded            User
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(facts(bundle, PodFacts.class)).hasSize(1);
    assertThat(facts(bundle, NodeFacts.class)).hasSize(3);
    assertThat(facts(bundle, KubeEvent.class)).hasSize(1);
    var pools = facts(bundle, NodePool.class);
    assertThat(pools).extracting(NodePool::name, NodePool::vmSize, NodePool::count, NodePool::mode)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("nodepool1", "Standard_D4ds_v5", 2, "System"),
            org.assertj.core.groups.Tuple.tuple("gpua100", "Standard_NC24ads_A100_v4", 1, "User"));
    assertThat(pools.get(1).gpuProfileCaptured()).isFalse();
    assertThat(pools.get(1).gpuProfileQuote()).startsWith("gpuProfile: (not captured");
    assertThat(bundle.target().pool()).isEqualTo("gpua100");
  }

  @Test
  void theJsonOfAnObjectWinsOverItsText() throws IOException {
    Path json = INCIDENTS.resolve("2026-02-sku-taint-not-tolerated");
    Path text = INCIDENTS.resolve("2026-02-sku-taint-not-tolerated-pasted");
    Files.copy(text.resolve("describe-pod.txt"), folder.resolve("a-describe-pod.txt"));
    Files.copy(json.resolve("pod.json"), folder.resolve("z-pod.json"));
    Files.copy(json.resolve("events.json"), folder.resolve("z-events.json"));
    Files.copy(json.resolve("target.yaml"), folder.resolve("target.yaml"));

    EvidenceBundle bundle = read(folder);
    PodFacts pod = only(bundle, PodFacts.class);
    assertThat(pod.specComplete()).isTrue();
    assertThat(pod.provenance().source()).isEqualTo("z-pod.json");
    assertThat(only(bundle, KubeEvent.class).provenance().source()).isEqualTo("z-events.json");
  }

  @Test
  void redactedValuesAreUnknownNeverEvidence() {
    write(folder, "target.yaml", TARGET);
    write(folder, "describe.txt", """
        Name:               aks-gpunp-12345678-vmss000000
        Roles:              agent
        Labels:             kubernetes.azure.com/agentpool=gpunp
                            kubernetes.azure.com/cluster=<redacted>
        CreationTimestamp:  Mon, 09 Feb 2026 09:12:44 +0000
        Taints:             sku=***:NoSchedule
        Unschedulable:      false
        Allocatable:
          nvidia.com/gpu:     1
        """);

    NodeFacts node = only(read(folder), NodeFacts.class);
    assertThat(node.labels()).containsExactly(Map.entry("kubernetes.azure.com/agentpool", "gpunp"));
    assertThat(node.taints()).isEmpty();
    assertThat(node.fieldsUnknown()).contains(NodeFacts.TAINTS, NodeFacts.LABELS, NodeFacts.CAPACITY, NodeFacts.CONDITIONS);
    assertThat(node.known(NodeFacts.ALLOCATABLE)).isTrue();
    assertThat(node.createdAt()).isEqualTo(Instant.parse("2026-02-09T09:12:44Z"));
  }

  @Test
  void workspaceAndNodeClaimOutputsGiveTheirConditions() {
    write(folder, "target.yaml", TARGET);
    write(folder, "kaito.txt", """
        $ kubectl get workspace -n ml-serving
        NAME                 INSTANCE                   RESOURCEREADY   INFERENCEREADY   JOBSTARTED   WORKSPACESUCCEEDED   AGE
        workspace-phi-4      Standard_NC24ads_A100_v4   False                                         False                33m

        $ kubectl get nodeclaims
        NAME          TYPE                       CAPACITY    ZONE       NODE   READY     AGE
        wsbfbd4f7e7   Standard_NC24ads_A100_v4   on-demand   eastus-1          Unknown   32m

        $ kubectl describe workspace -n ml-serving workspace-phi-3
        Name:         workspace-phi-3
        Namespace:    ml-serving
        Labels:       <none>
        Annotations:  <none>
        API Version:  kaito.sh/v1beta1
        Inference:
          Preset:
            Name:  phi-3-mini-4k-instruct
        Kind:      Workspace
        Metadata:
          Creation Timestamp:  2026-02-09T14:50:02Z
        Resource:
          Count:          1
          Instance Type:  Standard_NC6s_v3
        Status:
          Conditions:
            Last Transition Time:  2026-02-09T14:51:10Z
            Message:               creating 1 nodeClaims
            Observed Generation:   1
            Reason:                CreateNodeClaimPending
            Status:                Unknown
            Type:                  NodeClaimReady
            Last Transition Time:  2026-02-09T15:01:10Z
            Message:               check nodeClaim status timed out. nodeClaim ws3943854b9 is not ready
            Observed Generation:   1
            Reason:                workspaceResourceStatusFailed
            Status:                False
            Type:                  ResourceReady
        Events:                    <none>
        """);

    EvidenceBundle bundle = read(folder);
    var workspaces = facts(bundle, WorkspaceFacts.class);
    assertThat(workspaces).extracting(WorkspaceFacts::name, WorkspaceFacts::instanceType, WorkspaceFacts::createdAt)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("workspace-phi-3", "Standard_NC6s_v3", Instant.parse("2026-02-09T14:50:02Z")),
            org.assertj.core.groups.Tuple.tuple("workspace-phi-4", "Standard_NC24ads_A100_v4", CAPTURED.minusSeconds(33 * 60)));
    assertThat(workspaces.get(0).preset()).isEqualTo("phi-3-mini-4k-instruct");
    assertThat(workspaces.get(0).condition("ResourceReady").message())
        .isEqualTo("check nodeClaim status timed out. nodeClaim ws3943854b9 is not ready");
    assertThat(workspaces.get(0).condition("NodeClaimReady").status()).isEqualTo("Unknown");
    assertThat(workspaces.get(1).conditions()).extracting(Condition::type, Condition::status)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("ResourceReady", "False"),
            org.assertj.core.groups.Tuple.tuple("WorkspaceSucceeded", "False"));
    NodeClaimFacts claim = only(bundle, NodeClaimFacts.class);
    assertThat(claim.instanceType()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(claim.condition("Ready").status()).isEqualTo("Unknown");
  }

  @Test
  void vmUsageTableGivesTheQuotaRows() {
    write(folder, "usage.txt", """
        Name                                      CurrentValue    Limit
        ----------------------------------------  --------------  -------
        Total Regional vCPUs                      52              100
        Standard NCASv3_T4 Family vCPUs           8               8
        """);

    var usage = facts(read(folder), QuotaUsage.class);
    assertThat(usage).extracting(QuotaUsage::localName, QuotaUsage::currentValue, QuotaUsage::limit)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("Total Regional vCPUs", 52L, 100L),
            org.assertj.core.groups.Tuple.tuple("Standard NCASv3_T4 Family vCPUs", 8L, 8L));
  }

  @Test
  void ageFormsAreReadAsKubectlWritesThem() {
    assertThat(RelativeAge.age("45s")).hasSeconds(45);
    assertThat(RelativeAge.age("2m5s")).hasSeconds(125);
    assertThat(RelativeAge.age("2d4h")).hasHours(52);
    assertThat(RelativeAge.age("3y45d")).hasDays(3 * 365 + 45);
    assertThat(RelativeAge.age("<unknown>")).isNull();
    assertThat(RelativeAge.event("2m20s (x14 over 23m)")).isEqualTo(
        new RelativeAge(java.time.Duration.ofSeconds(140), 14, java.time.Duration.ofMinutes(23)));
    assertThat(RelativeAge.event("<unknown>")).isEqualTo(new RelativeAge(null, 1, null));
    assertThat(RelativeAge.restarts("7 (3m ago)")).isEqualTo(
        new RelativeAge(java.time.Duration.ofMinutes(3), 7, java.time.Duration.ofMinutes(3)));
  }

  @Test
  void textThatIsNotKubectlOutputIsStillNotRecognised() {
    write(folder, "notes.txt", "Name: the GPU pod\nIt never got a GPU, see NAME READY above.\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).extracting(UnreadableFile::path).containsExactly("notes.txt");
  }
}
