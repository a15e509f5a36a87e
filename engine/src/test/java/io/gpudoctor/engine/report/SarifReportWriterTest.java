package io.gpudoctor.engine.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.CatalogueEntry;
import io.gpudoctor.engine.reason.Diagnosis;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SarifReportWriterTest {
  private static final List<CatalogueEntry> CATALOGUE = List.of(
      new CatalogueEntry("TargetUnbound", "evidence", "note", "The target is not fully bound", "-", "info",
          "references/findings.md#targetunbound"),
      new CatalogueEntry("GpuCapacityExhausted", "scheduling", "diagnosis", "Every allocatable GPU is requested",
          "cluster-operator", "critical", "references/findings.md#gpucapacityexhausted"),
      new CatalogueEntry("UntoleratedGpuTaint", "scheduling", "diagnosis", "The pod does not tolerate a taint",
          "workload-owner", "critical", "references/findings.md#untoleratedgputaint"),
      new CatalogueEntry("GpuQuotaExceeded", "scaling", "diagnosis", "GPU quota exceeded", "quota-owner", "critical",
          "references/findings.md#gpuquotaexceeded"));
  private final Diagnosis diagnosis = SampleDiagnosis.create();

  private JsonNode sarif(SarifReportWriter writer) {
    return JsonMapper.builder().build().readTree(writer.write(diagnosis));
  }

  @Test
  void oneRulePerCatalogueIdAndOneResultPerFinding() {
    JsonNode run = sarif(new SarifReportWriter("0.1.0", CATALOGUE)
        .withReferenceBase(URI.create("https://docs.example.org/gpu-doctor/"))).get("runs").get(0);

    JsonNode rules = run.get("tool").get("driver").get("rules");
    assertThat(rules).extracting(r -> r.get("id").asString())
        .containsExactly("TargetUnbound", "GpuCapacityExhausted", "UntoleratedGpuTaint", "GpuQuotaExceeded");
    assertThat(rules.get(1).get("helpUri").asString())
        .isEqualTo("https://docs.example.org/gpu-doctor/references/findings.md#gpucapacityexhausted");
    assertThat(rules.get(1).get("defaultConfiguration").get("level").asString()).isEqualTo("error");

    JsonNode results = run.get("results");
    assertThat(results).extracting(r -> r.get("ruleId").asString() + "@" + r.get("ruleIndex").asInt() + ":" + r.get("level").asString())
        .containsExactly("GpuCapacityExhausted@1:error", "UntoleratedGpuTaint@2:warning", "TargetUnbound@0:note");
    JsonNode top = results.get(0);
    assertThat(top.get("properties").get("status").asString()).isEqualTo("likely");
    assertThat(top.get("properties").get("confidence").asDouble()).isEqualTo(0.9);
    assertThat(top.get("properties").get("level").asString()).isEqualTo("high");
    assertThat(top.get("properties").get("missingEvidence").get(0).get("read").asString()).isEqualTo("kubectl get nodes -o json");
    JsonNode location = top.get("locations").get(0);
    assertThat(location.get("physicalLocation").get("artifactLocation").get("uri").asString()).isEqualTo("events.json");
    assertThat(location.get("physicalLocation").get("artifactLocation").get("uriBaseId").asString()).isEqualTo("EVIDENCE");
    assertThat(location.get("properties").get("pointer").asString()).isEqualTo("/items/0/message");
    assertThat(location.get("message").get("text").asString()).isEqualTo("0/3 nodes are available: 3 Insufficient nvidia.com/gpu.");
  }

  @Test
  void withoutAReferenceBaseThereIsNoHelpUriButTheReferenceIsKept() {
    JsonNode rule = sarif(new SarifReportWriter("0.1.0", CATALOGUE)).get("runs").get(0).get("tool").get("driver").get("rules").get(1);
    assertThat(rule.has("helpUri")).isFalse();
    assertThat(rule.get("properties").get("reference").asString()).isEqualTo("references/findings.md#gpucapacityexhausted");
  }

  @Test
  void theSameDiagnosisGivesTheSameBytes() {
    assertThat(new SarifReportWriter("0.1.0", CATALOGUE).write(diagnosis))
        .isEqualTo(new SarifReportWriter("0.1.0", CATALOGUE).write(SampleDiagnosis.create()));
  }
}
