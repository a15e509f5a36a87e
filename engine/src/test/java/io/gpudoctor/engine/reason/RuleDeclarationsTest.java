package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.RuleDeclarations.Declared;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class RuleDeclarationsTest {
  @Test
  void rulesAreFoundWithTheLineOfTheirName() {
    String drl = """
        package gpudoctor.rules;

        rule "First"
          @id(A)
        when
        then
        end

          rule   "Second, indented"
        when then end
        // rule "commented out"
        rule
          "Name on the next line"
        when then end
        rules "not a rule"
        """;

    assertThat(RuleDeclarations.scan(drl).rules()).containsExactly(
        new Declared("First", 3), new Declared("Second, indented", 9), new Declared("Name on the next line", 13));
  }

  @Test
  void orderingAttributesAreFoundAsWordsFirstOnTheirLine() {
    String drl = """
        rule "Ordered"
          salience 10
          agenda-group "first"
          lock-on-active
          saliences 3
        when
          $x : Object() // salience 5
        then end
        """;

    assertThat(RuleDeclarations.scan(drl).ordering()).containsExactly(
        new Declared("salience", 2), new Declared("agenda-group", 3), new Declared("lock-on-active", 4));
  }

  @Test
  void declaredTypesAndFunctionsAreFoundWithTheirLines() {
    String drl = """
        declare VolumeFailure
          podKey : String @key
        end
        function boolean volumeFailed(KubeEvent e) {
          return true;
        }
          function String  ownerOf (PodFacts pod) { return null; }
        // function int commented()
        declared Other
        """;

    RuleDeclarations found = RuleDeclarations.scan(drl);
    assertThat(found.types()).containsExactly(new Declared("VolumeFailure", 1));
    assertThat(found.functions()).containsExactly(new Declared("volumeFailed", 4), new Declared("ownerOf", 7));
  }

  @Test
  void everyShippedRuleFileGivesWhatAMultiLineExpressionFinds() throws Exception {
    Pattern rule = Pattern.compile("^\\s*rule\\s+\"([^\"]+)\"", Pattern.MULTILINE);
    List<Path> files;
    try (Stream<Path> list = Files.list(Path.of("..", "rules"))) {
      files = list.filter(p -> p.toString().endsWith(".drl")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      String text = Files.readString(file);
      List<Declared> expected = new ArrayList<>();
      Matcher m = rule.matcher(text);
      while (m.find()) expected.add(new Declared(m.group(1), lineOf(text, m.start(1))));
      assertThat(RuleDeclarations.scan(text).rules()).as(file.toString()).isNotEmpty().isEqualTo(expected);
    }
  }

  private static int lineOf(String text, int offset) {
    return (int) text.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
  }
}
