package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.report.SarifReportWriter;
import io.gpudoctor.engine.replay.ReplayRunner;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The SARIF report of every example incident validates against the SARIF 2.1.0 JSON schema. */
class IncidentReportFormatsTest {
  private static final Path INCIDENTS = ModuleRules.moduleDir().resolve("../references/incidents").normalize();

  @org.junit.jupiter.api.Test
  void theSchemaCheckRejectsWhatSarifForbids() {
    assertThat(SarifSchema.problems("{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"x\"}},"
        + " \"results\": [{\"ruleId\": \"A\", \"level\": \"fatal\", \"message\": {\"text\": \"m\"}}]}]}")).isNotEmpty();
    assertThat(SarifSchema.problems("{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": {\"name\": \"x\","
        + " \"rules\": [{\"id\": \"A\", \"helpUri\": \"references/findings.md#a\"}]}}}]}")).as("a relative helpUri").isNotEmpty();
  }

  @TestFactory
  Stream<DynamicTest> theSarifOfEveryIncidentValidatesAgainstTheSchema() throws Exception {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    SarifReportWriter writer = new SarifReportWriter("0.1.0", ModuleRules.ruleBase().catalogue().entries())
        .withReferenceBase(ModuleRules.moduleDir().getParent().toUri());
    return ReplayRunner.find(INCIDENTS).stream().map(incident -> DynamicTest.dynamicTest(
        INCIDENTS.relativize(incident.folder()).toString(), () -> {
          Diagnosis diagnosis = diagnoser.diagnose(new EvidenceFolderReader().read(incident.folder()));
          String sarif = writer.write(diagnosis);
          assertThat(SarifSchema.problems(sarif)).isEmpty();
          JsonNode run = JsonMapper.builder().build().readTree(sarif).get("runs").get(0);
          assertThat(run.get("results")).hasSize(diagnosis.findings().size());
          assertThat(run.get("tool").get("driver").get("rules"))
              .hasSize(ModuleRules.ruleBase().catalogue().entries().size());
        }));
  }
}
