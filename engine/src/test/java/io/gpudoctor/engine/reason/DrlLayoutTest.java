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
    assertThat(layout.rest()).doesNotContain("rule ").doesNotContain("function").doesNotContain("\n\n");
    assertThat(layout.functions()).containsOnlyKeys("label");
  }

  @Test
  void functionsRunToTheLineThatClosesTheirBracesWhateverStringsAndCommentsHold() {
    String drl = DRL.replace("""
        function String label(String s) {
          return s;
        }
        """, """
        function String label(String s) {
          if (s == null) { return "}"; } // }
          /* } */ return s + '}';
        }
        function long window() { return 15; }
        """);
    DrlLayout layout = DrlLayout.of(drl).orElseThrow();
    assertThat(layout.functions()).containsOnlyKeys("label", "window");
    assertThat(layout.functions().get("label")).startsWith("function String label").endsWith("'}';\n}");
    assertThat(layout.functions().get("window")).isEqualTo("function long window() { return 15; }");
    assertThat(layout.rules()).containsOnlyKeys("quoted name", "unquoted");
    assertThat(layout.rest()).doesNotContain("return");
  }

  @Test
  void theHeaderKeepsImportsAndPackageWideAttributesButNoFunctionBody() {
    DrlLayout layout = DrlLayout.of(DRL.replace("return s;", "return s; // import nothing")).orElseThrow();
    assertThat(layout.header()).containsExactly("import io.gpudoctor.facts.*;", "dialect \"mvel\"");
  }

  @Test
  void codeIsTheTextWithCommentsAndLiteralsBlankedOnTheSameLinesAndColumns() {
    String text = "a(\"x(\") // b(\n/* c(\n */ d('(') \"\\\"e(\"\n\"open f(\ng(";
    String code = DrlLayout.code(text);
    assertThat(code).hasSameSizeAs(text).contains("a(", "d(", "g(").doesNotContain("x(", "b(", "c(", "e(", "f(");
    assertThat(code.split("\n", -1)).hasSize(text.split("\n", -1).length);
  }

  @Test
  void aTextThatCannotBeCutHasNoLayout() {
    assertThat(DrlLayout.of(DRL.replace("then\nend\n", "then end\n"))).as("a rule ending on a line of code").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("rule unquoted", "rule \"quoted name\""))).as("two rules of one name").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("package gpudoctor.rules;", ""))).as("no package").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("return s;\n}", "return s;"))).as("braces that do not close").isEmpty();
    assertThat(DrlLayout.of(DRL.replace("rule unquoted", "function String label(int i) { return \"\"; }\nrule unquoted")))
        .as("two functions of one name").isEmpty();
  }
}
