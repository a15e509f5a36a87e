package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Workspace manifest as written to be applied is what was asked for, never how the Workspace is
 * doing: it keeps its spec, and a stored form of the same Workspace beside it wins.
 */
class WorkspaceManifestTest {
  private static final String MANIFEST = """
      apiVersion: kaito.sh/v1alpha1
      kind: Workspace
      metadata:
        name: workspace-custom-llm
      resource:
        instanceType: "Standard_NC24ads_A100_v4"
        labelSelector:
          matchLabels:
            apps: custom-llm
        preferredNodes:
        - aks-gpua100-31873517-vmss000002
      inference:
        preset:
          name: mistral-7b-instruct
      """;

  @TempDir Path folder;

  @Test
  void aManifestWithoutStatusOrStoredMetadataKeepsItsSpecAndShowsNoState() {
    write(folder, "workspace.yaml", MANIFEST);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isFalse();
    assertThat(w.instanceType()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(w.labelSelector()).containsExactlyEntriesOf(Map.of("apps", "custom-llm"));
    assertThat(w.preferredNodes()).containsExactly("aks-gpua100-31873517-vmss000002");
    assertThat(w.preset()).isEqualTo("mistral-7b-instruct");
    assertThat(w.resourceNotReady()).isFalse();
    assertThat(w.notReady()).isFalse();
    assertThat(w.statusQuote()).contains("a manifest as applied");
  }

  @Test
  void aClientDryRunPrintsCreationTimestampNullAndIsStillAManifest() {
    write(folder, "dry-run.yaml", """
        apiVersion: kaito.sh/v1beta1
        kind: Workspace
        metadata:
          creationTimestamp: null
          name: workspace-qwen2-5-7b
          namespace: llm
        resource: {instanceType: Standard_NV36ads_A10_v5}
        inference: {preset: {name: qwen2.5-7b-instruct}}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isFalse();
    assertThat(w.createdAt()).isNull();
  }

  @Test
  void aStoredWorkspaceTheControllerHasNotReconciledYetShowsItsStateAsNotReady() {
    write(folder, "workspace.yaml", """
        apiVersion: kaito.sh/v1beta1
        kind: Workspace
        metadata:
          creationTimestamp: "2026-06-11T09:20:00Z"
          name: workspace-qwen2-5-7b
          namespace: llm
          resourceVersion: "4418273"
          uid: 0b7d5c1e-8f42-4a39-9d6e-2c1a7f3b8e50
        resource: {instanceType: Standard_NV36ads_A10_v5}
        inference: {preset: {name: qwen2.5-7b-instruct}}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isTrue();
    assertThat(w.createdAt()).isEqualTo(Instant.parse("2026-06-11T09:20:00Z"));
    assertThat(w.resourceNotReady()).isTrue();
    assertThat(w.statusQuote()).isEqualTo("(no status conditions)");
  }

  @Test
  void aStatusAloneMakesItTheStoredWorkspace() {
    write(folder, "workspace.yaml", MANIFEST + """
        status:
          conditions:
          - {type: ResourceReady, status: "True", reason: workspaceResourceStatusSuccess}
          - {type: InferenceReady, status: "False", reason: workspaceInferenceStatusFailed}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isTrue();
    assertThat(w.resourceReady()).isTrue();
    assertThat(w.notReady()).isTrue();
  }

  @Test
  void aGetWorkspaceTablePastedBesideTheManifestIsTheWorkspaceThatCounts() {
    write(folder, "a-workspace.yaml", MANIFEST);
    write(folder, "b-get-workspace.txt", """
        $ kubectl get workspace
        NAME                   INSTANCE                   RESOURCEREADY   INFERENCEREADY   JOBSTARTED   WORKSPACESUCCEEDED   AGE
        workspace-custom-llm   Standard_NC24ads_A100_v4   False                                         False                44m
        """);
    EvidenceBundle bundle = read(folder);
    WorkspaceFacts w = only(bundle, WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isTrue();
    assertThat(w.condition("ResourceReady").status()).isEqualTo("False");
    assertThat(w.ageAtCaptureMinutes()).isEqualTo(44L);
    assertThat(bundle.reads()).contains(Read.supplied(Topics.WORKSPACES, "a-workspace.yaml"),
        Read.supplied(Topics.WORKSPACES, "b-get-workspace.txt"));
  }

  @Test
  void aStoredObjectInAFileReadAfterTheManifestStillWins() {
    write(folder, "a-manifest.yaml", MANIFEST);
    write(folder, "b-live.json", """
        {"apiVersion": "kaito.sh/v1alpha1", "kind": "Workspace",
         "metadata": {"name": "workspace-custom-llm", "uid": "5e0c2a7b-1d4f-4b83-9a6e-7f2d8c1b3a94"},
         "resource": {"instanceType": "Standard_NC24ads_A100_v4"},
         "status": {"conditions": [{"type": "ResourceReady", "status": "True"}]}}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.statusCaptured()).isTrue();
    assertThat(w.resourceReady()).isTrue();
  }

  @Test
  void aTuningWorkspaceTakesItsPresetFromTuning() {
    write(folder, "tuning.yaml", """
        apiVersion: kaito.sh/v1alpha1
        kind: Workspace
        metadata: {name: workspace-tuning-falcon-7b}
        resource: {instanceType: Standard_NC24ads_A100_v4, labelSelector: {matchLabels: {apps: tuning-falcon}}}
        tuning:
          preset: {name: falcon-7b}
          method: qlora
          input: {urls: ["https://datasets.example.org/tickets.parquet"]}
          output: {image: "acrtuning.azurecr.io/adapters/falcon:0.0.1", imagePushSecret: acr-push}
        """);
    WorkspaceFacts w = only(read(folder), WorkspaceFacts.class);
    assertThat(w.preset()).isEqualTo("falcon-7b");
    assertThat(w.conditions()).isEqualTo(List.of());
  }
}
