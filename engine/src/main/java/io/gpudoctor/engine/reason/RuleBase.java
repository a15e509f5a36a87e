package io.gpudoctor.engine.reason;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;
import org.kie.api.builder.ReleaseId;
import org.kie.api.definition.KiePackage;
import org.kie.api.definition.rule.Rule;

/**
 * The compiled rules plus the catalogue they conclude into. Compiling checks the rule contract
 * too: every rule names its {@code @route} (the file it lives in) and either an {@code @id} from
 * the catalogue or a {@code @signal}; ordering attributes (salience, agenda groups) are refused.
 */
public final class RuleBase {
  private static final String RESOURCE_FOLDER = "gpudoctor/rules/";
  private static final String KFS_PREFIX = "src/main/resources/" + RESOURCE_FOLDER;
  private static final AtomicLong BUILDS = new AtomicLong();
  private static final String DROOLS_VERSION = droolsVersion();

  private final KieBase kieBase;
  private final Catalogue catalogue;
  private final List<RuleInfo> rules;
  private final String digest;
  private final boolean fromCache;
  private final boolean executableModel;

  private RuleBase(KieBase kieBase, Catalogue catalogue, List<RuleInfo> rules, String digest, boolean fromCache,
      boolean executableModel) {
    this.kieBase = kieBase;
    this.catalogue = catalogue;
    this.rules = List.copyOf(rules);
    this.digest = digest;
    this.fromCache = fromCache;
    this.executableModel = executableModel;
  }

  /**
   * The cache key of a rule set: what identifies its files (the jar they ship in, else the digest
   * of their texts), the facts' build and the Drools version.
   */
  static String cacheKey(RuleFiles files) {
    String identity = files.identity() != null ? files.identity() : files.digest().substring("sha256:".length());
    return identity + "-" + FactsFingerprint.current() + "-drools" + DROOLS_VERSION;
  }

  /** Compiles (or loads from the standard cache) the rule set. */
  public static RuleBase compile(RuleFiles files) throws RuleCompileException {
    return compile(files, CompiledRulesCache.standard());
  }

  public static RuleBase compile(RuleFiles files, CompiledRulesCache cache) throws RuleCompileException {
    return startLoading(files, cache, Runnable::run).finish();
  }

  /**
   * Starts loading the compiled rules on the executor (from the cache, else compiled); {@link
   * Loading#finish()} checks the rule contract on the caller's thread meanwhile. A cold start's
   * critical path was the rule thread, with the caller idle for a third of a second after reading
   * the evidence: the catalogue, the rule lines and the digest (~90 ms there) now run on the caller.
   */
  public static Loading startLoading(RuleFiles files, CompiledRulesCache cache, Executor executor) {
    CompletableFuture<Compiled> compiled = new CompletableFuture<>();
    executor.execute(() -> {
      try {
        compiled.complete(loadOrCompile(files, cache));
      } catch (RuleCompileException | RuntimeException | LinkageError e) {
        compiled.completeExceptionally(e);
        return;
      }
      files.digest(); // for finish(), if this thread is first free
    });
    return new Loading(files, cache, compiled);
  }

  /** A rule set whose compiled rules are loading ({@link #startLoading}). */
  public static final class Loading {
    private final RuleFiles files;
    private final CompiledRulesCache cache;
    private final CompletableFuture<Compiled> compiled;

    private Loading(RuleFiles files, CompiledRulesCache cache, CompletableFuture<Compiled> compiled) {
      this.files = files;
      this.cache = cache;
      this.compiled = compiled;
    }

    /** Checks the rule contract, waits for the compiled rules and describes them. */
    public RuleBase finish() throws RuleCompileException {
      List<RuleProblem> problems = new ArrayList<>();
      Catalogue catalogue = Catalogue.parse(files.catalogue(), files.display(RuleFiles.CATALOGUE), problems);
      if (files.drl().isEmpty()) {
        problems.add(new RuleProblem(files.origin(), 0, "no *.drl files"));
      }
      Map<String, RuleLocation> locations = locate(files, problems);
      if (!problems.isEmpty()) throw new RuleCompileException(problems);
      String digest = files.digest();
      Compiled rules = await();
      List<RuleInfo> described = describe(rules.kieBase(), locations, files, catalogue, problems);
      if (!problems.isEmpty()) throw new RuleCompileException(problems);
      if (rules.storeLater()) cache.storeInBackground(cacheKey(files), files);
      return new RuleBase(rules.kieBase(), catalogue, described, digest, rules.fromCache(), rules.executableModel());
    }

