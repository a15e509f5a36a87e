package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Target;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompiledRulesCacheTest {
  static final String CATALOGUE = """
      findings:
        - {id: Alpha, route: evidence, kind: diagnosis, title: Alpha, severity: warning, reference: references/findings.md#alpha}
      """;
  private static final String RULE = """
      package gpudoctor.rules;
      import io.gpudoctor.facts.*;
      declare Seen
        cluster : String @key
      end
      rule "seen" @signal(Seen) @route(evidence)
      when Target($c : cluster != null) then insertLogical(new Seen($c));
      end
      rule "alpha" @id(Alpha) @route(evidence)
      when Seen($c : cluster) then insertLogical(Finding.of("Alpha", $c).status(FindingStatus.CONFIRMED).confidence(%s));
      end
      """;

  @TempDir Path rules;
  @TempDir Path cacheDir;

  private RuleBase compile(String confidence) throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted(confidence));
    return RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cacheDir));
  }

  private static double confidenceOf(RuleBase rb) {
    Target t = new Target(null, null, "aks", null, null, null, null, null, null, null, null,
        Instant.parse("2026-03-01T10:00:00Z"), Provenance.of("target.yaml", ""));
    Diagnosis d = new Diagnoser(rb).diagnose(new EvidenceBundle(t, List.of(), List.of(), List.of(), List.of()));
    return d.findings().get(0).confidence();
  }

  private long cachedFiles() throws Exception {
    try (Stream<Path> files = Files.list(cacheDir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".jar")).count();
    }
  }

  @Test
  void anUnchangedRuleSetIsLoadedFromTheCacheWithDeclaredTypesAndTheSameResult() throws Exception {
    RuleBase first = compile("0.7");
    RuleBase second = compile("0.7");

    assertThat(first.fromCache()).isFalse();
    assertThat(second.fromCache()).isTrue();
    assertThat(confidenceOf(second)).isEqualTo(confidenceOf(first)).isEqualTo(0.7);
    assertThat(second.rules()).isEqualTo(first.rules());
  }

  @Test
  void anEditedRuleIsCompiledAgainNotServedStale() throws Exception {
    compile("0.7");
    RuleBase edited = compile("0.4");

    assertThat(edited.fromCache()).isFalse();
    assertThat(confidenceOf(edited)).isEqualTo(0.4);
    assertThat(cachedFiles()).isEqualTo(2);
  }

  /** A jar shipping these rules, as the gpu-doctor jar ships its own under gpu-doctor/rules/. */
  private static Path rulesJar(Path jar, String confidence) throws Exception {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      putStored(out, RuleFiles.CLASSPATH_FOLDER + "/catalogue.yaml", CATALOGUE);
      putStored(out, RuleFiles.CLASSPATH_FOLDER + "/evidence.drl", RULE.formatted(confidence));
    }
    return jar;
  }

  /** Uncompressed, so that texts of one length make jars of one size. */
  private static void putStored(JarOutputStream out, String name, String text) throws Exception {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    CRC32 crc = new CRC32();
    crc.update(bytes);
    JarEntry entry = new JarEntry(name);
    entry.setMethod(JarEntry.STORED);
    entry.setSize(bytes.length);
    entry.setCrc(crc.getValue());
    out.putNextEntry(entry);
    out.write(bytes);
  }

  private RuleBase compileShipped(Path jar) throws Exception {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      return RuleBase.compile(RuleFiles.shipped(loader), CompiledRulesCache.in(cacheDir));
    }
  }

  @Test
  void rulesShippedInAJarAreCachedForThatJarAndNamedByTheirTexts(@TempDir Path jars) throws Exception {
    Path jar = rulesJar(jars.resolve("gpu-doctor.jar"), "0.7");
    RuleBase first = compileShipped(jar);
    RuleBase next = compileShipped(jar);
    Path rebuilt = rulesJar(jars.resolve("gpu-doctor-rebuilt.jar"), "0.4");
    RuleBase afterRebuild = compileShipped(rebuilt);

    assertThat(first.fromCache()).isFalse();
    assertThat(next.fromCache()).isTrue();
    assertThat(confidenceOf(next)).isEqualTo(0.7);
    // Another jar is another build: its rules are compiled, never served from the first's entry.
    assertThat(afterRebuild.fromCache()).isFalse();
    assertThat(confidenceOf(afterRebuild)).isEqualTo(0.4);
    // The digest a report names the rule set by is the texts', wherever they were read from.
    assertThat(next.digest()).isEqualTo(compile("0.7").digest()).isNotEqualTo(afterRebuild.digest());
  }

  @Test
  void aCachedShippedRuleSetIsDescribedByItsEntryWithoutReadingItsTexts(@TempDir Path jars) throws Exception {
    Path jar = rulesJar(jars.resolve("gpu-doctor.jar"), "0.7");
    RuleBase first;
    RuleBase cached;
    // Each read of the jar opens it anew (not the JDK's cached copy), so a read would see the edit.
    URLConnection.setDefaultUseCaches("jar", false);
    try {
      first = compileShipped(jar);
      // The same jar to the cache key (path, size, time) with other texts: a load that read them
      // would name them by another digest.
      FileTime built = Files.getLastModifiedTime(jar);
      rulesJar(jar, "0.4");
      Files.setLastModifiedTime(jar, built);
      cached = compileShipped(jar);
    } finally {
      URLConnection.setDefaultUseCaches("jar", true);
    }

    assertThat(cached.fromCache()).isTrue();
    assertThat(cached.digest()).isEqualTo(first.digest()).isEqualTo(compile("0.7").digest());
    assertThat(cached.rules()).isEqualTo(first.rules());
    assertThat(cached.catalogue().entries()).isEqualTo(first.catalogue().entries());
  }

  @Test
  void anEntryStoredWithoutADescriptionIsDescribedFromTheTexts() throws Exception {
    RuleBase first = compile("0.7");
    try (Stream<Path> files = Files.list(cacheDir)) {
      for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).toList()) withoutDescription(jar);
    }

    RuleBase cached = compile("0.7");

    assertThat(cached.fromCache()).isTrue();
    assertThat(cached.digest()).isEqualTo(first.digest());
    assertThat(cached.rules()).isEqualTo(first.rules()).isNotEmpty();
    assertThat(cached.catalogue().entries()).isEqualTo(first.catalogue().entries()).isNotEmpty();
  }

  private static void withoutDescription(Path jar) throws Exception {
    try (FileSystem zip = FileSystems.newFileSystem(jar)) {
      Files.delete(zip.getPath(RuleSetDescription.ENTRY));
    }
  }

  @Test
  void aRuleBreakingTheContractIsRefusedAgainWhenItsModelIsCached() throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted("0.7").replace("@id(Alpha) @route(evidence)", "@id(Alpha)"));
    RuleFiles files = RuleFiles.fromFolder(rules);

    for (int run = 0; run < 2; run++) {
      assertThatThrownBy(() -> RuleBase.compile(files, CompiledRulesCache.in(cacheDir)))
          .isInstanceOf(RuleCompileException.class)
          .hasMessageContaining("rule \"alpha\" has no @route");
    }
    assertThat(cachedFiles()).isEqualTo(1);
  }

  @Test
  void aCorruptCacheEntryIsDiscardedAndTheRulesCompiled() throws Exception {
    compile("0.7");
    try (Stream<Path> files = Files.list(cacheDir)) {
      for (Path p : files.toList()) Files.writeString(p, "not a jar");
    }

    RuleBase recompiled = compile("0.7");

    assertThat(recompiled.fromCache()).isFalse();
    assertThat(confidenceOf(recompiled)).isEqualTo(0.7);
    assertThat(compile("0.7").fromCache()).isTrue();
  }

  @Test
  void aDisabledCacheAlwaysCompiles() throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted("0.7"));
    RuleFiles files = RuleFiles.fromFolder(rules);
    RuleBase.compile(files, CompiledRulesCache.disabled());
    assertThat(RuleBase.compile(files, CompiledRulesCache.disabled()).fromCache()).isFalse();
  }

  private RuleBase compileForOneRun(String confidence) throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted(confidence));
    return RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cacheDir).storingInBackground());
  }

  /** Waits for the detached builder: the stored model and no pending copy of the rules left. */
  private void awaitStored(long jars) throws Exception {
    long deadline = System.nanoTime() + 180_000_000_000L;
    while (System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(cacheDir)) {
        List<String> names = files.map(p -> p.getFileName().toString()).toList();
        if (names.stream().filter(n -> n.endsWith(".jar")).count() == jars && names.stream().noneMatch(n -> n.startsWith("pending-"))) {
          return;
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("the background store did not finish: " + Files.list(cacheDir).toList());
  }

  @Test
  void aShortRunAfterAnEditAnswersWithTheClassicBuildAndTheModelIsStoredForTheNextRun() throws Exception {
    RuleBase first = compileForOneRun("0.7");
    assertThat(first.fromCache()).isFalse();
    assertThat(first.executableModel()).isFalse();
    assertThat(confidenceOf(first)).isEqualTo(0.7);
    awaitStored(1);

    RuleBase next = compileForOneRun("0.7");
    assertThat(next.fromCache()).isTrue();
    assertThat(next.executableModel()).isTrue();
    assertThat(confidenceOf(next)).isEqualTo(0.7);
    assertThat(next.rules()).isEqualTo(first.rules());

    RuleBase edited = compileForOneRun("0.4");
    assertThat(edited.fromCache()).isFalse();
    assertThat(confidenceOf(edited)).isEqualTo(0.4);
    awaitStored(2);
    RuleBase afterEdit = compileForOneRun("0.4");
    assertThat(afterEdit.fromCache()).isTrue();
    assertThat(confidenceOf(afterEdit)).isEqualTo(0.4);
  }

  @Test
  void aShortRunWithTheCacheOffCompilesClassicAndStoresNothing() throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted("0.7"));
    RuleBase rb = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.disabled().storingInBackground());

    assertThat(rb.executableModel()).isFalse();
    assertThat(confidenceOf(rb)).isEqualTo(0.7);
    try (Stream<Path> files = Files.list(cacheDir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aRuleSetOnlyTheClassicCompilerAcceptsIsNotSentToTheBackgroundAgain() throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted("0.7") + """
        function boolean named(String e) { return e != null; }
        """);
    RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cacheDir)); // marks it classic-only

    RuleBase rb = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cacheDir).storingInBackground());

    assertThat(confidenceOf(rb)).isEqualTo(0.7);
    try (Stream<Path> files = Files.list(cacheDir)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("folder-")))
          .singleElement().asString().endsWith(".classic-only");
    }
  }

  @Test
  void aRuleOnlyTheClassicCompilerAcceptsStillRunsUncached() throws Exception {
    Files.writeString(rules.resolve("catalogue.yaml"), CATALOGUE);
    // The executable model wraps functions in a catch (Exception e): a parameter named e clashes.
    Files.writeString(rules.resolve("evidence.drl"), RULE.formatted("0.7") + """
        function boolean named(String e) { return e != null; }
        """);
    RuleBase rb = RuleBase.compile(RuleFiles.fromFolder(rules), CompiledRulesCache.in(cacheDir));

    assertThat(rb.executableModel()).isFalse();
    assertThat(confidenceOf(rb)).isEqualTo(0.7);
    assertThat(cachedFiles()).isZero();
  }
}
