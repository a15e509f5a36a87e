package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kubernetes objects pasted into an issue thread: in fenced blocks (with or without an info string,
 * after the command that printed them, indented in a list item) or as a bare run from
 * {@code apiVersion:}. Each is read as if it were its own file, its provenance naming the line.
 */
class FencedDocumentsTest {
  private static final String WORKSPACE = """
      apiVersion: kaito.sh/v1beta1
      kind: Workspace
      metadata:
        creationTimestamp: "2026-06-03T08:10:00Z"
        name: workspace-qwen-coder
        namespace: team-ai
      resource:
        count: 1
        instanceType: Standard_NC40ads_H100_v5
        labelSelector:
          matchLabels:
            apps: qwen-coder
      inference:
        preset:
          name: qwen2.5-coder-7b-instruct
      status:
        conditions:
        - lastTransitionTime: "2026-06-03T08:11:00Z"
          message: check nodeClaim status timed out. nodeClaim ws7c21d90e4 is not ready
          reason: workspaceResourceStatusFailed
          status: "False"
          type: ResourceReady
      """;

  @TempDir Path folder;

  @Test
  void aYamlFenceInAnIssueIsReadAsTheObjectItHolds() {
    write(folder, "issue.md", "### Workspace never gets ready\n\nHere is the workspace:\n\n```yaml\n" + WORKSPACE + "```\n\nThanks!\n");

    EvidenceBundle bundle = read(folder);

    WorkspaceFacts ws = only(bundle, WorkspaceFacts.class);
    assertThat(ws.key()).isEqualTo("team-ai/workspace-qwen-coder");
    assertThat(ws.provenance().source()).isEqualTo("issue.md");
    assertThat(ws.provenance().pointer()).isEqualTo("line 6");
    assertThat(ws.conditions()).singleElement().satisfies(c ->
        assertThat(c.provenance().pointer()).isEqualTo("line 6/status/conditions/0"));
    assertThat(bundle.reads()).contains(Read.supplied(Topics.WORKSPACES, "issue.md"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theCommandThatPrintedTheObjectMayShareItsFence() {
    write(folder, "issue.md", "Output:\n```\n$ kubectl get workspace workspace-qwen-coder -n team-ai -o yaml\n" + WORKSPACE + "```\n");

    WorkspaceFacts ws = only(read(folder), WorkspaceFacts.class);

    assertThat(ws.provenance().pointer()).isEqualTo("line 4");
  }

  @Test
  void aFenceIndentedInAListItemIsReadFromTheMargin() {
    String indented = WORKSPACE.indent(3);
    write(folder, "issue.md", "1. Apply the workspace:\n   ```yaml\n" + indented + "   ```\n2. Wait.\n");

    assertThat(only(read(folder), WorkspaceFacts.class).instanceType()).isEqualTo("Standard_NC40ads_H100_v5");
  }

  @Test
  void theBodyOfAHereDocumentFedToKubectlApplyIsReadUpToItsWord() {
    write(folder, "issue.md", "Deploy it:\n\n```sh\ncat <<EOF | kubectl apply -f -\n" + WORKSPACE + "EOF\n```\nThen wait.\n");

    EvidenceBundle bundle = read(folder);

    WorkspaceFacts ws = only(bundle, WorkspaceFacts.class);
    assertThat(ws.provenance().pointer()).isEqualTo("line 5");
    assertThat(ws.instanceType()).isEqualTo("Standard_NC40ads_H100_v5");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void aQuotedHereDocumentWordAfterTheCommandEndsTheDocumentToo() {
    write(folder, "issue.md", "```\n$ kubectl apply -f - <<'YAML'\n" + WORKSPACE + "YAML\n$ kubectl get workspace -A\n```\n");

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, WorkspaceFacts.class).provenance().pointer()).isEqualTo("line 3");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void aBareRunFromApiVersionEndsWhereTheProseGoesOn() {
    write(folder, "issue.md", "# Workspace stuck\n\nMy yaml:\n\n" + WORKSPACE
        + "\nIt has been like this for an hour. Is it the quota?\n");

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, WorkspaceFacts.class).provenance().pointer()).isEqualTo("line 5");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theItemsOfAListInAFenceAreNamedByTheBlockLine() {
    write(folder, "issue.md", """
        nodeclaims:

        ```yaml
        apiVersion: v1
        items:
        - apiVersion: karpenter.sh/v1
          kind: NodeClaim
          metadata:
            labels:
              kaito.sh/workspace: workspace-qwen-coder
            name: ws7c21d90e4
          spec:
            requirements:
            - key: node.kubernetes.io/instance-type
              operator: In
              values:
              - Standard_NC40ads_H100_v5
          status:
            conditions:
            - message: 'creating instance, agentPool.BeginCreateOrUpdate for "ws7c21d90e4" failed: ERROR CODE: SkuNotAvailable'
              reason: LaunchFailed
              status: Unknown
              type: Launched
        kind: List
        metadata:
          resourceVersion: ""
        ```
        """);

    EvidenceBundle bundle = read(folder);

    NodeClaimFacts claim = only(bundle, NodeClaimFacts.class);
    assertThat(claim.provenance().pointer()).isEqualTo("line 4/items/0");
    assertThat(claim.instanceType()).isEqualTo("Standard_NC40ads_H100_v5");
  }

  @Test
  void aBrokenBlockCostsThatBlockOnlyAndNamesItsLineInTheFile() {
    write(folder, "issue.md", """
        ## Pod

        ```yaml
        apiVersion: v1
        kind: Pod
        metadata:
          name: vllm-0
            namespace: ml-serving
        ```

        ## Node

        ```json
        {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "aks-gpunp-31245678-vmss000002", "labels": {"agentpool": "gpunp"}}}
        ```
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("issue.md#line 4");
      assertThat(u.reason()).startsWith("cannot parse YAML at line 8, column ");
    });
    assertThat(only(bundle, NodeFacts.class).name()).isEqualTo("aks-gpunp-31245678-vmss000002");
  }

  @Test
  void aJsonBlockOfNoKnownShapeIsAnUnreadablePartOfTheFile() {
    write(folder, "issue.md", """
        My daemon.json:
        ```json
        {"default-runtime": "nvidia", "runtimes": {"nvidia": {"path": "nvidia-container-runtime", "runtimeArgs": []}}}
        ```
        and the pod:
        ```yaml
        apiVersion: v1
        kind: Pod
        metadata:
          name: vllm-0
          namespace: ml-serving
        status:
          phase: Pending
        ```
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("issue.md#line 3", "not recognised as Kubernetes, az or Prometheus output"));
    assertThat(only(bundle, PodFacts.class).key()).isEqualTo("ml-serving/vllm-0");
  }

  @Test
  void aYamlFragmentIsAWarningAndItsMessageIsStillRead() {
    write(folder, "issue.md", """
        The pod status says:
        ```yaml
        status:
          conditions:
          - lastTransitionTime: "2026-06-03T08:15:02Z"
            message: '0/5 nodes are available: 2 Insufficient nvidia.com/gpu, 3 node(s) didn''t
              match Pod''s node affinity/selector. preemption: 0/5 nodes are available: 2 No
              preemption victims found for incoming pod, 3 Preemption is not helpful for scheduling.'
            reason: Unschedulable
            status: "False"
            type: PodScheduled
          phase: Pending
        ```
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.warnings()).anySatisfy(w -> assertThat(w).startsWith("issue.md#line 3: a fenced block that is not a whole"));
    assertThat(only(bundle, KubeEvent.class)).satisfies(e -> {
      assertThat(e.reason()).isEqualTo("FailedScheduling");
      assertThat(e.message()).isEqualTo("0/5 nodes are available: 2 Insufficient nvidia.com/gpu, 3 node(s) didn't match "
          + "Pod's node affinity/selector. preemption: 0/5 nodes are available: 2 No preemption victims found for "
          + "incoming pod, 3 Preemption is not helpful for scheduling.");
      assertThat(e.provenance().pointer()).isEqualTo("line 6");
    });
  }

  @Test
  void aDescribeFencedAsYamlIsStillReadAsADescribe() {
    write(folder, "issue.md", """
        ```yaml
        Name:               aks-gpunp-31245678-vmss000002
        Roles:              <none>
        Labels:             agentpool=gpunp
                            kubernetes.azure.com/accelerator=nvidia
        Taints:             sku=gpu:NoSchedule
        Capacity:
          cpu:                36
          nvidia.com/gpu:     1
        Allocatable:
          cpu:                35820m
          nvidia.com/gpu:     1
        ```
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, NodeFacts.class).name()).isEqualTo("aks-gpunp-31245678-vmss000002");
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.warnings()).noneMatch(w -> w.contains("fenced block"));
  }