    private Compiled await() throws RuleCompileException {
      try {
        return compiled.join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuleCompileException rce) throw rce;
        if (e.getCause() instanceof RuntimeException re) throw re;
        if (e.getCause() instanceof Error error) throw error;
        throw e;
      }
    }
  }

  private static Compiled loadOrCompile(RuleFiles files, CompiledRulesCache cache) throws RuleCompileException {
    String cacheKey = cacheKey(files);
    KieBase cached = cache.load(cacheKey).orElse(null);
    if (cached != null) return new Compiled(cached, true, true, false);
    if (files.drl().isEmpty()) return null; // reported by finish()
    if (cache.storesInBackground()) {
      // A short run after an edit: the classic build answers in ~0.6x the CPU time of the
      // executable model's (references/performance.md), and a detached JVM compiles and stores
      // the model for the next run. With the cache off there is nothing to store, so classic too.
      return compileClassic(files).storedLater();
    }
    return compileModel(files, cache, cacheKey);
  }

  /** Compiles the executable model of these files and stores it under the key (the detached store). */
  static void storeModel(RuleFiles files, CompiledRulesCache cache, String cacheKey) throws RuleCompileException {
    compileModel(files, cache, cacheKey);
  }

  /**
   * Compiles the DRL to the executable model: slower than the classic build once, but what it
   * produces can be stored and loaded back in a fraction of the time.
   */
  private static Compiled compileModel(RuleFiles files, CompiledRulesCache cache, String cacheKey)
      throws RuleCompileException {
    KieServices ks = KieServices.get();
    KieFileSystem kfs = ks.newKieFileSystem();
    ReleaseId releaseId = ks.newReleaseId("io.gpudoctor", "rules", "1.0." + BUILDS.incrementAndGet());
    kfs.generateAndWritePomXML(releaseId);
    files.drl().forEach((name, text) -> kfs.write(KFS_PREFIX + name, text));
    KieBuilder builder = ks.newKieBuilder(kfs).buildAll(ExecutableModelProject.class);
    if (!problems(builder, files).isEmpty()) {
      // The classic compiler reports errors with their DRL line (the executable-model compiler
      // loses some, or names its generated Java). A rule set only the executable model refuses
      // still runs, classic and uncached, rather than failing the rule author.
      cache.markClassicOnly(cacheKey);
      return compileClassic(files);
    }
    cache.store(cacheKey, ((InternalKieModule) builder.getKieModule()).getBytes());
    return new Compiled(ks.newKieContainer(releaseId).getKieBase(), true);
  }

  /** The classic build: DRL to a KieBase in one process, errors with their DRL file and line; not storable. */
  private static Compiled compileClassic(RuleFiles files) throws RuleCompileException {
    KieServices ks = KieServices.get();
    KieFileSystem kfs = ks.newKieFileSystem();
    ReleaseId releaseId = ks.newReleaseId("io.gpudoctor", "rules", "1.0." + BUILDS.incrementAndGet());
    kfs.generateAndWritePomXML(releaseId);
    files.drl().forEach((name, text) -> kfs.write(KFS_PREFIX + name, text));
    List<RuleProblem> classic = problems(ks.newKieBuilder(kfs).buildAll(), files);
    if (!classic.isEmpty()) throw new RuleCompileException(dedupe(classic));
    return new Compiled(ks.newKieContainer(releaseId).getKieBase(), false);
  }

  private record Compiled(KieBase kieBase, boolean executableModel, boolean fromCache, boolean storeLater) {
    Compiled(KieBase kieBase, boolean executableModel) {
      this(kieBase, executableModel, false, false);
    }

    Compiled storedLater() {
      return new Compiled(kieBase, executableModel, fromCache, true);
    }
  }

  private record RuleLocation(String file, int line) {}

  private static Map<String, RuleLocation> locate(RuleFiles files, List<RuleProblem> problems) {
    Map<String, RuleLocation> locations = new HashMap<>();
    files.drl().forEach((name, text) -> {
      RuleDeclarations declared = RuleDeclarations.scan(text);
      for (RuleDeclarations.Declared rule : declared.rules()) {
        RuleLocation previous = locations.put(rule.name(), new RuleLocation(name, rule.line()));
        if (previous != null) {
          problems.add(new RuleProblem(files.display(name), rule.line(),
              "rule \"" + rule.name() + "\" is also declared in " + files.display(previous.file())));
        }
      }
      for (RuleDeclarations.Declared attribute : declared.ordering()) {
        problems.add(new RuleProblem(files.display(name), attribute.line(),
            "'" + attribute.name() + "' is not allowed: order rules by the facts they need, not by attributes"));
      }
    });
    return locations;
  }

  private static List<RuleInfo> describe(KieBase kieBase, Map<String, RuleLocation> locations,
      RuleFiles files, Catalogue catalogue, List<RuleProblem> problems) {
    List<RuleInfo> rules = new ArrayList<>();
    for (KiePackage pkg : kieBase.getKiePackages()) {
      for (Rule rule : pkg.getRules()) {
        RuleLocation loc = locations.getOrDefault(rule.getName(), new RuleLocation("?", 0));
        String display = files.display(loc.file());
        Map<String, Object> meta = rule.getMetaData();
        String route = meta(meta, "route");
        String id = meta(meta, "id");
        String signal = meta(meta, "signal");
        String fileRoute = loc.file().endsWith(".drl") ? loc.file().substring(0, loc.file().length() - 4) : loc.file();
        if (route == null) {
          problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" has no @route"));
        } else if (!route.equals(fileRoute)) {
          problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" has @route(" + route
              + ") but lives in " + loc.file() + ": one DRL file per route"));
        }
        if ((id == null) == (signal == null)) {
          problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName()
              + "\" needs exactly one of @id (the finding it concludes) or @signal (the signal it derives)"));
        } else if (id != null && !catalogue.contains(id)) {
          problems.add(new RuleProblem(display, loc.line(), "rule \"" + rule.getName() + "\" concludes @id(" + id
              + ") which is not in " + RuleFiles.CATALOGUE));
        }
        rules.add(new RuleInfo(rule.getName(), display, loc.line(), route, id, signal));
      }
    }
    rules.sort(Comparator.comparing(RuleInfo::file).thenComparingInt(RuleInfo::line).thenComparing(RuleInfo::name));
    return rules;
  }

  private static String meta(Map<String, Object> meta, String key) {
    Object v = meta.get(key);
    if (v == null) return null;
    String s = v.toString().trim();
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) s = s.substring(1, s.length() - 1);
    return s.isEmpty() ? null : s;
  }

  private static List<RuleProblem> problems(KieBuilder builder, RuleFiles files) {
    List<RuleProblem> problems = new ArrayList<>();
    for (Message m : builder.getResults().getMessages(Message.Level.ERROR)) {
      String path = m.getPath() == null ? "" : m.getPath();
      // Drools names the file with or without the src/main/resources/ part of the KieFileSystem path.
      int at = path.indexOf(RESOURCE_FOLDER);
      String name = at >= 0 ? path.substring(at + RESOURCE_FOLDER.length()) : path;
      problems.add(new RuleProblem(files.display(name), Math.max(m.getLine(), 0), oneLine(m.getText())));
    }
    return problems;
  }

  private static String droolsVersion() {
    return org.drools.base.util.Drools.getFullVersion();
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").trim();
  }

  private static List<RuleProblem> dedupe(List<RuleProblem> problems) {
    return problems.stream().distinct().toList();
  }

  public KieBase kieBase() {
    return kieBase;
  }

  public Catalogue catalogue() {
    return catalogue;
  }

  public List<RuleInfo> rules() {
    return rules;
  }

  public RuleInfo rule(String name) {
    return rules.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  public String digest() {
    return digest;
  }

  /**
   * Whether the rules run as the executable model, which is what makes them cacheable; false when
   * only the classic compiler accepted them (they still run, but compile on every start).
   */
  public boolean executableModel() {
    return executableModel;
  }

  /** Whether the compiled rules came from the cache rather than a compilation of the DRL. */
  public boolean fromCache() {
    return fromCache;
  }
}
