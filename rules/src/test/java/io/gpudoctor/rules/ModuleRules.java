package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceException;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The rules of this module (the DRL files beside catalogue.yaml) and their fixtures, shared by the tests. */
final class ModuleRules {
  private static RuleBase ruleBase;
  private static Diagnoser diagnoser;

  private ModuleRules() {}

  /** The module directory: the tests run with it as the working directory. */
  static Path moduleDir() {
    return Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize();
  }

  static Path fixturesDir() {
    return moduleDir().resolve("fixtures");
  }

  static synchronized RuleBase ruleBase() {
    if (ruleBase == null) {
      try {
        ruleBase = RuleBase.compile(RuleFiles.fromFolder(moduleDir()));
      } catch (RuleCompileException e) {
        throw new AssertionError("the module's rules do not compile:\n  "
            + String.join("\n  ", e.problems().stream().map(Object::toString).toList()), e);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return ruleBase;
  }

  /** The diagnosis of one evidence folder by the module's rules. */
  static synchronized Diagnosis diagnose(Path evidence) {
    if (diagnoser == null) diagnoser = new Diagnoser(ruleBase());
    try {
      return diagnoser.diagnose(new EvidenceFolderReader().read(evidence));
    } catch (EvidenceException e) {
      throw new AssertionError(e);
    }
  }

  /** The diagnosis of the fixture at fixtures/<relative>. */
  static Diagnosis diagnoseFixture(String relative) {
    return diagnose(fixturesDir().resolve(relative));
  }

  /** The one finding of this id, failing with the ids found when there is none or more than one. */
  static ReportedFinding onlyFinding(Diagnosis d, String id) {
    List<ReportedFinding> found = d.findings().stream().filter(f -> f.id().equals(id)).toList();
    assertThat(found).as("findings %s", d.findings().stream().map(ReportedFinding::id).toList()).hasSize(1);
    return found.get(0);
  }

  /** Every fixture folder: fixtures/<FindingId>/<fires-*|near-miss-*>/, sorted. */
  static List<Path> fixtureFolders() {
    try (Stream<Path> ids = Files.list(fixturesDir())) {
      return ids.filter(Files::isDirectory).sorted().flatMap(id -> {
        try (Stream<Path> cases = Files.list(id)) {
          return cases.filter(Files::isDirectory).sorted().toList().stream();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String name(Path fixture) {
    return fixturesDir().relativize(fixture).toString().replace('\\', '/');
  }
}
