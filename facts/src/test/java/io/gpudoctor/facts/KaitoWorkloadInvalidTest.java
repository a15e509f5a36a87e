package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The API server's refusal of a workload KAITO generated, as KAITO copies it into the Workspace's status. */
class KaitoWorkloadInvalidTest {
  private static final Provenance AT = Provenance.of("workspace.json", "/status/conditions/1");

  @Test
  void aDeploymentRefusalNamesTheKindTheWorkloadAndEachFieldPathOnce() {
    KaitoWorkloadInvalid e = KaitoWorkloadInvalid.of("workspace-falcon-7b-instruct-adapter",
        "Deployment.apps \"workspace-falcon-7b-instruct-adapter\" is invalid: [spec.template.spec.initContainers[1]"
            + ".volumeMounts[1].name: Required value, spec.template.spec.initContainers[1].volumeMounts[1].name: Not found: "
            + "\"\", spec.template.spec.initContainers[1].volumeMounts[1].mountPath: Required value]", AT);

    assertThat(e.kind()).isEqualTo("Deployment.apps");
    assertThat(e.objectName()).isEqualTo("workspace-falcon-7b-instruct-adapter");
    assertThat(e.generatedFor("workspace-falcon-7b-instruct-adapter")).isTrue();
    assertThat(e.fields()).containsExactly("spec.template.spec.initContainers[1].volumeMounts[1].name",
        "spec.template.spec.initContainers[1].volumeMounts[1].mountPath");
    assertThat(e.message()).endsWith("mountPath: Required value]");
  }

  @Test
  void aSingleFieldErrorWithoutBracketsAndAStatefulSetAreRead() {
    KaitoWorkloadInvalid e = KaitoWorkloadInvalid.of(null, "failed to create: StatefulSet.apps \"ws-llama\" is invalid: "
        + "spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"0\": must be greater than 0", AT);

    assertThat(e.kind()).isEqualTo("StatefulSet.apps");
    assertThat(e.objectName()).isEqualTo("ws-llama");
    assertThat(e.fields()).containsExactly("spec.template.spec.containers[0].resources.limits[nvidia.com/gpu]");
    assertThat(e.message()).startsWith("StatefulSet.apps \"ws-llama\" is invalid:").endsWith("must be greater than 0");
  }

  @Test
  void aPastedQuoteKeepsItsEmptyValueAndLosesTheQuotesAroundIt() {
    KaitoWorkloadInvalid e = KaitoWorkloadInvalid.of(null, "> 'Job.batch \"ws-tuning\" is invalid:   spec.template.spec."
        + "volumes[2].name:    Not found: \"\"'", AT);

    assertThat(e.kind()).isEqualTo("Job.batch");
    assertThat(e.message()).isEqualTo("Job.batch \"ws-tuning\" is invalid: spec.template.spec.volumes[2].name: Not found: \"\"");
  }

  @Test
  void theWorkspaceRefusedByItsSchemaAQuotaOrAWebhookIsNotAGeneratedWorkload() {
    assertThat(KaitoWorkloadInvalid.of(null, "Workspace.kaito.sh \"ws\" is invalid: inference.preset.name: Required value", AT))
        .isNull();
    assertThat(KaitoWorkloadInvalid.of(null, "pods \"ws-0\" is forbidden: exceeded quota: gpu, requested: "
        + "requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4", AT)).isNull();
    assertThat(KaitoWorkloadInvalid.of(null, "admission webhook \"validate.kyverno.svc\" denied the request: policy x", AT))
        .isNull();
  }
}
