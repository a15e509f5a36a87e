package io.gpudoctor.cli;

import io.gpudoctor.engine.bench.IncidentGenerator;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleFiles;
import io.gpudoctor.engine.replay.ReplayPlan;
import io.gpudoctor.engine.replay.ReplayReport;
import io.gpudoctor.engine.replay.ReplayRunner;
import io.gpudoctor.engine.replay.Shard;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Measures the targets of the issue "Fast" side by side in one run (the machine is noisy, so
 * only ratios within one run mean something): cold start as child JVMs of this jar, replay
 * throughput against a parse-only pass in this JVM, and the scale incident. With
 * {@code --generate DIR} it only writes the scale incident.
 */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = {
      "Measures cold start, replay throughput and scale, and prints the figures and ratios.",
      "With --generate DIR, writes a seeded synthetic incident of a large GPU cluster instead."
    })
final class BenchCommand implements Callable<Integer> {
  private static final String TYPICAL = "references/incidents/2026-01-t4-pool-fully-allocated";
  /** The archive of a diagnose --rules after an edit: the launcher's for the runs after later edits. */
  private static final String EDIT_ARCHIVE = "diagnose-rules.jsa";
  /** The archive of a diagnose of the shipped rules with their cache entry on the class path. */
  private static final String DIAGNOSE_MODEL_ARCHIVE = "diagnose-model.jsa";

  @Spec CommandSpec spec;

  @Option(names = "--runs", paramLabel = "N", description = "Child JVM runs per measure; the median is shown (default: ${DEFAULT-VALUE}).")
  int runs = 10; // target 1 is defined on medians of 10 runs

  private static final int THROUGHPUT_ROUNDS = 5;

  @Option(names = "--folders", paramLabel = "K", description = "Incident folders for the replay throughput: the examples repeated (default: ${DEFAULT-VALUE}).")
  int folders = 2000;

  @Option(names = {"-j", "--jobs"}, paramLabel = "N", description = "Threads of the replay and of the parse-only pass (default: the processors, ${DEFAULT-VALUE}).")
  int jobs = Runtime.getRuntime().availableProcessors();

  @Option(names = "--incident", paramLabel = "DIR", description = "The typical incident (default: " + TYPICAL + ").")
  Path incident;

  @Option(names = "--examples", paramLabel = "DIR", description = "The example incidents to repeat (default: references/incidents).")
  Path examples;

  @Option(names = "--skip-scale", description = "Do not generate and diagnose the scale incidents (1x and 2x).")
  boolean skipScale;

  @Option(names = "--skip-cold", description = "Do not measure the cold start (targets 1 and 2).")
  boolean skipCold;

  @Option(names = "--skip-throughput", description = "Do not measure the replay throughput (target 3).")
  boolean skipThroughput;

  @Option(names = "--generate", paramLabel = "DIR", description = "Only write the synthetic incident into DIR.")
  Path generate;

  @Option(names = "--nodes", paramLabel = "N", description = "Nodes of the synthetic incident (default: ${DEFAULT-VALUE}).")
  int nodes = IncidentGenerator.Size.ISSUE.nodes();

  @Option(names = "--pods", paramLabel = "N", description = "Pods (default: ${DEFAULT-VALUE}).")
  int pods = IncidentGenerator.Size.ISSUE.pods();

  @Option(names = "--events", paramLabel = "N", description = "Events (default: ${DEFAULT-VALUE}).")
  int events = IncidentGenerator.Size.ISSUE.events();

  @Option(names = "--gpus", paramLabel = "N", description = "GPUs in the DCGM scrape, 8 per GPU node (default: ${DEFAULT-VALUE}).")
  int gpus = IncidentGenerator.Size.ISSUE.gpus();

  @Option(names = "--seed", paramLabel = "N", description = "Seed of the generator (default: ${DEFAULT-VALUE}).")
  long seed = IncidentGenerator.Size.ISSUE.seed();

  private PrintWriter out;

