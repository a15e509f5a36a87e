package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DrlLayoutTest {
  private static final String DRL = """
      package gpudoctor.rules;
      import io.gpudoctor.facts.*;
      dialect "mvel"

      function String label(String s) {
        return s;
      }

      rule "quoted name" @route(evidence)
      when
        Target()
      then
        String end2 = "end";
      end

      rule unquoted
      when Target() then
      end
      """;

  @Test
  void rulesRunFromTheirDeclarationToALineThatIsEndAlone() {
    DrlLayout layout = DrlLayout.of(DRL).orElseThrow();
    assertThat(layout.packageName()).isEqualTo("gpudoctor.rules");
    assertThat(layout.rules()).containsOnlyKeys("quoted name", "unquoted");
    assertThat(layout.rules().get("quoted name")).startsWith("rule \"quoted name\"").endsWith("\"end\";\nend");
    assertThat(layout.rest()).doesNotContain("rule ").contains("function String label").doesNotContain("\n\n");
    assertThat(layout.functions()).containsExactly("label");
  }

  @Test
  void theHeaderKeepsImportsAndPackageWideAttributesButNoFunctionBody() {
    DrlLayout layout = DrlLayout.of(DRL.replace("return s;", "return s; // import nothing")).orElseThrow();
    assertThat(layout.header()).containsExactly("import io.gpudoctor.facts.*;", "dialect \"mvel\"");
  }

  @Test
  void aTextThatCannotBeCutHasNoLayout() {
    assertThat(DrlLayout.of(DRL.replace("then\nend\n", "then end\n"))).as("a rule ending on a line of code").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("rule unquoted", "rule \"quoted name\""))).as("two rules of one name").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("package gpudoctor.rules;", ""))).as("no package").isEmpty();
  }
}
