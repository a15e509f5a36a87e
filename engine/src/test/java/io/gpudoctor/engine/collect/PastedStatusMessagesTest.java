package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.ClaimConditionMessage;
import io.gpudoctor.facts.KaitoSkuUnsupported;
import io.gpudoctor.facts.KaitoWorkloadInvalid;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Karpenter's NodeClaim condition message pasted bare, outside the claim. */
class PastedStatusMessagesTest {

  @Test
  void aBareMessageInProseIsReadOncePerResource(@TempDir Path folder) {
    write(folder, "issue.md", """
        # GPU node never initialises

        The NodeClaim shows `Resource "nvidia.com/gpu" was requested but not registered` and the pod is Pending.

        After recreating it, again: Resource "nvidia.com/gpu" was requested but not registered
        """);
    EvidenceBundle bundle = read(folder);
    ClaimConditionMessage m = only(bundle, ClaimConditionMessage.class);
    assertThat(m.claim()).isNull();
    assertThat(m.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(m.provenance().pointer()).isEqualTo("line 3");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.NODECLAIMS, "issue.md"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theClaimsOwnYamlIsReadAsTheClaimNotAgainAsABareMessage(@TempDir Path folder) {
    write(folder, "issue.md", """
        ```
        $ kubectl get nodeclaim gpu-b8q2w -o yaml
        apiVersion: karpenter.sh/v1
        kind: NodeClaim
        metadata:
          name: gpu-b8q2w
        status:
          conditions:
          - lastTransitionTime: "2026-06-02T10:04:11Z"
            message: Resource "nvidia.com/gpu" was requested but not registered
            reason: ResourceNotRegistered
            status: Unknown
            type: Initialized
        ```
        """);
    EvidenceBundle bundle = read(folder);
    assertThat(only(bundle, NodeClaimFacts.class).condition("Initialized").reason()).isEqualTo("ResourceNotRegistered");
    assertThat(facts(bundle, ClaimConditionMessage.class)).isEmpty();
  }

  @Test
  void aBareListOfConditionsSaysTheNodeNeverJoinedAndWhetherTheTextNamesGpus(@TempDir Path folder) {
    write(folder, "issue.md", """
        # Nodes from Karpenter never join (Azure CNI overlay, Cilium)

        ```
        - lastTransitionTime: '2026-05-19T08:41:02Z'
          message: Node not registered with cluster
          reason: NodeNotFound
          status: Unknown
          type: Registered
        - lastTransitionTime: '2026-05-19T08:40:37Z'
          message: ''
          reason: Launched
          status: 'True'
          type: Launched
        ```
        """);
    ClaimConditionMessage m = only(read(folder), ClaimConditionMessage.class);
    assertThat(m.kind()).isEqualTo(ClaimConditionMessage.Kind.NODE_NOT_REGISTERED);
    assertThat(m.gpuContext()).isFalse();
    write(folder, "issue.md", "The GPU NodeClaim says \"Node not registered with cluster\" (taint nvidia.com/gpu).\n");
    assertThat(only(read(folder), ClaimConditionMessage.class).gpuContext()).isTrue();
  }

  @Test
  void kubectlsQuotaRefusalIsReadInTheNamespaceItsCommandNames(@TempDir Path folder) {
    write(folder, "issue.md", """
        ```
        $ kubectl apply -f train.yaml -n team-cv
        Error from server (Forbidden): error when creating "train.yaml": pods "train-0" is forbidden: exceeded quota: cv-gpus, requested: requests.nvidia.com/gpu=4, used: requests.nvidia.com/gpu=6, limited: requests.nvidia.com/gpu=8
        ```
        """);
    EvidenceBundle bundle = read(folder);
    io.gpudoctor.facts.ResourceQuotaRefusal q = only(bundle, io.gpudoctor.facts.ResourceQuotaRefusal.class);
    assertThat(q.namespace()).isEqualTo("team-cv");
    assertThat(q.pod()).isEqualTo("train-0");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.APPLY, "issue.md"));
  }

  @Test
  void linesTakenByOtherReadersAreSkipped() {
    String text = "Resource \"nvidia.com/gpu\" was requested but not registered\n";
    BundleBuilder out = new BundleBuilder();
    assertThat(PastedStatusMessages.read("a.txt", text, java.util.Set.of(1), out)).isZero();
    assertThat(PastedStatusMessages.read("a.txt", text, java.util.Set.of(), out)).isOne();
  }

  @Test
  void kaitosReconcileErrorForAnUnknownSizeBrokenOverLinesIsReadOnce(@TempDir Path folder) {
    write(folder, "issue.md", """
        Error message

        ```
        workspace is waiting for inference workload readiness
        (last reconcile error: failed to update Workspace status targetNodeCount:
        failed to calculate target node count:
        failed to get GPU config for instance type Standard_NC6s_v3:
        invalid value: Unsupported SKU 'Standard_NC6s_v3
        ```

        Same again: `failed to get GPU config for instance type Standard_NC6s_v3: invalid value: Unsupported SKU 'Standard_NC6s_v3`
        """);

    EvidenceBundle bundle = read(folder);

    KaitoSkuUnsupported e = only(bundle, KaitoSkuUnsupported.class);
    assertThat(e.instanceType()).isEqualTo("Standard_NC6s_v3");
    assertThat(e.workspace()).isNull();
    assertThat(e.message()).isEqualTo("failed to get GPU config for instance type Standard_NC6s_v3: invalid value: "
        + "Unsupported SKU 'Standard_NC6s_v3");
    assertThat(e.provenance().pointer()).isEqualTo("line 7");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.WORKSPACES, "issue.md"));
  }

  @Test
  void theSameWrapperAroundAnotherKaitoErrorIsNotAnUnknownSize(@TempDir Path folder) {
    write(folder, "issue.md", """
        failed to get GPU config for instance type Standard_NC24ads_A100_v4:
        invalid value: Failed to get SKU handler: missing field(s): CLOUD_PROVIDER environment variable must be set: sku
        """);

    assertThat(facts(read(folder), KaitoSkuUnsupported.class)).isEmpty();
  }

  @Test
  void theRefusalOfKaitosDeploymentQuotedAndWrappedOverLinesIsReadWhole(@TempDir Path folder) {
    write(folder, "issue.md", """
        Getting this error from workspace status:

        > 'Deployment.apps "workspace-phi-3-adapter" is invalid: [spec.template.spec.initContainers[1].volumeMounts[1].name:
        > Required value, spec.template.spec.initContainers[1].volumeMounts[1].name: Not
        > found: "", spec.template.spec.initContainers[1].volumeMounts[1].mountPath: Required
        > value]'
        """);

    EvidenceBundle bundle = read(folder);

    KaitoWorkloadInvalid e = only(bundle, KaitoWorkloadInvalid.class);
    assertThat(e.workspace()).isNull();
    assertThat(e.objectName()).isEqualTo("workspace-phi-3-adapter");
    assertThat(e.fields()).containsExactly("spec.template.spec.initContainers[1].volumeMounts[1].name",
        "spec.template.spec.initContainers[1].volumeMounts[1].mountPath");
    assertThat(e.message()).endsWith("mountPath: Required value]");
    assertThat(e.provenance().pointer()).isEqualTo("line 3");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.WORKSPACES, "issue.md"));
  }
}
