package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the kaito findings say about pasted tables, the user's own nodes and admission refusals. */
class KaitoRulesTest {

  private static Diagnosis diagnose(String fixture) throws Exception {
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceFolderReader().read(ModuleRules.fixturesDir().resolve(fixture)));
  }

  private static ReportedFinding finding(Diagnosis d, String id) {
    return d.findings().stream().filter(f -> f.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id + " absent"));
  }

  private static List<String> reads(ReportedFinding f) {
    return f.missingEvidence().stream().map(MissingEvidence::read).toList();
  }

  private static List<String> commands(ReportedFinding f) {
    return f.proposedActions().stream().map(ProposedAction::command).toList();
  }

  @Test
  void aYoungWorkspaceOfAPastedTableIsToldByItsAgeColumnAndReReadWhenTheWindowEnds() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoWorkspaceTooEarly/fires-pasted-table-age-without-capture-time"), "KaitoWorkspaceTooEarly");
    assertThat(f.summary()).contains("kubectl showed it 7 minutes old (its AGE column").contains("re-read it in 3 minutes")
        .doesNotContain("null");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("AGE 7m when the table was printed"));
  }

  @Test
  void aWorkspacePastTheWindowByItsAgeColumnSaysHowOldItWasNotThatItsAgeIsUnknown() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoWorkspaceTooEarly/near-miss-pasted-table-age-past-the-window"), "KaitoResourceNotReady");
    assertThat(f.summary()).contains("; it was 34 minutes old when the table was printed (its AGE column).")
        .doesNotContain("it was its age");
  }

  @Test
  void aPastedPodLinkedByNameThatRestartsForNoShownReasonAsksForItsPreviousLogAndItsLabels() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoInferenceReadyButCrashing/fires-pasted-tables-restarts-no-reason"),
        "KaitoInferenceReadyButCrashing");
    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.owner()).isEqualTo("kaito-operator");
    assertThat(f.summary()).contains("llm/workspace-mistral-7b-0 has restarted and is not ready (the capture shows no reason)")
        .contains("taken for the Workspace's by its name");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("not ready, restartCount 9"));
    assertThat(reads(f)).contains("kubectl --context <kube-context> logs -n llm workspace-mistral-7b-0 --previous --timestamps",
        "kubectl --context <kube-context> get pod -n llm workspace-mistral-7b-0 -o json");
  }

  @Test
  void theUsersOwnReadyNodeMakesItKaitosNodeSelectionAndItsPoolIsNeverProposedForDeletion() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoResourceNotReady/fires-byo-preferred-node-not-taken"), "KaitoResourceNotReady");
    assertThat(f.owner()).isEqualTo("kaito-operator");
    assertThat(f.summary()).contains("aks-gpua10-28471953-vmss000001 is Ready and carry its labelSelector")
        .contains("pool gpua10) are your own");
    assertThat(commands(f)).noneMatch(c -> c.contains("nodepool delete"))
        .containsExactly("kubectl --context aks-genai-weu delete workspace -n llm workspace-llama-3-1-8b");
    assertThat(reads(f)).noneMatch(r -> r.contains("list-usage") || r.contains("list-skus"))
        .contains("kubectl --context aks-genai-weu get deployments -A -o wide");
  }

  @Test
  void aPreferredNodeWithoutTheSelectorsLabelIsNoKaitoFault() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoResourceNotReady/near-miss-preferred-node-lacks-the-selector-label"), "KaitoResourceNotReady");
    assertThat(f.owner()).isEqualTo("quota-owner");
    assertThat(f.summary()).doesNotContain("are your own");
  }

  @Test
  void aQuotaErrorNamingOnlyTheFamilyOfItsInstanceTypeIsTheWorkspacesCause() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoResourceNotReady/fires-family-quota-error-names-no-size"), "KaitoResourceNotReady");
    assertThat(f.owner()).isEqualTo("quota-owner");
    assertThat(f.summary()).contains("The reason is shown by GpuQuotaExceeded");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).contains("standardNCADSA100v4Family Cores quota"));
  }

  @Test
  void anUnsupportedPresetIsTheWorkloadOwnersAndNothingWasProvisioned() throws Exception {
    Diagnosis d = diagnose("KaitoWorkspaceRejected/fires-unsupported-preset-on-create");
    ReportedFinding f = finding(d, "KaitoWorkspaceRejected");
    assertThat(f.subject()).isEqualTo("manifest workspace-deepseek-r1.yaml");
    assertThat(f.owner()).isEqualTo("workload-owner");
    assertThat(f.summary()).contains("does not ship this preset").contains("No Workspace was stored");
    assertThat(f.evidence()).singleElement().satisfies(e -> {
      assertThat(e.source()).isEqualTo("apply.txt");
      assertThat(e.pointer()).isEqualTo("line 2");
    });
    assertThat(commands(f)).noneMatch(c -> c.contains("delete"));
  }

  @Test
  void anUnreachableWebhookIsTheKaitoOperatorsAndTheReadsLookAtTheNamespaceItsUrlNames() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoWorkspaceRejected/fires-webhook-connection-refused"), "KaitoWorkspaceRejected");
    assertThat(f.owner()).isEqualTo("kaito-operator");
    assertThat(f.summary()).contains("Connection refused: nothing listens on the webhook's port");
    assertThat(reads(f)).containsExactly("kubectl --context aks-genai-weu get pods -n kaito-workspace -o wide",
        "kubectl --context aks-genai-weu get endpoints -n kaito-workspace workspace");
  }

  @Test
  void aRefusedChangeToAnExistingWorkspaceKeepsItsSpecAndNamesIt() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoWorkspaceRejected/fires-immutable-count-on-apply-patch"), "KaitoWorkspaceRejected");
    assertThat(f.subject()).isEqualTo("llm/workspace-llama-3-1-8b");
    assertThat(f.summary()).startsWith("The API server refused the change to Workspace llm/workspace-llama-3-1-8b")
        .contains("keeps the spec it had").doesNotContain("No Workspace was stored");
  }

  @Test
  void aWebhookServiceThatDoesNotExistIsAConfigurationMismatchAndTheReadsLookForTheService() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoWorkspaceRejected/fires-webhook-service-not-found"), "KaitoWorkspaceRejected");
    assertThat(f.owner()).isEqualTo("kaito-operator");
    assertThat(f.summary()).contains("points at service workspace in namespace kaito-workspace, and no such service exists there")
        .doesNotContain("down or not installed");
    assertThat(reads(f)).containsExactly(
        "kubectl --context aks-llm-dev get validatingwebhookconfiguration validation.workspace.kaito.sh"
            + " -o jsonpath='{.webhooks[*].clientConfig.service}'",
        "kubectl --context aks-llm-dev get svc -A --field-selector metadata.name=workspace");
    assertThat(f.rules()).containsExactly("KaitoWorkspaceRejected: KAITO's webhook configuration names a service that does not exist");
  }

  @Test
  void theTuningJobsPodTheTargetNamesLeadsToItsWorkspace() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoResourceNotReady/fires-tuning-job-pod-named-by-target"), "KaitoResourceNotReady");
    assertThat(f.subject()).isEqualTo("tuning/workspace-tuning-falcon-7b");
    assertThat(f.summary()).contains("it was created 51 minutes before the capture");
  }

  @Test
  void aPodProbedThroughAWorkspacesHeadlessServiceNamesTheUncapturedWorkspaceAndAsksForItAndThePreviousLog() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoInferenceNotReady/fires-multi-node-pod-events-workspace-not-captured"),
        "KaitoInferenceNotReady");
    assertThat(f.subject()).isEqualTo("genai/workspace-qwen2-5-72b-instruct");
    assertThat(f.status()).isEqualTo(FindingStatus.UNCONFIRMED);
    assertThat(f.summary()).contains("its readiness probe fails, and the kubelet backs off restarting its container")
        .contains("The Workspace itself was not captured").contains("does not remove the GPU node pools");
    assertThat(f.evidence()).hasSize(2);
    assertThat(reads(f)).containsExactly(
        "kubectl --context aks-genai-ne logs -n genai workspace-qwen2-5-72b-instruct-0 --previous --timestamps",
        "kubectl --context aks-genai-ne get workspace -n genai workspace-qwen2-5-72b-instruct -o yaml",
        "kubectl --context aks-genai-ne get pod -n genai workspace-qwen2-5-72b-instruct-0 -o json");
  }

  @Test
  void aBackOffOfAPodKnownFromItsEventsOnlyMakesInferenceReadyTrueLikelyWrong() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoInferenceReadyButCrashing/fires-back-off-events-pod-not-captured"),
        "KaitoInferenceReadyButCrashing");
    assertThat(f.status()).isEqualTo(FindingStatus.LIKELY);
    assertThat(f.summary()).contains("the kubelet backs off restarting its container (it ran and exited) for pod "
        + "llm/workspace-deepseek-r1-8b-0").contains("known from its events only");
    assertThat(reads(f)).contains("kubectl --context <kube-context> logs -n llm workspace-deepseek-r1-8b-0 --previous --timestamps");
  }

  @Test
  void theKubeletsEventsOfTheInferencePodAreQuotedAndItsPreviousLogIsAskedForInsteadOfItsEvents() throws Exception {
    ReportedFinding f = finding(diagnose("KaitoInferenceNotReady/fires-pod-table-and-kubelet-events"), "KaitoInferenceNotReady");
    assertThat(f.summary()).contains("The kubelet's events: pod llm/workspace-phi-4-reason-0: its liveness probe fails, and the "
        + "kubelet backs off restarting its container");
    assertThat(f.evidence()).anySatisfy(e -> assertThat(e.quote()).startsWith("Warning BackOff: Back-off restarting failed container"));
    assertThat(reads(f)).containsExactly("kubectl --context <kube-context> logs -n llm workspace-phi-4-reason-0 --previous --timestamps");
  }
}
