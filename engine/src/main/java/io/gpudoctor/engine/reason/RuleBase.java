package io.gpudoctor.engine.reason;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  private static final Pattern RULE_DECL = Pattern.compile("^\\s*rule\\s+\"([^\"]+)\"", Pattern.MULTILINE);
  private static final Pattern ORDERING = Pattern.compile(
      "^\\s*(salience|agenda-group|ruleflow-group|activation-group|auto-focus|lock-on-active)\\b", Pattern.MULTILINE);
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
   * The cache key of a rule set: the digest of its DRL files and catalogue, the facts' shape and
   * the Drools version. The key of a folder's files and of the same texts elsewhere is the same.
   */
  static String cacheKey(RuleFiles files) {
    return cacheKey(digest(files));
  }

  private static String cacheKey(String digest) {
    return digest.substring("sha256:".length()) + "-" + FactsFingerprint.current() + "-drools" + DROOLS_VERSION;
  }

  /** Compiles (or loads from the standard cache) the rule set. */
  public static RuleBase compile(RuleFiles files) throws RuleCompileException {
    return compile(files, CompiledRulesCache.standard());
  }

  public static RuleBase compile(RuleFiles files, CompiledRulesCache cache) throws RuleCompileException {
    String digest = digest(files);
    String cacheKey = cacheKey(digest);
    // A cached rule set loads before the catalogue's YAML and the rule lines are read: by then the
    // evidence reader on the other thread has paid for Jackson's first use, which the two threads
    // otherwise wait on each other for at start-up. Their problems are still all reported.
    KieBase kieBase = files.drl().isEmpty() ? null : cache.load(cacheKey).orElse(null);
    List<RuleProblem> problems = new ArrayList<>();
    Catalogue catalogue = Catalogue.parse(files.catalogue(), files.display(RuleFiles.CATALOGUE), problems);
    if (files.drl().isEmpty()) {
      problems.add(new RuleProblem(files.origin(), 0, "no *.drl files"));
    }
    Map<String, RuleLocation> locations = locate(files, problems);
    if (!problems.isEmpty()) throw new RuleCompileException(problems);

    boolean fromCache = kieBase != null;
    boolean executableModel = true;
    boolean storeLater = false;
    if (!fromCache) {
      Compiled compiled;
      if (cache.storesInBackground()) {
        // A short run after an edit: the classic build answers in ~0.6x the CPU time of the
        // executable model's (references/performance.md), and a detached JVM compiles and stores
        // the model for the next run. With the cache off there is nothing to store, so classic too.
        compiled = compileClassic(files);
        storeLater = true;
      } else {
        compiled = compileModel(files, cache, cacheKey);
      }
      kieBase = compiled.kieBase();
      executableModel = compiled.executableModel();
    }
    List<RuleInfo> rules = describe(kieBase, locations, files, catalogue, problems);
    if (!problems.isEmpty()) throw new RuleCompileException(problems);
    if (storeLater) cache.storeInBackground(cacheKey, files);
    return new RuleBase(kieBase, catalogue, rules, digest, fromCache, executableModel);
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

  private record Compiled(KieBase kieBase, boolean executableModel) {}

  private record RuleLocation(String file, int line) {}

  private static Map<String, RuleLocation> locate(RuleFiles files, List<RuleProblem> problems) {
    Map<String, RuleLocation> locations = new HashMap<>();
    files.drl().forEach((name, text) -> {
      Matcher m = RULE_DECL.matcher(text);
      // Lines counted once through the file (matches come in order), not from the top per rule:
      // at start-up, before the JIT, that rescan cost more than loading the cached rule base.
      LineCounter lines = new LineCounter(text);
      while (m.find()) {
        int line = lines.lineOf(m.start(1));
        RuleLocation previous = locations.put(m.group(1), new RuleLocation(name, line));
        if (previous != null) {
          problems.add(new RuleProblem(files.display(name), line,
              "rule \"" + m.group(1) + "\" is also declared in " + files.display(previous.file())));
        }
      }
      Matcher o = ORDERING.matcher(text);
      while (o.find()) {
        problems.add(new RuleProblem(files.display(name), lineOf(text, o.start(1)),
            "'" + o.group(1) + "' is not allowed: order rules by the facts they need, not by attributes"));
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

  /** 1-based line numbers of increasing offsets into one text. */
  private static final class LineCounter {
    private final String text;
    private int offset;
    private int line = 1;

    LineCounter(String text) {
      this.text = text;
    }

    int lineOf(int at) {
      if (at < offset) return RuleBase.lineOf(text, at);
      for (; offset < at; offset++) if (text.charAt(offset) == '\n') line++;
      return line;
    }
  }

  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) if (text.charAt(i) == '\n') line++;
    return line;
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").trim();
  }

  private static List<RuleProblem> dedupe(List<RuleProblem> problems) {
    return problems.stream().distinct().toList();
  }

  private static String digest(RuleFiles files) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      files.drl().forEach((name, text) -> {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      });
      sha.update(files.catalogue().getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
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
