package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.reason.Catalogue;
import io.gpudoctor.engine.reason.CatalogueEntry;
import io.gpudoctor.engine.reason.RuleInfo;
import io.gpudoctor.engine.reason.RuleProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every catalogue id has a rule that concludes it, a fixture that fires it and one that nearly
 * does, and a section in references/findings.md; every fixture folder names a catalogue id.
 */
class CatalogueCoverageTest {
  private static final Pattern HEADING = Pattern.compile("^##\\s+`?([A-Za-z][A-Za-z0-9]*)`?\\s*$", Pattern.MULTILINE);

  private static Catalogue catalogue() throws IOException {
    List<RuleProblem> problems = new ArrayList<>();
    Catalogue catalogue = Catalogue.parse(Files.readString(ModuleRules.moduleDir().resolve("catalogue.yaml")),
        "catalogue.yaml", problems);
    assertThat(problems).as("catalogue.yaml problems").isEmpty();
    return catalogue;
  }

  private static Set<String> ids() throws IOException {
    return catalogue().entries().stream().map(CatalogueEntry::id).collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void everyCatalogueIdHasARule() throws IOException {
    Set<String> concluded = ModuleRules.ruleBase().rules().stream().map(RuleInfo::findingId)
        .filter(id -> id != null).collect(Collectors.toSet());
    Set<String> missing = new TreeSet<>(ids());
    missing.removeAll(concluded);
    assertThat(missing).as("catalogue ids no rule concludes (@id)").isEmpty();
  }

  @Test
  void everyCatalogueIdHasAFiringAndANearMissFixture() throws IOException {
    List<String> missing = new ArrayList<>();
    for (String id : ids()) {
      Path dir = ModuleRules.fixturesDir().resolve(id);
      if (!hasCase(dir, "fires-")) missing.add(id + ": no fixtures/" + id + "/fires-*/");
      if (!hasCase(dir, "near-miss-")) missing.add(id + ": no fixtures/" + id + "/near-miss-*/");
    }
    assertThat(missing).isEmpty();
  }

  @Test
  void everyFixtureFolderNamesACatalogueIdAndIsAFiringOrNearMissCase() throws IOException {
    Set<String> ids = ids();
    List<String> wrong = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(ModuleRules.fixturesDir())) {
      for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
        String id = dir.getFileName().toString();
        if (!ids.contains(id)) wrong.add("fixtures/" + id + ": not a catalogue id");
        try (Stream<Path> cases = Files.list(dir)) {
          for (Path c : cases.filter(Files::isDirectory).sorted().toList()) {
            String name = c.getFileName().toString();
            if (!name.startsWith("fires-") && !name.startsWith("near-miss-")) {
              wrong.add("fixtures/" + id + "/" + name + ": neither fires-* nor near-miss-*");
            }
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
  }

  @Test
  void everyCatalogueIdHasASectionInTheFindingsReference() throws IOException {
    Path findings = ModuleRules.moduleDir().resolve("../references/findings.md").normalize();
    assertThat(findings).as("the findings reference").exists();
    Set<String> sections = new TreeSet<>();
    Matcher m = HEADING.matcher(Files.readString(findings));
    while (m.find()) sections.add(m.group(1));
    Set<String> missing = new TreeSet<>(ids());
    missing.removeAll(sections);
    assertThat(missing).as("catalogue ids without a '## <Id>' section in %s", findings).isEmpty();
  }

  private static boolean hasCase(Path dir, String prefix) throws IOException {
    if (!Files.isDirectory(dir)) return false;
    try (Stream<Path> cases = Files.list(dir)) {
      return cases.anyMatch(c -> Files.isDirectory(c) && c.getFileName().toString().startsWith(prefix));
    }
  }
}