  @Override
  public Integer call() throws Exception {
    out = spec.commandLine().getOut();
    IncidentGenerator.Size size;
    try {
      size = new IncidentGenerator.Size(nodes, pods, events, gpus, seed);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, e.getMessage());
    }
    if (generate != null) {
      new IncidentGenerator(size).write(generate);
      out.println("wrote " + generate + ": " + nodes + " nodes, " + pods + " pods, " + events + " events, " + gpus + " GPUs (seed " + seed + ")");
      return ExitCodes.OK;
    }
    Path typical = incident != null ? incident : Locations.find(TYPICAL)
        .orElseThrow(() -> new CliException(ExitCodes.USAGE, "cannot find " + TYPICAL + "; give --incident DIR"));
    Path corpus = examples != null ? examples : Locations.find("references/incidents")
        .orElseThrow(() -> new CliException(ExitCodes.USAGE, "cannot find references/incidents; give --examples DIR"));
    Path tmp = Files.createTempDirectory("gpu-doctor-bench");
    try {
      out.printf(Locale.ROOT, "gpu-doctor bench: %d processors, java %s, median of %d child runs%n%n",
          Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), runs);
      out.flush();
      double help = skipCold ? Double.NaN : coldStart(typical, tmp);
      if (!skipThroughput) throughput(corpus, tmp);
      if (!skipScale) scale(size, typical, help, tmp);
    } finally {
      delete(tmp);
    }
    return ExitCodes.OK;
  }

  // ---- targets 1 and 2: child JVMs of this jar.

  private double coldStart(Path typical, Path tmp) throws Exception {
    Path jar = jar();
    if (jar == null) {
      out.println("cold start: skipped (not running from the jar)");
      return Double.NaN;
    }
    Path cache = tmp.resolve("rule-cache");
    // Real DRL edits: the shipped rules copied to a folder (diagnose --rules), one file changed
    // before each such run, with a rule cache that holds the model of the rules before the edit.
    // An edit of a rule answers with that rule compiled alone and the others from the model before
    // the edit (EditedRules); an edit of a function with it and the rules that reach it. Either way a
    // detached JVM stores the model; the bench waits for that store before the next command (so it
    // does not slow the others) and reports how long after the run's start the model was stored.
    Path rules = tmp.resolve("rules");
    RuleFiles shipped = Rules.files(null);
    Files.createDirectories(rules);
    for (var drl : shipped.drl().entrySet()) Files.writeString(rules.resolve(drl.getKey()), drl.getValue());
    Files.writeString(rules.resolve(RuleFiles.CATALOGUE), shipped.catalogue());
    Path edited = rules.resolve(shipped.drl().keySet().iterator().next());
    Path editCache = tmp.resolve("edit-cache");
    // As ./gpu-doctor runs them: with a class-data-sharing archive per command, made by a first
    // run with -XX:ArchiveClassesAtExit, C1 only and the serial collector (what the launcher does
    // for --help and for a diagnose of small evidence). Plain -jar runs are measured too.
    Path helpCds = tmp.resolve("help.jsa");
    Path editCds = tmp.resolve(EDIT_ARCHIVE);
    Path diagnoseModelCds = tmp.resolve(DIAGNOSE_MODEL_ARCHIVE);
    List<String> help = java(jar, null, "--help");
    List<String> diagnose = java(jar, "-Dgpudoctor.cache=" + cache, "diagnose", typical.toString());
    List<String> edit = java(jar, "-Dgpudoctor.cache=" + editCache, "diagnose", "--rules", rules.toString(), typical.toString());
    List<String> editInProcess = java(jar, "-Dgpudoctor.cache=" + editCache, "diagnose", "--rules", rules.toString(), typical.toString());
    editInProcess.add(1, "-Dgpudoctor.cache.background=false");
    time(java(jar, "-Dgpudoctor.cache=" + cache, "-Dgpudoctor.cache.background=false", "diagnose", typical.toString())); // fills the rule cache, as the first run after an install does
    time(withCds(help, "-XX:ArchiveClassesAtExit=" + helpCds));
    List<String> launcherDiagnose = withModelOnClassPath(diagnose, cache);
    time(withCds(launcherDiagnose, "-XX:ArchiveClassesAtExit=" + diagnoseModelCds));
    time(editInProcess); // the model of the rules before the first edit
    int edits = 0;
    // The launcher's archive for diagnose --rules, as its first run after an edit records it: the
    // model's classes and the compiler's (a run that compiled all its rules records none).
    Files.writeString(edited, editFunction(Files.readString(edited), ++edits));
    long jarsBefore = storedModels(editCache);
    long recording = System.nanoTime();
    time(withCds(edit, "-XX:ArchiveClassesAtExit=" + editCds));
    awaitStored(editCache, jarsBefore + 1, recording);
    boolean cds = Files.isRegularFile(helpCds) && Files.isRegularFile(editCds) && Files.isRegularFile(diagnoseModelCds);
    List<List<String>> commands = List.of(help, diagnose, edit, edit,
        withCds(help, "-XX:SharedArchiveFile=" + helpCds),
        withCds(launcherDiagnose, "-XX:SharedArchiveFile=" + diagnoseModelCds),
        withCds(edit, "-XX:SharedArchiveFile=" + editCds),
        withCds(edit, "-XX:SharedArchiveFile=" + editCds));
    int plain = 4;
    double[][] ms = new double[commands.size()][runs];
    double[][] stored = new double[commands.size()][runs];
    for (int i = 0; i < runs; i++) { // interleaved, so load spikes hit all of them alike
      for (int c = 0; c < commands.size(); c++) {
        if (c >= plain && !cds) {
          ms[c][i] = stored[c][i] = Double.NaN;
          continue;
        }
        boolean isEdit = commands.get(c).contains(rules.toString());
        long jars = isEdit ? storedModels(editCache) : 0;
        if (isEdit) {
          String text = Files.readString(edited);
          Files.writeString(edited, c % plain == 2 ? editRule(text, ++edits) : editFunction(text, ++edits));
        }
        long start = System.nanoTime();
        ms[c][i] = time(commands.get(c));
        stored[c][i] = isEdit ? awaitStored(editCache, jars + 1, start) : Double.NaN;
      }
    }
    double[] m = new double[commands.size()];
    double[] st = new double[commands.size()];
    for (int c = 0; c < commands.size(); c++) {
      m[c] = median(ms[c]);
      st[c] = median(stored[c]);
    }
    out.printf(Locale.ROOT, "1. cold start (child JVM, wall ms, median of %d)%n", runs);
    out.printf(Locale.ROOT, "                                          plain -jar         as ./gpu-doctor runs it (AppCDS, C1, serial GC)%n");
    out.printf(Locale.ROOT, "   --help                              %8.0f                  %8.0f%n", m[0], m[plain]);
    out.printf(Locale.ROOT, "   diagnose %s (cached rules)%n", typical.getFileName());
    out.printf(Locale.ROOT, "                                       %8.0f  ratio %5.2fx   %8.0f  ratio %5.2fx --help (target <= 2.0x)%n",
        m[1], m[1] / m[0], m[plain + 1], m[plain + 1] / m[plain]);
    out.printf(Locale.ROOT, "2. diagnose --rules DIR after an edit of a DRL file of DIR (rule cache of the rules before the edit)%n");
    out.printf(Locale.ROOT, "   an edit of a rule: it compiles alone, the others come from the model before the edit%n");
    out.printf(Locale.ROOT, "                                       %8.0f  ratio %5.2fx   %8.0f  ratio %5.2fx --help (target <= 8.0x)%n",
        m[2], m[2] / m[0], m[plain + 2], m[plain + 2] / m[plain]);
    out.printf(Locale.ROOT, "     model stored, ms after the start  %8.0f                  %8.0f%n", st[2], st[plain + 2]);
    out.printf(Locale.ROOT, "   an edit of a function: it compiles with the rules that call it, the others come from the model%n");
    out.printf(Locale.ROOT, "                                       %8.0f  ratio %5.2fx   %8.0f  ratio %5.2fx --help (target <= 8.0x)%n",
        m[3], m[3] / m[0], m[plain + 3], m[plain + 3] / m[plain]);
    out.printf(Locale.ROOT, "     model stored, ms after the start  %8.0f                  %8.0f%n", st[3], st[plain + 3]);
    if (!cds) out.printf(Locale.ROOT, "   (no AppCDS archive could be made with this java: the launcher runs plain -jar)%n");
    out.println();
    out.flush();
    return cds ? m[plain + 1] : m[1];
  }

  private static final Pattern RULE_EDIT = Pattern.compile("(?m)^  // bench rule edit \\d+$");
  private static final Pattern FUNCTION_EDIT = Pattern.compile("(?m)^  // bench function edit \\d+$");

  /** A comment in the conditions of the file's first rule: that rule's text changes, nothing else. */
  static String editRule(String drl, int n) {
    String mark = "  // bench rule edit " + n;
    Matcher m = RULE_EDIT.matcher(drl);
    if (m.find()) return drl.substring(0, m.start()) + mark + drl.substring(m.end());
    int when = drl.indexOf("\nwhen\n", drl.indexOf("\nrule "));
    return drl.substring(0, when + 6) + mark + "\n" + drl.substring(when + 6);
  }

  /** A comment in the body of the file's first function: that function's text changes, no rule's. */
  static String editFunction(String drl, int n) {
    String mark = "  // bench function edit " + n;
    Matcher m = FUNCTION_EDIT.matcher(drl);
    if (m.find()) return drl.substring(0, m.start()) + mark + drl.substring(m.end());
    int body = drl.indexOf("{\n", drl.indexOf("\nfunction ")) + 2;
    return drl.substring(0, body) + mark + "\n" + drl.substring(body);
  }

  private static long storedModels(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) return 0;
    try (Stream<Path> files = Files.list(cache)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".jar")).count();
    }
  }

  /** Milliseconds from start until the rule cache holds {@code jars} models and no pending build (NaN after 5 minutes). */
  private static double awaitStored(Path cache, long jars, long start) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + 300_000_000_000L;
    while (System.nanoTime() < deadline) {
      boolean pending;
      try (Stream<Path> files = Files.list(cache)) {
        pending = files.anyMatch(p -> p.getFileName().toString().startsWith("pending-"));
      }
      if (!pending && storedModels(cache) >= jars) return (System.nanoTime() - start) / 1e6;
      Thread.sleep(20);
    }
    return Double.NaN;
  }

  /** The launcher's flags before {@code -jar} for a short run: the archive option, no CDS log, C1 only (one thread on 2 cores), serial GC, metaspace. */
  private static List<String> withCds(List<String> cmd, String archiveOption) {
    return asLauncher(cmd, List.of(archiveOption, "-Xshare:auto", "-Xlog:cds=off,cds+dynamic=off"), "-XX:+UseSerialGC");
  }

  /**
   * The launcher's flags for a diagnose of 8 MiB of evidence or more: the archive if there is one,
   * C1 only, the parallel collector, and a first heap of 8x the evidence (as a share of RAM, capped
   * by the JVM at the maximum heap).
   */
  private static List<String> asLauncherForBigEvidence(List<String> cmd, Path archive, Path evidence) throws IOException {
    List<String> cds = Files.isRegularFile(archive)
        ? List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off,cds+dynamic=off")
        : List.of();
    List<String> out = asLauncher(cmd, cds, "-XX:+UseParallelGC");
    long ram = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    if (ram > 0) {
      double percent = Math.min(25, 800.0 * sizeOf(evidence) / ram);
      out.add(launcherFlagsAt(out), String.format(Locale.ROOT, "-XX:InitialRAMPercentage=%.3f", percent));
    }
    return out;
  }

  private static long sizeOf(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      long bytes = 0;
      for (Path f : files.filter(Files::isRegularFile).toList()) bytes += Files.size(f);
      return bytes;
    }
  }

  private static List<String> asLauncher(List<String> cmd, List<String> cds, String collector) {
    List<String> out = new ArrayList<>(cmd);
    List<String> flags = new ArrayList<>(cds);
    flags.add("-XX:TieredStopAtLevel=1");
    if (Runtime.getRuntime().availableProcessors() <= 2) flags.add("-XX:CICompilerCount=1");
    flags.addAll(List.of(collector, "-XX:MetaspaceSize=256m"));
    out.addAll(launcherFlagsAt(out), flags);
    return out;
  }

  /** Where JVM flags go in a command: before its class path. */
  private static int launcherFlagsAt(List<String> cmd) {
    int jar = cmd.indexOf("-jar");
    return jar >= 0 ? jar : cmd.indexOf("-cp");
  }

  /**
   * As the launcher runs a diagnose of the shipped rules once the rule cache has served them: with
   * their cache entry on the class path (the launcher's model_setup), if the cache holds it.
   */
  private static List<String> withModelOnClassPath(List<String> cmd, Path cache) throws IOException {
    if (!Files.isDirectory(cache)) return cmd;
    Path entry;
    try (Stream<Path> files = Files.list(cache)) {
      entry = files.filter(f -> f.getFileName().toString().startsWith("rules-") && f.toString().endsWith(".jar"))
          .sorted().findFirst().orElse(null);
    }
    if (entry == null) return cmd;
    List<String> out = new ArrayList<>(cmd);
    int jar = out.indexOf("-jar");
    out.set(jar, "-cp");
    out.set(jar + 1, out.get(jar + 1) + File.pathSeparator + entry);
    out.add(jar + 2, GpuDoctor.class.getName());
    return out;
  }

  private static List<String> java(Path jar, String property, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (property != null) cmd.add(property);
    while (args.length > 0 && args[0].startsWith("-D")) {
      cmd.add(args[0]);
      args = Arrays.copyOfRange(args, 1, args.length);
    }
    cmd.add("-jar");
    cmd.add(jar.toString());
    cmd.addAll(Arrays.asList(args));
    return cmd;
  }

  /** Wall milliseconds of one child process; its output is discarded. */
  private static double time(List<String> cmd) throws IOException, InterruptedException {
    long start = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    int code = p.waitFor();
    double ms = (System.nanoTime() - start) / 1e6;
    if (code != 0 && code != ExitCodes.FAILED) throw new CliException(ExitCodes.INTERNAL, "bench: " + String.join(" ", cmd) + " exited " + code);
    return ms;
  }

  private static Path jar() {
    try {
      Path p = Path.of(GpuDoctor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p : null;
    } catch (Exception e) {
      return null;
    }
  }

  // ---- target 3: replay throughput vs a parse-only pass, in this JVM.

  private void throughput(Path corpus, Path tmp) throws Exception {
    List<Path> examples = ReplayRunner.find(corpus).stream().map(ReplayRunner.Incident::folder).toList();
    if (examples.isEmpty()) throw new CliException(ExitCodes.USAGE, "no incident folders below " + corpus);
    Path copies = tmp.resolve("corpus");
    for (int i = 0; i < folders; i++) {
      copy(examples.get(i % examples.size()), copies.resolve(String.format(Locale.ROOT, "%05d", i)));
    }
    List<Path> all = ReplayRunner.find(copies).stream().map(ReplayRunner.Incident::folder).toList();
    RuleBase ruleBase = Rules.compile(null);
    ReplayPlan plan = new ReplayPlan(jobs, Shard.ALL, ReplayPlan.Progress.NONE);
    ReplayRunner runner = new ReplayRunner(ruleBase);
    // Warm-up: three passes of each over the examples, so that the measured passes compare
    // compiled code with compiled code (one pass left the reader and the rules half interpreted).
    for (int i = 0; i < 3; i++) {
      parseOnly(examples);
      readOnly(examples);
      runner.run(List.of(corpus), plan);
    }

    // Interleaved rounds, medians: one timed pass of each swung by 2.6x between runs of the bench
    // on a quiet machine (parse-only 1567 against 4064 folders/s), as a pass of a second or less
    // meets a collection or a compilation or not.
    double[] parse = new double[THROUGHPUT_ROUNDS];
    double[] read = new double[THROUGHPUT_ROUNDS];
    double[] replay = new double[THROUGHPUT_ROUNDS];
    long files = 0;
    ReplayReport report = null;
    for (int r = 0; r < THROUGHPUT_ROUNDS; r++) {
      long t0 = System.nanoTime();
      files = parseOnly(all);
      long t1 = System.nanoTime();
      readOnly(all);
      long t2 = System.nanoTime();
      report = runner.run(List.of(copies), plan);
      long t3 = System.nanoTime();
      parse[r] = folders / ((t1 - t0) / 1e9);
      read[r] = folders / ((t2 - t1) / 1e9);
      replay[r] = folders / ((t3 - t2) / 1e9);
    }
    out.printf(Locale.ROOT, "3. throughput over %d folders (%d files, the examples repeated), %d threads, incidents/s, median of %d interleaved rounds (range)%n",
        folders, files, jobs, THROUGHPUT_ROUNDS);
    out.printf(Locale.ROOT, "   parse-only (Jackson tree / text read of every file)  %8.1f              (%s)%n", median(parse), range(parse));
    out.printf(Locale.ROOT, "   read-only (EvidenceFolderReader: parse + facts)     %8.1f   ratio %.2fx parse-only (%s)%n",
        median(read), median(read) / median(parse), range(read));
    out.printf(Locale.ROOT, "   replay (read + rules + scoring)                     %8.1f   ratio %.2fx parse-only (target >= 0.6x) (%s)%n",
        median(replay), median(replay) / median(parse), range(replay));
    out.printf(Locale.ROOT, "   replay: %d passed, %d failed%n%n", report.passed(), report.failed());
    out.flush();
  }

  private long parseOnly(List<Path> incidents) throws Exception {
    JsonMapper json = JsonMapper.builder().build();
    YAMLMapper yaml = YAMLMapper.builder().build();
    return parallel(incidents, folder -> {
      long n = 0;
      try (Stream<Path> files = Files.walk(folder)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          n++;
          String name = f.getFileName().toString();
          String text = Files.readString(f);
          try {
            if (name.endsWith(".json")) json.readTree(text);
            else if (name.endsWith(".yaml") || name.endsWith(".yml")) yaml.readTree(text);
          } catch (RuntimeException e) {
            // a deliberately broken file still counts as parsed
          }
        }
      }
      return n;
    });
  }

  private long readOnly(List<Path> incidents) throws Exception {
    return parallel(incidents, folder -> {
      try {
        return (long) new EvidenceFolderReader().read(folder).facts().size();
      } catch (Exception e) {
        return 0L;
      }
    });
  }

  private interface Task {
    long run(Path folder) throws Exception;
  }

  private long parallel(List<Path> incidents, Task task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jobs));
    try {
      List<Future<Long>> futures = new ArrayList<>();
      for (Path p : incidents) futures.add(pool.submit(() -> task.run(p)));
      long sum = 0;
      for (Future<Long> f : futures) sum += f.get();
      return sum;
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- target 4: the generated incident, 1x and 2x, as child JVMs with a 512 MiB heap.

  private void scale(IncidentGenerator.Size size, Path typical, double typicalMs, Path tmp) throws Exception {
    Path jar = jar();
    if (jar == null) {
      out.println("4. scale: skipped (not running from the jar)");
      return;
    }
    Path one = new IncidentGenerator(size).write(tmp.resolve("scale-1x"));
    Path two = new IncidentGenerator(size.times(2)).write(tmp.resolve("scale-2x"));
    Path ruleCache = tmp.resolve("rule-cache");
    String cache = "-Dgpudoctor.cache=" + ruleCache;
    // The target is a diagnose with the rule base unchanged since the last run, as the typical figure is: without the
    // cold-start part nothing has filled the cache yet, and a first run would compile the rules beside the big
    // evidence in the same 512 MiB.
    if (storedModels(ruleCache) == 0) {
      time(java(jar, cache, "diagnose", typical.toString()));
      awaitStored(ruleCache, 1, System.nanoTime());
    }
    Path archive = tmp.resolve(DIAGNOSE_MODEL_ARCHIVE);
    if (Double.isNaN(typicalMs)) {
      typicalMs = time(asLauncherForBigEvidence(withModelOnClassPath(java(jar, cache, "diagnose", typical.toString()),
          ruleCache), archive, typical));
    }
    int n = Math.max(1, Math.min(runs, 3));
    double[] a = new double[n];
    double[] b = new double[n];
    // As ./gpu-doctor runs a diagnose of big evidence (and as the typical figure was taken): the
    // class archive of diagnose when the cold-start part made one, C1 only, the parallel collector.
    for (int i = 0; i < n; i++) {
      a[i] = time(asLauncherForBigEvidence(withModelOnClassPath(javaWithHeap(jar, cache, "-Xmx512m", "diagnose", one.toString()),
          ruleCache), archive, one));
      b[i] = time(asLauncherForBigEvidence(withModelOnClassPath(javaWithHeap(jar, cache, "-Xmx1024m", "diagnose", two.toString()),
          ruleCache), archive, two));
    }
    double x1 = median(a);
    double x2 = median(b);
    out.printf(Locale.ROOT, "4. scale (child JVM as ./gpu-doctor runs it%s, wall ms, median of %d; 1x = %d nodes, %d pods, %d events, %d GPUs)%n",
        Files.isRegularFile(archive) ? ": AppCDS, C1, parallel GC" : " without an archive: C1, parallel GC",
        n, size.nodes(), size.pods(), size.events(), size.gpus());
    out.printf(Locale.ROOT, "   1x with -Xmx512m   %8.0f   ratio %.2fx the typical diagnose (target <= 10x)%n", x1, x1 / typicalMs);
    out.printf(Locale.ROOT, "   2x with -Xmx1024m  %8.0f   ratio %.2fx the 1x (target <= 2.2x)%n", x2, x2 / x1);
    out.flush();
  }

  private static List<String> javaWithHeap(Path jar, String property, String heap, String... args) {
    List<String> cmd = java(jar, property, args);
    cmd.add(1, heap);
    return cmd;
  }

  // ---- helpers

  private static String range(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return String.format(Locale.ROOT, "%.1f-%.1f", sorted[0], sorted[sorted.length - 1]);
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) Files.createDirectories(target);
        else Files.copy(f, target);
      }
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(f -> {
        try {
          Files.delete(f);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException | UncheckedIOException e) {
      // a temp folder left behind is harmless
    }
  }
}
