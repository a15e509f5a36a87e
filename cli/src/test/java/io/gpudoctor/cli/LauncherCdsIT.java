package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.bench.IncidentGenerator;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./gpu-doctor} launcher's class-data-sharing archive: recorded by the first run of a
 * command, used by the next ones, never changing a report byte, and never breaking a run when it
 * is damaged. Runs the real launcher (bash) on a copy of the shaded jar, so it never builds.
 */
class LauncherCdsIT {
  private static Path launcher;
  private static Path jar;

  record Result(int exit, String out, String err) {}

  @BeforeAll
  static void find() {
    Path cli = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    launcher = cli.getParent().resolve("gpu-doctor");
    jar = cli.resolve("target").resolve("gpu-doctor.jar");
    assertThat(launcher).exists();
    assertThat(jar).as("the shaded jar (run `mvn verify`)").exists();
  }

  /** A folder laid out like the project (launcher + cli/target/gpu-doctor.jar) with no sources. */
  private static Path install(Path tmp) throws IOException {
    Path root = tmp.resolve("install");
    Files.createDirectories(root.resolve("cli/target"));
    Files.copy(launcher, root.resolve("gpu-doctor"));
    Files.copy(jar, root.resolve("cli/target/gpu-doctor.jar"));
    return root;
  }