  @Test
  void jsonLogLinesInAFenceAreLogLinesNotDocuments() {
    write(folder, "issue.md", """
        karpenter says:
        ```
        {"level":"ERROR","time":"2026-06-03T08:20:11.402Z","logger":"controller","message":"failed launching nodeclaim","NodeClaim":{"name":"gpu-h100-9xq2m"},"error":"insufficient capacity, all requested instance types were unavailable during launch"}
        {"level":"INFO","time":"2026-06-03T08:20:12.017Z","logger":"controller","message":"deleted nodeclaim","NodeClaim":{"name":"gpu-h100-9xq2m"}}
        ```
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).isEmpty();
    assertThat(only(bundle, AzureError.class).message())
        .isEqualTo("insufficient capacity, all requested instance types were unavailable during launch");
  }

  @Test
  void markdownWithNothingGpuDoctorReadsSaysSoInsteadOfAYamlError() {
    write(folder, "issue.md", """
        # vLLM image for CUDA 12.8?

        Is there an image that works with driver 550?

        ---

        apiVersion: is what the docs call the first line, right?
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("issue.md",
        "pasted text in which gpu-doctor recognises no line of kubectl, az, log or metrics output it reads"));
  }

  @Test
  void aYamlFileIsStillReadWholeWithItsOwnPointers() {
    write(folder, "pods.yaml", """
        # kubectl get pods -n ml-serving -o yaml
        apiVersion: v1
        items:
        - apiVersion: v1
          kind: Pod
          metadata:
            name: vllm-0
            namespace: ml-serving
          status:
            conditions:
            - message: '0/3 nodes are available: 3 Insufficient nvidia.com/gpu.'
              reason: Unschedulable
              status: "False"
              type: PodScheduled
            phase: Pending
        kind: List
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, PodFacts.class).provenance().pointer()).isEqualTo("/items/0");
    assertThat(facts(bundle, KubeEvent.class)).isEmpty();
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.PODS, "pods.yaml"));
  }
}
