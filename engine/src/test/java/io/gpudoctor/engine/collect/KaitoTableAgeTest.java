package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What KAITO tables and objects keep for the kaito rules: the AGE a table showed (threads carry no
 * capture time), the pod's readiness, a Workspace's preferred nodes.
 */
class KaitoTableAgeTest {
  private static final String WORKSPACES = """
      $ kubectl get workspace -n llm
      NAME                    INSTANCE                   RESOURCEREADY   INFERENCEREADY   JOBSTARTED   WORKSPACESUCCEEDED   AGE
      workspace-qwen-2-5-7b   Standard_NC24ads_A100_v4   False                                         False                7m12s
      """;

  @TempDir Path folder;

  @Test
  void aTableWithoutCaptureTimeKeepsTheAgeItShowedButNoCreationTime() {
    write(folder, "get-workspace.txt", WORKSPACES);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.createdAt()).isNull();
    assertThat(w.ageAtCaptureMinutes()).isEqualTo(7L);
    assertThat(w.namespace()).isEqualTo("llm");
  }

  @Test
  void aTableWithCaptureTimeHasBothTheCreationTimeAndTheAgeItShowed() {
    write(folder, "get-workspace.txt", WORKSPACES);
    write(folder, "target.yaml", "capturedAt: \"2026-06-02T10:00:00Z\"\n");
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.createdAt()).isEqualTo(Instant.parse("2026-06-02T09:52:48Z"));
    assertThat(w.ageAtCaptureMinutes()).isEqualTo(7L);
  }

  @Test
  void aNodeClaimTableKeepsItsAgeToo() {
    write(folder, "nodeclaims.txt", """
        $ kubectl get nodeclaims
        NAME          TYPE                       CAPACITY    ZONE           NODE                                   READY     AGE
        ws5d0e7c2a1   Standard_NC24ads_A100_v4   on-demand   westeurope-1                                          Unknown   2d4h
        """);
    NodeClaimFacts claim = only(read(folder), NodeClaimFacts.class);
    assertThat(claim.ageAtCaptureMinutes()).isEqualTo((2 * 24 + 4) * 60L);
    assertThat(claim.createdAt()).isNull();
  }

  @Test
  void anObjectHasItsCreationTimeAndNoTableAge() {
    write(folder, "workspace.json", """
        {"apiVersion": "kaito.sh/v1beta1", "kind": "Workspace",
         "metadata": {"name": "workspace-llama-3-1-8b", "namespace": "llm", "creationTimestamp": "2026-06-02T09:10:00Z"},
         "resource": {"count": 1, "instanceType": "Standard_NV36ads_A10_v5",
                      "labelSelector": {"matchLabels": {"apps": "llama-3-1-8b"}},
                      "preferredNodes": ["aks-gpua10-28471953-vmss000001"]},
         "inference": {"preset": {"name": "llama-3.1-8b-instruct"}}}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.ageAtCaptureMinutes()).isNull();
    assertThat(w.preferredNodes()).containsExactly("aks-gpua10-28471953-vmss000001");
    assertThat(w.prefers("aks-gpua10-28471953-vmss000001")).isTrue();
    assertThat(w.selects(Map.of("apps", "llama-3-1-8b", "kubernetes.azure.com/agentpool", "gpua10"))).isTrue();
    assertThat(w.selects(Map.of("kubernetes.azure.com/agentpool", "gpua10"))).isFalse();
  }

  @Test
  void aWorkspaceWithoutLabelSelectorSelectsNoNode() {
    WorkspaceFacts w = new WorkspaceFacts("kaito.sh/v1beta1", "llm", "ws", null, null, Map.of(), null, null,
        java.util.List.of(), null, io.gpudoctor.facts.Provenance.of("w.json", ""));
    assertThat(w.selects(Map.of("apps", "x"))).isFalse();
    assertThat(w.preferredNodes()).isEmpty();
    assertThat(w.nodeCount()).isEqualTo(1);
  }

  @Test
  void theReadyColumnSaysWhetherTheRestartedPodIsReadyNow() {
    write(folder, "pods.txt", """
        NAMESPACE   NAME                                   READY   STATUS    RESTARTS        AGE
        llm         workspace-mistral-7b-6c8d9f7b5-t4wzn   0/1     Running   9 (4m18s ago)   3h8m
        llm         workspace-phi-4-0                      1/1     Running   3 (2h41m ago)   5h
        """);
    var pods = Bundles.facts(read(folder), PodFacts.class);
    assertThat(pods).extracting(p -> p.containerStatuses().get(0)).extracting(ContainerStatusFacts::ready,
        ContainerStatusFacts::restartCount).containsExactly(
            org.assertj.core.groups.Tuple.tuple(false, 9), org.assertj.core.groups.Tuple.tuple(true, 3));
    assertThat(pods).allSatisfy(p -> assertThat(p.known(PodFacts.LABELS)).isFalse());
  }
}
