package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceAdmission;
import io.gpudoctor.facts.WorkspaceAdmission.Cause;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** kubectl's admission errors for KAITO Workspaces: the webhook's verdicts and the API server's failed calls. */
class KaitoWebhookLinesTest {
  private static final Provenance AT = Provenance.of("apply.txt", "line 2");

  @TempDir Path dir;

  private static WorkspaceAdmission parse(String line) {
    return KaitoWebhookLines.parse(line, List.of(), AT);
  }

  @ParameterizedTest(name = "{1}: {0}")
  @CsvSource(delimiter = '|', textBlock = """
      validation failed: invalid value: Unsupported inference preset name deepseek-r1-distill-llama-70b: inference.presetName | UNSUPPORTED_PRESET
      validation failed: invalid value: Unsupported tuning preset name falcon-40b: tuning.presetName | UNSUPPORTED_PRESET
      validation failed: Model falcon-7b is deprecated and no longer supported: resource.presetName | UNSUPPORTED_PRESET
      validation failed: invalid value: Insufficient number of GPUs: Instance type Standard_NC6s_v3 provides 1, but preset llama-3.3-70b-instruct requires at least 2: resource.instanceType | INSTANCE_TYPE
      validation failed: invalid value: Insufficient per GPU memory: Instance type Standard_NC4as_T4_v3 provides 16Gi per GPU, but preset phi-4 requires at least 28Gi per GPU: resource.instanceType | INSTANCE_TYPE
      validation failed: invalid value: Insufficient total GPU memory: Instance type Standard_NV36ads_A10_v5 has a total of 24Gi, but preset gpt-oss-120b requires at least 65Gi: resource.instanceType | INSTANCE_TYPE
      validation failed: invalid value: Insufficient GPU memory: Instance type Standard_NC6 provides 12 per GPU, but preset falcon-40b requires at least 16 per GPU: resource.instanceType | INSTANCE_TYPE
      validation failed: invalid value: Unsupported instance type Standard_D8s_v5. Supported SKUs: standard_nc6s_v3, standard_nc12s_v3: resource.instanceType | INSTANCE_TYPE
      validation failed: Non-uniform GPU count: node aks-gpu-12345678-vmss000001 has 2 GPUs, but previous node has 1 GPUs: resource | INSTANCE_TYPE
      validation failed: No nodes found matching the specified label selector: resource | INSTANCE_TYPE
      validation failed: invalid value: instanceType must be empty when node auto-provisioning is disabled (BYO scenario): spec.resource.instanceType | INSTANCE_TYPE
      validation failed: field is immutable: resource.count | IMMUTABLE_FIELD
      validation failed: instanceType cannot be changed once set when node auto-provisioning is enabled: resource.instanceType | IMMUTABLE_FIELD
      validation failed: This preset requires a modelAccessSecret with HF_TOKEN key under presetOptions to download the model: inference.presetOptions.modelAccessSecret | INVALID_SPEC
      validation failed: Either Inference or Tuning must be specified, not neither | INVALID_SPEC
      """)
  void theWebhooksReasonIsReadByItsMechanism(String reason, Cause cause) {
    WorkspaceAdmission a = parse("Error from server (BadRequest): error when creating \"ws.yaml\": admission webhook "
        + "\"validation.workspace.kaito.sh\" denied the request: " + reason);
    assertThat(a.cause()).isEqualTo(cause);
    assertThat(a.denied()).isTrue();
    assertThat(a.reason()).isEqualTo(reason);
    assertThat(a.webhook()).isEqualTo("validation.workspace.kaito.sh");
    assertThat(a.manifest()).isEqualTo("ws.yaml");
    assertThat(a.subject()).isEqualTo("manifest ws.yaml");
  }

  @ParameterizedTest(name = "{1}: {0}")
  @CsvSource(delimiter = '|', textBlock = """
      EOF | WEBHOOK_EOF
      dial tcp 10.0.184.22:9443: connect: connection refused | WEBHOOK_CONNECTION_REFUSED
      no endpoints available for service "workspace" | WEBHOOK_NO_ENDPOINTS
      service "workspace" not found | WEBHOOK_SERVICE_NOT_FOUND
      no service port 9443 found for service "workspace" | WEBHOOK_SERVICE_NOT_FOUND
      tls: failed to verify certificate: x509: certificate signed by unknown authority | WEBHOOK_TLS
      x509: certificate has expired or is not yet valid: current time 2026-06-03T08:14:02Z is after 2026-06-01T00:00:00Z | WEBHOOK_TLS
      context deadline exceeded | WEBHOOK_TIMEOUT
      net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers) | WEBHOOK_TIMEOUT
      dial tcp 10.0.184.22:9443: i/o timeout | WEBHOOK_TIMEOUT
      http: server gave HTTP response to HTTPS client | WEBHOOK_CALL_FAILED
      """)
  void theApiServersTransportErrorSaysWhyTheWebhookCouldNotBeCalled(String error, Cause cause) {
    WorkspaceAdmission a = parse("Error from server (InternalError): error when creating \"ws.yaml\": Internal error "
        + "occurred: failed calling webhook \"validation.workspace.kaito.sh\": failed to call webhook: Post "
        + "\"https://workspace.kaito-workspace.svc:9443/validate/workspace.kaito.sh?timeout=10s\": " + error);
    assertThat(a.cause()).isEqualTo(cause);
    assertThat(a.denied()).isFalse();
    assertThat(a.service()).isEqualTo("workspace");
    assertThat(a.serviceNamespace()).isEqualTo("kaito-workspace");
  }

