package io.gpudoctor.engine.reason;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieBase;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;
import org.kie.api.builder.ReleaseId;

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
  private final Map<String, RuleInfo> byName;
  private final String digest;
  private final boolean fromCache;
  private final boolean executableModel;
  private final int compiled;
  private final Path cacheEntry;

  private RuleBase(KieBase kieBase, Catalogue catalogue, List<RuleInfo> rules, String digest, boolean fromCache,
      boolean executableModel, int compiled, Path cacheEntry) {
    this.kieBase = kieBase;
    this.catalogue = catalogue;
    this.rules = List.copyOf(rules);
    // Asked on every firing and every insertion of a diagnosis: a scan of the list took ~1/4 of a
    // replay's rule time.
    Map<String, RuleInfo> names = new HashMap<>();
    for (RuleInfo rule : this.rules) names.putIfAbsent(rule.name(), rule);
    this.byName = Map.copyOf(names);
    this.digest = digest;
    this.fromCache = fromCache;
    this.executableModel = executableModel;
    this.compiled = compiled;
    this.cacheEntry = cacheEntry;
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
   * Loading#finish()} meanwhile takes the rule set's description from the cache entry as soon as
   * the executor has read it, or checks the rule contract on the texts on the caller's thread (the
   * catalogue, the rule lines and the digest: ~90 ms that sat on a cold start's critical path when
   * the rule thread did them).
   */
  public static Loading startLoading(RuleFiles files, CompiledRulesCache cache, Executor executor) {
    CompletableFuture<Compiled> compiled = new CompletableFuture<>();
    CompletableFuture<Optional<byte[]>> stored = new CompletableFuture<>();
    executor.execute(() -> {
      try {
        compiled.complete(loadOrCompile(files, cache, stored::complete));
      } catch (RuleCompileException | RuntimeException | LinkageError e) {
        compiled.completeExceptionally(e);
        return;
      } finally {
        stored.complete(Optional.empty());
      }
      if (stored.join().isEmpty()) files.digest(); // for finish(), if this thread is first free
    });
    return new Loading(files, cache, compiled, stored);
  }

  /** A rule set whose compiled rules are loading ({@link #startLoading}). */
  public static final class Loading {
    private final RuleFiles files;
    private final CompiledRulesCache cache;
    private final CompletableFuture<Compiled> compiled;
    private final CompletableFuture<Optional<byte[]>> stored;

    private Loading(RuleFiles files, CompiledRulesCache cache, CompletableFuture<Compiled> compiled,
        CompletableFuture<Optional<byte[]>> stored) {
      this.files = files;
      this.cache = cache;
      this.compiled = compiled;
      this.stored = stored;
    }

    /**
     * Checks the rule contract, waits for the compiled rules and describes them: as the cache entry
     * they load from describes them, when it does (its key names these texts), else from the texts.
     */
    public RuleBase finish() throws RuleCompileException {
      RuleSetDescription description = stored.join().flatMap(RuleSetDescription::fromJson).orElse(null);
      Compiled rules;
      if (description != null) {
        rules = await();
      } else {
        RuleContract.Texts texts = RuleContract.checkTexts(files);
        files.digest();
        rules = await();
        description = RuleContract.describe(files, texts, rules.kieBase());
      }
      if (rules.storeLater()) cache.storeInBackground(cacheKey(files), files);
      return new RuleBase(rules.kieBase(), Catalogue.of(description.catalogue()), description.rulesOf(files),
          description.digest(), rules.fromCache(), rules.executableModel(), rules.compiled(),
          rules.fromCache() ? cache.fileFor(cacheKey(files)) : null);
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

  private static Compiled loadOrCompile(RuleFiles files, CompiledRulesCache cache, Consumer<Optional<byte[]>> stored)
      throws RuleCompileException {
    String cacheKey = cacheKey(files);
    cache.remember(files, cacheKey);
    KieBase cached = cache.load(cacheKey, stored).orElse(null);
    if (cached != null) return new Compiled(cached, true, true, false, 0);
    if (files.drl().isEmpty()) return null; // reported by finish()
    if (cache.storesInBackground()) {
      // A short run after an edit: the rules the edit left as they were come from the model
      // compiled before it and only the edited ones compile (classic; an edited function with the
      // rules that call it), else the whole classic
      // build answers, in ~0.6x the CPU time of the executable model's (references/performance.md);
      // a detached JVM compiles and stores the model for the next run. With the cache off there is
      // nothing to store, so classic too.
      EditedRules.Built edited = cache.loadEdited(files, cacheKey).orElse(null);
      if (edited != null) return new Compiled(edited.kieBase(), false, false, true, edited.compiled());
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
    KieBase kieBase = ks.newKieContainer(releaseId).getKieBase();
    cache.store(cacheKey, ((InternalKieModule) builder.getKieModule()).getBytes(),
        RuleContract.describeIfKept(files, kieBase), files.drl());
    return new Compiled(kieBase, true);
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

  private record Compiled(KieBase kieBase, boolean executableModel, boolean fromCache, boolean storeLater, int compiled) {
    Compiled(KieBase kieBase, boolean executableModel) {
      this(kieBase, executableModel, false, false, kieBase.getKiePackages().stream().mapToInt(p -> p.getRules().size()).sum());
    }

    Compiled storedLater() {
      return new Compiled(kieBase, executableModel, fromCache, true, compiled);
    }
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
    return byName.get(name);
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

  /**
   * How many rules this load compiled: none when they came from the cache, the edited ones (and
   * those calling an edited function) when the others came from the model of the rules before an
   * edit of rules or function bodies, else all.
   */
  public int compiledRules() {
    return compiled;
  }

  /** The cache entry (a jar) the compiled rules came from, if they came from the cache. */
  public Optional<Path> cacheEntry() {
    return Optional.ofNullable(cacheEntry);
  }

  /** Whether the compiled rules came from the cache rather than a compilation of the DRL. */
  public boolean fromCache() {
    return fromCache;
  }
}
