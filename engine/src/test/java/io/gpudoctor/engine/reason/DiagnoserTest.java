package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiagnoserTest {
  private static final String CATALOGUE = """
      findings:
        - {id: Alpha, route: evidence, kind: diagnosis, title: Alpha, owner: cluster-operator, severity: warning, reference: references/findings.md#alpha}
        - {id: Beta, route: evidence, kind: diagnosis, title: Beta, severity: critical, reference: references/findings.md#beta}
        - {id: Gamma, route: evidence, kind: note, title: Gamma, severity: info, reference: references/findings.md#gamma}
      """;

  private static final String HEADER = """
      package gpudoctor.rules;
      import io.gpudoctor.facts.*;
      """;

  @TempDir Path dir;

  private RuleBase compile(String drl) throws Exception {
    Files.writeString(dir.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(dir.resolve("evidence.drl"), HEADER + drl);
    return RuleBase.compile(RuleFiles.fromFolder(dir));
  }

  private static EvidenceBundle bundle() {
    Target t = new Target("sub", "rg", "aks", "ctx", "eastus", "gpunp", "ml", "pod", "llm-0", null, null,
        Instant.parse("2026-03-01T10:00:00Z"), Provenance.of("target.yaml", ""));
    return new EvidenceBundle(t, List.of(), List.of(), List.of(), List.of());
  }

  @Test
  void twoRulesConcludingTheSameFindingCombineConfidenceOnceAndListBothRules() throws Exception {
    RuleBase rb = compile("""
        rule "alpha-from-target" @id(Alpha) @route(evidence)
        when $t : Target() then insert(Finding.of("Alpha", "x").status(FindingStatus.LIKELY).confidence(0.5).summary("a"));
        end
        rule "alpha-again" @id(Alpha) @route(evidence)
        when $t : Target() then insert(Finding.of("Alpha", "x").status(FindingStatus.LIKELY).confidence(0.6).summary("b"));
        end
        """);
    Diagnosis d = new Diagnoser(rb).diagnose(bundle());
    assertThat(d.findings()).hasSize(1);
    ReportedFinding f = d.findings().get(0);
    assertThat(f.confidence()).isCloseTo(0.8, within(1e-9));
    assertThat(f.level()).isEqualTo("high");
    assertThat(f.rules()).containsExactly("alpha-again", "alpha-from-target");
    assertThat(f.owner()).isEqualTo("cluster-operator");
    assertThat(f.reference()).isEqualTo("references/findings.md#alpha");
    assertThat(f.handoff()).isNotBlank();
  }

  @Test
  void diagnosesRankBeforeNotesThenByStatusThenConfidence() throws Exception {
    RuleBase rb = compile("""
        rule "gamma" @id(Gamma) @route(evidence)
        when Target() then insert(Finding.of("Gamma", "").status(FindingStatus.CONFIRMED).confidence(1.0));
        end
        rule "alpha" @id(Alpha) @route(evidence)
        when Target() then insert(Finding.of("Alpha", "").status(FindingStatus.UNCONFIRMED).confidence(0.9));
        end
        rule "beta" @id(Beta) @route(evidence)
        when Target() then insert(Finding.of("Beta", "").status(FindingStatus.LIKELY).confidence(0.3));
        end
        """);
    Diagnosis d = new Diagnoser(rb).diagnose(bundle());
    assertThat(d.findings()).extracting(ReportedFinding::id).containsExactly("Beta", "Alpha", "Gamma");
    assertThat(d.top().id()).isEqualTo("Beta");
    assertThat(d.top().status()).isEqualTo(FindingStatus.LIKELY);
  }

  @Test
  void aRuleThatConcludesAnotherIdThanItDeclaresIsRefusedAtRunTime() throws Exception {
    RuleBase rb = compile("""
        rule "liar" @id(Alpha) @route(evidence)
        when Target() then insert(Finding.of("Beta", ""));
        end
        """);
    assertThatThrownBy(() -> new Diagnoser(rb).diagnose(bundle()))
        .isInstanceOf(RuleContractException.class)
        .hasMessageContaining("evidence.drl:").hasMessageContaining("liar");
  }

  @Test
  void syntaxErrorsAreReportedWithFileAndLine() throws IOException {
    assertThatThrownBy(() -> compile("""
        rule "broken" @id(Alpha) @route(evidence)
        when Target( then insert(Finding.of("Alpha", ""));
        end
        """))
        .isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> {
              assertThat(p.file()).endsWith("evidence.drl");
              assertThat(p.line()).isGreaterThan(0);
              assertThat(p.toString()).matches(".*evidence\\.drl:\\d+: .*");
            }));
  }

  @Test
  void aFunctionNamedLikeADeclaredTypeIsRefusedWithBothLines() {
    long header = HEADER.lines().count();
    assertThatThrownBy(() -> compile("""
        declare Stalled
          key : String
        end

        function boolean stalled(String s) {
          return s != null;
        }

        rule "uses the type" @signal(Stalled) @route(evidence)
        when Target($k : namespace, stalled(namespace)) then insertLogical(new Stalled($k));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> {
              assertThat(p.line()).isEqualTo(header + 5);
              assertThat(p.message()).contains("class Stalled").contains("evidence.drl:" + (header + 1))
                  .contains("rename the function");
            }));
  }

  @Test
  void rulesWithoutMetadataOrWithOrderingAttributesAreRefused() {
    assertThatThrownBy(() -> compile("""
        rule "no-meta"
        when Target() then insert(Finding.of("Alpha", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.message()).contains("has no @route")));
    assertThatThrownBy(() -> compile("""
        rule "ordered" @id(Alpha) @route(evidence)
          salience 10
        when Target() then insert(Finding.of("Alpha", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.toString()).contains("evidence.drl:4: 'salience' is not allowed")));
    assertThatThrownBy(() -> compile("""
        rule "unknown-id" @id(Delta) @route(evidence)
        when Target() then insert(Finding.of("Delta", ""));
        end
        """)).isInstanceOfSatisfying(RuleCompileException.class, e -> assertThat(e.problems())
            .anySatisfy(p -> assertThat(p.message()).contains("@id(Delta) which is not in catalogue.yaml")));
  }

  @Test
  void theTraceRecordsEachFiringWithTheFactsItMatched() throws Exception {
    RuleBase rb = compile("""
        rule "alpha" @id(Alpha) @route(evidence)
        when $t : Target(cluster == "aks") then insert(Finding.of("Alpha", "").status(FindingStatus.CONFIRMED));
        end
        """);
    Diagnosis d = new Diagnoser(rb).diagnose(bundle());
    assertThat(d.trace()).containsExactly(new TraceEntry("alpha", "Alpha", List.of("target")));
    assertThat(d.rulesFired()).isEqualTo(1);
  }
}