  @Test
  void olderApiServersWithoutFailedToCallAndWithoutQuotesAroundTheUrlAreReadToo() {
    // Kubernetes 1.16-1.19 with Go before 1.14: the URL bare, the Go error right after the webhook's name.
    WorkspaceAdmission a = parse("Error from server (InternalError): error when creating \"kaito_workspace_falcon_7b.yaml\": "
        + "Internal error occurred: failed calling webhook \"validation.workspace.kaito.sh\": Post "
        + "https://workspace.kaito-workspace.svc:9443/validate/workspace.kaito.sh?timeout=30s: no endpoints available "
        + "for service \"workspace\"");
    assertThat(a.cause()).isEqualTo(Cause.WEBHOOK_NO_ENDPOINTS);
    assertThat(a.service()).isEqualTo("workspace");
    assertThat(a.serviceNamespace()).isEqualTo("kaito-workspace");
  }

  @Test
  void aCallWithoutAUrlTakesTheServiceFromTheResolversErrorButNoNamespace() {
    WorkspaceAdmission a = parse("Error from server (InternalError): Internal error occurred: failed calling webhook "
        + "\"validation.workspace.kaito.sh\": failed to call webhook: service \"workspace\" not found");
    assertThat(a.cause()).isEqualTo(Cause.WEBHOOK_SERVICE_NOT_FOUND);
    assertThat(a.service()).isEqualTo("workspace");
    assertThat(a.serviceNamespace()).isNull();
    assertThat(a.manifest()).isNull();
    assertThat(a.subject()).isEqualTo("Workspace (validation.workspace.kaito.sh)");
  }

  @Test
  void anApplyPatchErrorNamesTheWorkspaceOnTheLineAboveTheReason(@TempDir Path folder) {
    write(folder, "apply.txt", """
        $ kubectl apply -f workspace-llama-3-1-8b.yaml
        Error from server (BadRequest): error when applying patch:
        {"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"..."}},"resource":{"count":2}}
        to:
        Resource: "kaito.sh/v1beta1, Resource=workspaces", GroupVersionKind: "kaito.sh/v1beta1, Kind=Workspace"
        Name: "workspace-llama-3-1-8b", Namespace: "llm-serving"
        for: "workspace-llama-3-1-8b.yaml": error when patching "workspace-llama-3-1-8b.yaml": admission webhook "validation.workspace.kaito.sh" denied the request: validation failed: field is immutable: resource.count
        """);
    WorkspaceAdmission a = only(read(folder), WorkspaceAdmission.class);
    assertThat(a.workspace()).isEqualTo("workspace-llama-3-1-8b");
    assertThat(a.namespace()).isEqualTo("llm-serving");
    assertThat(a.subject()).isEqualTo("llm-serving/workspace-llama-3-1-8b");
    assertThat(a.manifest()).isEqualTo("workspace-llama-3-1-8b.yaml");
    assertThat(a.cause()).isEqualTo(Cause.IMMUTABLE_FIELD);
    assertThat(a.provenance()).isEqualTo(Provenance.of("apply.txt", "line 7"));
  }

  @Test
  void anEditThatCouldNotBePatchedNamesTheWorkspace() {
    WorkspaceAdmission a = parse("error: workspaces.kaito.sh \"workspace-phi-4\" could not be patched: admission webhook "
        + "\"validation.workspace.kaito.sh\" denied the request: validation failed: field is immutable: resource.labelSelector");
    assertThat(a.workspace()).isEqualTo("workspace-phi-4");
    assertThat(a.namespace()).isNull();
    assertThat(a.cause()).isEqualTo(Cause.IMMUTABLE_FIELD);
  }

  @Test
  void aDenialWithoutExplanationHasAnEmptyReason() {
    WorkspaceAdmission a = parse("Error from server: admission webhook \"validation.workspace.kaito.sh\" denied the request without explanation");
    assertThat(a.reason()).isEmpty();
    assertThat(a.cause()).isEqualTo(Cause.INVALID_SPEC);
  }