  private static Result run(Path root, Path cache, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(Stream.concat(Stream.of("bash", root.resolve("gpu-doctor").toString()),
        Stream.of(args)).toList()).directory(root.toFile());
    pb.environment().remove("JAVA_OPTS");
    pb.environment().put("GPU_DOCTOR_CACHE", cache.toString());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().putAll(env);
    Path out = root.resolve("stdout.txt");
    Path err = root.resolve("stderr.txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the launcher finished").isTrue();
    awaitBackgroundStore(cache);
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * A diagnose that compiled its rules left a detached JVM storing their executable model in the
   * cache: wait for it, so the next run is served from the cache and the temporary folder can go.
   */
  private static void awaitBackgroundStore(Path cache) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (Files.isDirectory(cache) && System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(cache)) {
        if (files.noneMatch(f -> f.getFileName().toString().startsWith("pending-"))) return;
      }
      Thread.sleep(100);
    }
  }

  /** {@code diagnose} of a pending GPU pod with a copy of the rules, as JSON. */
  private static String[] diagnoseWith(Path rules, Path tmp) throws IOException {
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    return new String[] {"diagnose", evidence.toString(), "--rules", rules.toString(), "-o", "json"};
  }

  /** A copy of the project's rules folder. */
  private static Path shippedRules(Path dir) throws IOException {
    Path rules = Files.createDirectories(dir);
    try (Stream<Path> shipped = Files.list(launcher.getParent().resolve("rules"))) {
      for (Path f : shipped.filter(f -> f.toString().endsWith(".drl") || f.endsWith("catalogue.yaml")).toList()) {
        Files.copy(f, rules.resolve(f.getFileName()));
      }
    }
    return rules;
  }

  private static List<Path> archives(Path cache) throws IOException {
    Path dir = cache.resolve("cds");
    if (!Files.isDirectory(dir)) return List.of();
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jsa")).sorted().toList();
    }
  }

  private static List<String> storedModels(Path cache) throws IOException {
    try (Stream<Path> files = Files.list(cache)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("rules-") && n.endsWith(".jar")).sorted().toList();
    }
  }

  @Test
  void aDiagnoseAfterARuleEditAnswersThenTheStoredModelServesTheNextRunWithTheSameBytes(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    Path rules = TestEvidence.rules(tmp.resolve("rules"));
    String[] diagnose = diagnoseWith(rules, tmp);

    Result first = run(root, cache, Map.of(), diagnose); // classic build; the model stored in the background
    assertThat(first.exit()).isZero();
    assertThat(first.err()).isEmpty();
    assertThat(storedModels(cache)).hasSize(1);
    Result cached = run(root, cache, Map.of(), diagnose);
    assertThat(cached.out()).isEqualTo(first.out());
    assertThat(storedModels(cache)).hasSize(1);

    Files.writeString(rules.resolve("evidence.drl"), "\n// an edit\n", java.nio.file.StandardOpenOption.APPEND);
    Result edited = run(root, cache, Map.of(), diagnose); // the edited rules, not the stale model
    assertThat(edited.exit()).isZero();
    assertThat(edited.out()).isNotEqualTo(first.out()); // the report names the rules' digest
    assertThat(edited.out().replaceAll("sha256:[0-9a-f]+", "")).isEqualTo(first.out().replaceAll("sha256:[0-9a-f]+", ""));
    assertThat(storedModels(cache)).hasSize(2);
    assertThat(run(root, cache, Map.of(), diagnose).out()).isEqualTo(edited.out());
    try (Stream<Path> files = Files.list(cache)) {
      assertThat(files.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("pending-"));
    }
  }

  @Test
  void aDiagnoseAfterAnEditOfRulesAndAFunctionGivesTheBytesOfAWholeBuild(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    Path rules = shippedRules(tmp.resolve("rules"));
    // The incident whose second cause a rule base of two packages lost (references/performance.md).
    Path incident = launcher.getParent().resolve("references/incidents/2026-05-kaito-family-quota-nodeclaim");
    String[] diagnose = {"diagnose", incident.toString(), "--rules", rules.toString(), "-o", "json"};
    Result before = run(root, cache, Map.of(), diagnose); // classic; the model stored in the background
    assertThat(before.exit()).isZero();
    assertThat(storedModels(cache)).hasSize(1);

    Path kaito = rules.resolve("kaito.drl");
    Files.writeString(kaito, Files.readString(kaito).replaceAll(
        "(rule \"KaitoResourceNotReady: past the machine window[^\\n]*\\n(?:.*\\n)*?when\\n)", "$1  // edited\n"));
    Path scheduling = rules.resolve("scheduling.drl");
    Files.writeString(scheduling, Files.readString(scheduling)
        .replace("return \"kubectl --context \"", "return \"kubectl --request-timeout=30s --context \""));
    Result edited = run(root, cache, Map.of(), diagnose); // those two rules and kubectlPrefix's callers compiled
    Result whole = run(root, cache, Map.of("GPU_DOCTOR_CACHE", "off"), diagnose);

    assertThat(edited.exit()).isZero();
    assertThat(edited.err()).isEmpty();
    assertThat(Files.readString(kaito).split("  // edited", -1)).as("both rules edited").hasSize(3);
    assertThat(edited.out()).isEqualTo(whole.out()).contains("kubectl --request-timeout=30s").isNotEqualTo(before.out());
  }

  @Test
  void aDiagnoseOfTheShippedRulesRunsWithTheirCacheEntryOnTheClassPathAndItsArchiveHoldsTheModelsLambdas(@TempDir Path tmp)
      throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    Path evidence = TestEvidence.pendingGpuPod(tmp.resolve("evidence"));
    String[] diagnose = {"diagnose", evidence.toString(), "-o", "json"};
    String plain = run(root, tmp.resolve("plain-cache"), Map.of("GPU_DOCTOR_CACHE", "off"), diagnose).out();

    assertThat(run(root, cache, Map.of(), diagnose).out()).as("compiled").isEqualTo(plain);
    assertThat(run(root, cache, Map.of(), diagnose).out()).as("served by the cache, which it names").isEqualTo(plain);
    List<Path> named;
    try (Stream<Path> files = Files.list(cache)) {
      named = files.filter(f -> f.getFileName().toString().matches("model-.*\\.path")).toList();
    }
    assertThat(named).singleElement().satisfies(f -> assertThat(Path.of(Files.readString(f)))
        .isRegularFile().hasParent(cache).satisfies(jar -> assertThat(storedModels(cache)).contains(jar.getFileName().toString())));
    assertThat(run(root, cache, Map.of(), diagnose).out()).as("the entry on the class path").isEqualTo(plain);
    assertThat(archives(cache)).anySatisfy(a -> assertThat(a.getFileName().toString()).endsWith("-diagnose-model.jsa"));

    Path classLog = tmp.resolve("class-load.log");
    Result mapped = run(root, cache, Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog), diagnose);
    assertThat(mapped.out()).isEqualTo(plain);
    assertThat(mapped.err()).isEmpty();
    List<String> lambdas = Files.readAllLines(classLog).stream().filter(l -> l.contains(" gpudoctor.rules.") && l.contains("$$Lambda")).toList();
    assertThat(lambdas).as("the model's lambdas").isNotEmpty().allMatch(l -> l.endsWith("source: shared objects file (top)"));
  }

  @Test
  void theFirstRunWithCachedRulesRecordsAnArchiveTheNextUsesItAndTheReportBytesStayTheSame(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    String[] diagnose = diagnoseWith(TestEvidence.rules(tmp.resolve("rules")), tmp);

    Result plain = run(root, tmp.resolve("plain-cache"), Map.of("GPU_DOCTOR_CACHE", "off"), diagnose);
    assertThat(plain.exit()).isZero();
    assertThat(plain.out()).startsWith("{\n  \"schema\": \"gpu-doctor/report/v1\"");

    Result compiling = run(root, cache, Map.of(), diagnose);
    assertThat(compiling.exit()).isZero();
    assertThat(compiling.out()).isEqualTo(plain.out());
    // It compiled the rules: its archive would miss the classes that load cached rules.
    assertThat(archives(cache)).isEmpty();
    assertThat(cache.resolve("cds")).isDirectoryNotContaining("glob:**.{tmp,discard}");

    Result first = run(root, cache, Map.of(), diagnose);
    assertThat(first.exit()).isZero();
    assertThat(first.out()).isEqualTo(plain.out());
    assertThat(first.err()).isEmpty();
    List<Path> archives = archives(cache);
    assertThat(archives).singleElement().satisfies(a -> {
      assertThat(a.getFileName().toString()).endsWith("-diagnose-rules.jsa"); // --rules: an archive of its own
      assertThat(Files.readString(Path.of(a + ".size")).strip()).isEqualTo(String.valueOf(Files.size(a)));
    });
    assertThat(cache.resolve("cds")).isDirectoryNotContaining("glob:**.tmp");

    Path classLog = tmp.resolve("class-load.log");
    Result second = run(root, cache, Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog), diagnose);
    assertThat(second.exit()).isZero();
    assertThat(second.out()).isEqualTo(plain.out());
    assertThat(second.err()).isEmpty();
    // Classes mapped from the dynamic (top) archive prove the second run used it, the classes of
    // the cached rules included.
    assertThat(Files.readString(classLog)).contains("source: shared objects file (top)")
        .doesNotContain("rules-");
    assertThat(archives(cache)).isEqualTo(archives);
  }

  @Test
  void theArchiveACachedRunOfARulesFolderRecordsHoldsTheCompilerThatTheRunAfterAnEditMaps(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    Path rules = shippedRules(tmp.resolve("rules")); // one package: an edit of it compiles the edited rules alone
    String[] diagnose = diagnoseWith(rules, tmp);
    assertThat(run(root, cache, Map.of(), diagnose).exit()).isZero(); // compiles: records no archive
    assertThat(archives(cache)).isEmpty();
    assertThat(run(root, cache, Map.of(), diagnose).exit()).isZero(); // served by the cache: records, rehearsing an edit
    assertThat(archives(cache)).singleElement().satisfies(a -> assertThat(a.getFileName().toString()).endsWith("-diagnose-rules.jsa"));

    Path drl = rules.resolve("scheduling.drl");
    Files.writeString(drl, Files.readString(drl).replaceFirst("(\nrule \"[^\"]*\")", "$1\n  // an edit"));
    Path classLog = tmp.resolve("class-load.log");
    Result edited = run(root, cache, Map.of("JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog), diagnose);
    Result whole = run(root, cache, Map.of("GPU_DOCTOR_CACHE", "off"), diagnose);

    assertThat(edited.exit()).isZero();
    assertThat(edited.err()).isEmpty();
    assertThat(edited.out()).isEqualTo(whole.out());
    // ECJ compiled the edited rule. Its classes come from the archive, but for a few the rehearsed
    // edit did not need and the lambdas the JDK 17 archive does not keep for every class.
    List<String> compiler = Files.readAllLines(classLog).stream()
        .filter(l -> l.contains(" org.eclipse.jdt.") && !l.contains("$$Lambda")).toList();
    long mapped = compiler.stream().filter(l -> l.endsWith("source: shared objects file (top)")).count();
    assertThat(compiler).hasSizeGreaterThan(300);
    assertThat(mapped).as("of %d ECJ classes", compiler.size()).isGreaterThan(compiler.size() * 9L / 10);
  }

  @Test
  void aCorruptArchiveOfTheRightSizeStillRunsAndGivesTheSameBytes(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    assertThat(run(root, cache, Map.of(), "--help").exit()).isZero();
    Path archive = archives(cache).get(0);
    archive.toFile().setWritable(true);
    try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
      byte[] junk = new byte[(int) Math.min(f.length(), 1 << 20)];
      java.util.Arrays.fill(junk, (byte) 0x5A);
      f.seek(0);
      f.write(junk); // the header and the first regions: unusable, same length
    }

    Result r = run(root, cache, Map.of(), "--help");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).contains("Usage: gpu-doctor");
    assertThat(r.out()).isEqualTo(run(root, cache, Map.of("GPU_DOCTOR_CACHE", "off"), "--help").out());
    assertThat(r.err()).isEmpty();
  }

  @Test
  void aTruncatedArchiveIsNeverMappedAndIsRecordedAgain(@TempDir Path tmp) throws Exception {
    // Java 17 dies with SIGBUS on a truncated dynamic archive; the launcher must not hand it one.
    Path root = install(tmp);
    Path cache = tmp.resolve("cache");
    assertThat(run(root, cache, Map.of(), "--version").exit()).isZero();
    Path archive = archives(cache).get(0);
    long size = Files.size(archive);
    archive.toFile().setWritable(true);
    try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
      f.setLength(size / 2);
    }

    Result r = run(root, cache, Map.of(), "--version");
    assertThat(r.exit()).isZero();
    assertThat(r.out()).startsWith("gpu-doctor 0.1.0");
    assertThat(r.err()).isEmpty();
    assertThat(archives(cache)).singleElement().satisfies(a ->
        assertThat(Files.readString(Path.of(a + ".size")).strip()).isEqualTo(String.valueOf(Files.size(a))));
  }

  @Test
  void bigEvidenceRunsWithTheParallelCollectorAndAFirstHeapOfItsSizeAndTheSameBytes(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    // Two List files over 8 MiB (events, pods): the launcher's branch for big evidence, and the
    // reader's second thread.
    Path evidence = new IncidentGenerator(new IncidentGenerator.Size(200, 7500, 15_000, 1600, 42)).write(tmp.resolve("big"));
    assertThat(Files.size(evidence.resolve("events.json"))).isGreaterThan(8L << 20);
    assertThat(Files.size(evidence.resolve("pods.json"))).isGreaterThan(8L << 20);
    Path gcLog = tmp.resolve("gc.log");

    Result launched = run(root, tmp.resolve("cache"), Map.of("GPU_DOCTOR_CACHE", "off", "JAVA_OPTS", "-Xlog:gc,gc+init:file=" + gcLog),
        "diagnose", evidence.toString(), "-o", "json");
    Process plain = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dgpudoctor.cache=off", "-jar", jar.toString(), "diagnose", evidence.toString(), "-o", "json")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String plainOut = new String(plain.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(plain.waitFor()).isZero();
    assertThat(launched.exit()).isZero();
    assertThat(launched.err()).isEmpty();
    assertThat(launched.out()).isEqualTo(plainOut).contains("\"GpuCapacityExhausted\"");
    String gc = Files.readString(gcLog);
    assertThat(gc).contains("Using Parallel");
    // 8x the evidence (the JVM's own first heap is a 64th of RAM, whatever the evidence)
    double evidenceMiB = sizeOf(evidence) / (1024.0 * 1024.0);
    long initialMiB = Long.parseLong(gc.replaceAll("(?s).*Heap Initial Capacity: (\\d+)M.*", "$1"));
    assertThat(initialMiB).isBetween((long) (7 * evidenceMiB), (long) (9.5 * evidenceMiB));
  }

  private static long sizeOf(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      long bytes = 0;
      for (Path f : files.toList()) bytes += Files.size(f);
      return bytes;
    }
  }

  @Test
  void shortRunsTakeOneCompilerThreadOnTwoCoresOrFewerAndLeaveJavaOptsTheirs(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    String flags = "-XX:+PrintFlagsFinal";

    String launched = compilerThreads(run(root, tmp.resolve("cache"), Map.of("GPU_DOCTOR_CACHE", "off", "JAVA_OPTS", flags), "--version"));
    String chosen = compilerThreads(run(root, tmp.resolve("cache"), Map.of("GPU_DOCTOR_CACHE", "off",
        "JAVA_OPTS", flags + " -XX:CICompilerCount=2"), "--version"));

    if (processors() <= 2) {
      assertThat(launched).matches(".*CICompilerCount\\s+= 1\\s+\\{product\\} \\{command line\\}.*");
    } else {
      assertThat(launched).doesNotContain("{command line}");
    }
    assertThat(chosen).matches(".*CICompilerCount\\s+= 2\\s+\\{product\\} \\{command line\\}.*");
  }

  private static String compilerThreads(Result r) {
    assertThat(r.exit()).isZero();
    return flag(r, "CICompilerCount");
  }

  /** The line -XX:+PrintFlagsFinal printed for this flag. */
  private static String flag(Result r, String name) {
    return r.out().lines().filter(l -> l.contains(" " + name + " ")).findFirst().orElseThrow();
  }

  @Test
  void replaysOfFewerThan15000IncidentsRunOnC1OnTwoCoresOrFewer(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Map<String, String> env = Map.of("GPU_DOCTOR_CACHE", "off", "JAVA_OPTS", "-XX:+PrintFlagsFinal");
    Path small = incidents(tmp.resolve("small"), 3);
    // More than the launcher counts to: it stops counting there.
    Path big = incidents(tmp.resolve("big"), 16_000);

    // A usage error: the JVM starts (and prints its flags) and stops before any replay.
    String smallReplay = flag(run(root, tmp.resolve("cache"), env, "replay", "--no-such-option", small.toString()), "TieredStopAtLevel");
    String bigReplay = flag(run(root, tmp.resolve("cache"), env, "replay", "--no-such-option", big.toString()), "TieredStopAtLevel");

    if (processors() <= 2) {
      assertThat(smallReplay).matches(".*TieredStopAtLevel\\s+= 1\\s+\\{product\\} \\{command line\\}.*");
    } else {
      assertThat(smallReplay).doesNotContain("{command line}");
    }
    assertThat(bigReplay).doesNotContain("{command line}");
  }

  /** Folders with an {@code expected.yaml} each, as a replay archive has. */
  private static Path incidents(Path archive, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      Path incident = Files.createDirectories(archive.resolve(String.format("%05d", i)));
      Files.writeString(incident.resolve("expected.yaml"), "findings: []\n");
    }
    return archive;
  }

  /** What the launcher counts (nproc), which a JVM's own count may not match in a container. */
  private static int processors() throws IOException, InterruptedException {
    Process p = new ProcessBuilder("nproc").start();
    String n = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    p.waitFor();
    return Integer.parseInt(n);
  }

  @Test
  void offRecordsNoArchive(@TempDir Path tmp) throws Exception {
    Path root = install(tmp);
    Result r = run(root, tmp.resolve("cache"), Map.of("GPU_DOCTOR_CACHE", "off"), "--version");
    assertThat(r.exit()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(tmp.resolve("cache")).doesNotExist();
    assertThat(root.resolve("off")).doesNotExist();
  }
}