  @Test
  void aLineTheTerminalWrappedAfterTheWebhooksNameIsReadWithTheNextLine(@TempDir Path folder) {
    write(folder, "apply.txt", """
        Error from server (BadRequest): error when creating "ws-qwen.yaml": admission webhook "validation.workspace.kaito.sh"
        denied the request: validation failed: invalid value: Insufficient number of GPUs: Instance type Standard_NC24ads_A100_v4 provides 1, but preset qwen2.5-coder-32b-instruct requires at least 2: resource.instanceType
        """);
    WorkspaceAdmission a = only(read(folder), WorkspaceAdmission.class);
    assertThat(a.cause()).isEqualTo(Cause.INSTANCE_TYPE);
    assertThat(a.reason()).startsWith("validation failed: invalid value: Insufficient number of GPUs").endsWith(": resource.instanceType");
    assertThat(a.provenance().pointer()).isEqualTo("line 1");
  }

  @Test
  void aReasonOnTheLineAfterDeniedTheRequestIsItsReason(@TempDir Path folder) {
    write(folder, "apply.txt", """
        Error from server (BadRequest): error when creating "ws.yaml": admission webhook "validation.workspace.kaito.sh" denied the request:
        validation failed: invalid value: Unsupported inference preset name mixtral-8x22b: inference.presetName
        """);
    assertThat(only(read(folder), WorkspaceAdmission.class).cause()).isEqualTo(Cause.UNSUPPORTED_PRESET);
  }

  @Test
  void proseAroundTheErrorIsTheReportersAndStaysOutOfTheQuote(@TempDir Path folder) {
    write(folder, "issue.md", """
        # Cannot deploy the model

        Applying the workspace fails with `Error from server (BadRequest): error when creating "ws.yaml": admission webhook "validation.workspace.kaito.sh" denied the request: validation failed: invalid value: Unsupported inference preset name llama-4-scout: inference.presetName`

        The same manifest worked on another cluster.
        """);
    EvidenceBundle bundle = read(folder);
    WorkspaceAdmission a = only(bundle, WorkspaceAdmission.class);
    assertThat(a.line()).startsWith("Error from server (BadRequest)").endsWith("inference.presetName");
    assertThat(a.reason()).isEqualTo("validation failed: invalid value: Unsupported inference preset name llama-4-scout: inference.presetName");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.APPLY, "issue.md"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void otherWebhooksAndOtherKaitoObjectsAreNotWorkspaceRefusals(@TempDir Path folder) {
    write(folder, "apply.txt", """
        $ kubectl apply -f workspace-phi-4.yaml -f ragengine.yaml -f debug.yaml
        workspace.kaito.sh/workspace-phi-4 created
        Error from server (BadRequest): error when creating "ragengine.yaml": admission webhook "validation.ragengine.kaito.sh" denied the request: validation failed: missing field(s): embedding
        Error from server (Forbidden): error when creating "debug.yaml": admission webhook "validation.gatekeeper.sh" denied the request: [azurepolicy-k8sazurev2containerallowedimages] Container image busybox:1.36 for container debug has not been allowed.
        """);
    assertThat(facts(read(folder), WorkspaceAdmission.class)).isEmpty();
  }

  @Test
  void proseNamingTheWorkspaceWebhookBesideAnotherWebhooksDenialIsNoRefusal(@TempDir Path folder) throws Exception {
    write(folder, "issue.md", """
        The Workspace went through "validation.workspace.kaito.sh" without trouble, but the RAGEngine did not:

        ```
        Error from server (BadRequest): error when creating "ragengine.yaml": admission webhook "validation.ragengine.kaito.sh" denied the request: validation failed: missing field(s): embedding
        ```
        """);
    assertThat(KaitoWebhookLines.mentions(java.nio.file.Files.readString(folder.resolve("issue.md"), java.nio.charset.StandardCharsets.UTF_8)))
        .isTrue();
    assertThat(facts(read(folder), WorkspaceAdmission.class)).isEmpty();
  }

  @Test
  void textThatOnlyNamesTheWebhookIsNotRead() {
    assertThat(KaitoWebhookLines.mentions("kubectl get validatingwebhookconfiguration validation.workspace.kaito.sh -o yaml")).isFalse();
    assertThat(KaitoWebhookLines.mentions("name: \"validation.workspace.kaito.sh\"\nfailurePolicy: Fail")).isFalse();
  }

  @Test
  void linesTakenByOtherReadersAreSkipped() {
    String text = "Error from server: admission webhook \"validation.workspace.kaito.sh\" denied the request: "
        + "validation failed: field is immutable: resource.count\n";
    BundleBuilder out = new BundleBuilder();
    assertThat(KaitoWebhookLines.read("a.txt", text, java.util.Set.of(1), out)).isZero();
    assertThat(KaitoWebhookLines.read("a.txt", text, java.util.Set.of(), out)).isOne();
  }
}
