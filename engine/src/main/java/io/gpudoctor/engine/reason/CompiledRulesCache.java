package io.gpudoctor.engine.reason;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.KieBaseConfiguration;
import org.kie.api.KieServices;

/**
 * Compiled rule sets on disk, keyed by the digest of the DRL files and the Drools version, so an
 * unchanged rule set loads its executable model (well under a second) instead of compiling DRL
 * (several seconds). An edit changes the digest, and the next run compiles and stores anew.
 * Storing is best effort: a read-only or full disk only costs the speed-up.
 */
public final class CompiledRulesCache {
  private static final String MODEL_CLASS_PREFIX = "org.drools.project.model.ProjectModel";
  private static final String TEXTS = "gpu-doctor/rule-texts/";
  private static final int REMEMBERED = 4;
  private final Path folder;
  private final boolean background;
  private final boolean atExit;
  private final boolean readOnly;

  private CompiledRulesCache(Path folder, boolean background) {
    this(folder, background, false, false);
  }

  private CompiledRulesCache(Path folder, boolean background, boolean atExit, boolean readOnly) {
    this.folder = folder;
    this.background = background;
    this.atExit = atExit;
    this.readOnly = readOnly;
  }

  /** {@code GPU_DOCTOR_CACHE} (or {@code -Dgpudoctor.cache}), else the XDG cache folder; "off" disables. */
  public static CompiledRulesCache standard() {
    String configured = System.getProperty("gpudoctor.cache", System.getenv("GPU_DOCTOR_CACHE"));
    if ("off".equals(configured)) return disabled();
    if (configured != null && !configured.isBlank()) return in(Path.of(configured));
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return in(base.resolve("gpu-doctor"));
  }

  public static CompiledRulesCache in(Path folder) {
    return new CompiledRulesCache(folder, false);
  }

  public static CompiledRulesCache disabled() {
    return new CompiledRulesCache(null, false);
  }

  /**
   * This cache for a short run (one diagnose): on a miss the run answers with the classic build and
   * a detached JVM ({@link BackgroundRuleStore}) compiles the executable model and stores it, so the
   * process that prints the report does not also pay for the model. Long runs (replay) keep the
   * in-process build: they run the rules many times and the model is what they run fastest.
   */
  public CompiledRulesCache storingInBackground() {
    return new CompiledRulesCache(folder, true);
  }

  /**
   * As {@link #storingInBackground()}, but the detached JVM starts when this JVM exits (a shutdown
   * hook), after the report is printed: started earlier, it competed with the end of the run.
   */
  public CompiledRulesCache storingInBackgroundAtExit() {
    return new CompiledRulesCache(folder, true, true, false);
  }

  /**
   * As {@link #storingInBackground()}, but nothing is ever written: a run serves what the cache
   * holds (the model of its rules, or of its rules before an edit of rules or function bodies) and
   * compiles the rest classic. For a cache shared read-only, and for tests that must not start a
   * builder JVM.
   */
  public CompiledRulesCache readOnly() {
    return new CompiledRulesCache(folder, true, false, true);
  }

  boolean storesInBackground() {
    return background;
  }

  Path folder() {
    return folder;
  }

  Path fileFor(String key) {
    return folder == null ? null : folder.resolve("rules-" + key + ".jar");
  }

  /**
   * The cached rule base for this key, or empty when absent or unusable (then it is removed). What
   * the entry stores as the rule set's description ({@link RuleSetDescription}) goes to {@code
   * described} as soon as the entry is read, before the rule base is built from it.
   */
  Optional<KieBase> load(String key, Consumer<Optional<byte[]>> described) {
    Path jar = fileFor(key);
    if (jar == null || !Files.isRegularFile(jar)) return Optional.empty();
    try {
      // The launcher puts the entry of the shipped rules on the class path once a run has named it
      // (Rules.finish): loaded from there, the class-data-sharing archive holds the model's lambdas
      // too, which it never does for a class loader of our own (~40 ms of a cold diagnose). Its
      // classes then come from the class path, so of the jar only the description and the model's
      // name are read: inflating all of it (6 MB) cost ~20 ms of the critical path.
      if (onClassPath(jar)) {
        ClassLoader classes = RuleBase.class.getClassLoader();
        String model;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
          described.accept(Optional.ofNullable(bytesOf(zip, RuleSetDescription.ENTRY)));
          model = modelClassOf(zip);
        }
        return Optional.of(KieBaseBuilder.createKieBaseFromModel(modelsOf(model, classes), configuration(classes)));
      }
      CachedRulesClassLoader loader = CachedRulesClassLoader.read(jar, RuleBase.class.getClassLoader());
      described.accept(Optional.ofNullable(loader.resource(RuleSetDescription.ENTRY)));
      return Optional.of(KieBaseBuilder.createKieBaseFromModel(modelsOf(loader, loader), configuration(loader)));
    } catch (ReflectiveOperationException | IOException | RuntimeException | LinkageError e) {
      try {
        Files.deleteIfExists(jar);
      } catch (IOException ignored) {
        // the next store overwrites it
      }
      return Optional.empty();
    }
  }

  /**
   * The rules of these files from the model last compiled for their folder when they differ from
   * its texts in rules and function bodies only ({@link EditedRules}), or empty: no such model
   * (another folder, other facts or Drools), or an edit of anything else. The entry stays for the
   * next edit either way.
   */
  Optional<EditedRules.Built> loadEdited(RuleFiles files, String key) {
    String suffix = key.substring(key.indexOf('-'));
    for (String earlier : remembered(files)) {
      Path jar = fileFor(earlier);
      if (earlier.equals(key) || !earlier.endsWith(suffix) || !Files.isRegularFile(jar)) continue;
      try {
        CachedRulesClassLoader loader = CachedRulesClassLoader.read(jar, RuleBase.class.getClassLoader());
        Map<String, String> texts = textsOf(loader);
        if (texts.isEmpty()) continue; // stored before entries kept their texts
        return EditedRules.build(loader, () -> modelsOf(loader), configuration(loader), texts, files.drl());
      } catch (IOException | RuntimeException | LinkageError e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * Goes through what the first run after an edit of these rules does (their model loaded, the
   * first function, else the first rule, edited and compiled) and drops what it built. For a run whose
   * rules came from this cache and that records a class-data-sharing archive: its archive then
   * holds the classes a run after an edit loads too (the compiler's, ~1,500 of them), and any later
   * run after an edit maps them instead of reading them from jars. Writes nothing. Whether it built
   * is for tests; it never throws.
   */
  public boolean rehearseAnEditOf(RuleFiles files) {
    Path jar = fileFor(RuleBase.cacheKey(files));
    if (jar == null || !Files.isRegularFile(jar)) return false;
    try {
      CachedRulesClassLoader loader = CachedRulesClassLoader.read(jar, RuleBase.class.getClassLoader());
      Map<String, String> texts = textsOf(loader);
      Map<String, String> edited = EditedRules.withAnEdit(texts).orElse(null);
      if (edited == null) return false;
      return EditedRules.build(loader, () -> modelsOf(loader), configuration(loader), texts, edited).isPresent();
    } catch (IOException | RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static Map<String, String> textsOf(CachedRulesClassLoader loader) {
    Map<String, String> texts = new TreeMap<>();
    loader.resourcesUnder(TEXTS).forEach((name, bytes) -> texts.put(name, new String(bytes, StandardCharsets.UTF_8)));
    return texts;
  }

  private static List<Model> modelsOf(CachedRulesClassLoader loader) throws ReflectiveOperationException, IOException {
    return modelsOf(loader, loader);
  }

  /** The models of the entry that {@code loader} read, their classes loaded by {@code classes}. */
  private static List<Model> modelsOf(CachedRulesClassLoader loader, ClassLoader classes)
      throws ReflectiveOperationException, IOException {
    return modelsOf(loader.classNamed(MODEL_CLASS_PREFIX), classes);
  }

  @SuppressWarnings("unchecked")
  private static List<Model> modelsOf(String projectModelClass, ClassLoader classes) throws ReflectiveOperationException {
    Object projectModel = Class.forName(projectModelClass, true, classes).getDeclaredConstructor().newInstance();
    return (List<Model>) projectModel.getClass().getMethod("getModels").invoke(projectModel);
  }

  private static String modelClassOf(ZipFile zip) throws IOException {
    String prefix = MODEL_CLASS_PREFIX.replace('.', '/');
    for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
      String name = entries.nextElement().getName();
      if (name.startsWith(prefix) && name.endsWith(".class") && !name.contains("$")) {
        return name.substring(0, name.length() - ".class".length()).replace('/', '.');
      }
    }
    throw new IOException("no class " + MODEL_CLASS_PREFIX + "* in the cached rule set");
  }

  private static byte[] bytesOf(ZipFile zip, String name) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    if (entry == null) return null;
    try (InputStream in = zip.getInputStream(entry)) {
      return in.readAllBytes();
    }
  }

  /** Whether this entry is on the application class path (the model of one rule set at most is). */
  private static boolean onClassPath(Path jar) {
    Path entry = jar.toAbsolutePath().normalize();
    for (String p : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!p.isEmpty() && Path.of(p).toAbsolutePath().normalize().equals(entry)) return true;
    }
    return false;
  }

  private static KieBaseConfiguration configuration(ClassLoader loader) {
    return KieServices.get().newKieBaseConfiguration(null, loader);
  }

  /**
   * Remembers that this key holds (or will hold, once stored) the rules last used from these files'
   * folder, so that the first run after the next edit finds the model to start from. Rules from a jar are
   * never edited in place: nothing to remember.
   */
  void remember(RuleFiles files, String key) {
    Path index = indexFor(files);
    if (index == null || readOnly) return;
    List<String> earlier = remembered(files);
    if (!earlier.isEmpty() && earlier.get(0).equals(key)) return;
    List<String> keys = new ArrayList<>(List.of(key));
    for (String k : earlier) {
      if (!keys.contains(k) && keys.size() < REMEMBERED) keys.add(k);
    }
    Path tmp = null;
    try {
      Files.createDirectories(folder);
      tmp = Files.createTempFile(folder, "index-", ".tmp");
      Files.write(tmp, keys);
      Files.move(tmp, index, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException | RuntimeException e) {
      try {
        if (tmp != null) Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // best effort: the next edit compiles whole
      }
    }
  }

  private List<String> remembered(RuleFiles files) {
    Path index = indexFor(files);
    if (index == null || !Files.isRegularFile(index)) return List.of();
    try {
      return Files.readAllLines(index).stream().filter(k -> !k.isBlank()).toList();
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private Path indexFor(RuleFiles files) {
    if (folder == null || files.identity() != null || files.origin().isEmpty()) return null;
    String path = Path.of(files.origin()).toAbsolutePath().normalize().toString();
    // String.hashCode is the same in every JVM; two folders sharing one index only cost a whole
    // compile, as what an index points to is compared with the texts before any of it is used.
    return folder.resolve("folder-" + Integer.toHexString(path.hashCode()) + ".keys");
  }

  /** Stores the compiled rules, with their description when they keep the rule contract (else null). */
  void store(String key, byte[] kieModuleJar, RuleSetDescription description, Map<String, String> drl) {
    Path jar = fileFor(key);
    if (jar == null || readOnly) return;
    try {
      Files.createDirectories(folder);
      Path tmp = Files.createTempFile(folder, "rules-", ".tmp");
      Files.write(tmp, entryOf(kieModuleJar, description, drl));
      try {
        Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException e) {
      // best effort: without the cache the next run compiles again
    }
  }

  /**
   * The classes of a compiled rule set, its description and its DRL texts (what an edit is compared
   * with, {@link #loadEdited}), uncompressed: all a load reads ({@link
   * CachedRulesClassLoader}), and 711 deflated entries cost ~25 ms more to read on a cold start.
   */
  private static byte[] entryOf(byte[] kieModuleJar, RuleSetDescription description, Map<String, String> drl)
      throws IOException {
    ByteArrayOutputStream stored = new ByteArrayOutputStream(kieModuleJar.length * 3);
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(kieModuleJar));
        ZipOutputStream out = new ZipOutputStream(stored)) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        if (entry.isDirectory() || !entry.getName().endsWith(".class")) continue;
        putStored(out, entry.getName(), in.readAllBytes());
      }
      if (description != null) putStored(out, RuleSetDescription.ENTRY, description.toJson());
      for (Map.Entry<String, String> text : drl.entrySet()) {
        putStored(out, TEXTS + text.getKey(), text.getValue().getBytes(StandardCharsets.UTF_8));
      }
    }
    return stored.toByteArray();
  }

  private static void putStored(ZipOutputStream out, String name, byte[] bytes) throws IOException {
    CRC32 crc = new CRC32();
    crc.update(bytes);
    ZipEntry entry = new ZipEntry(name);
    entry.setMethod(ZipEntry.STORED);
    entry.setSize(bytes.length);
    entry.setCompressedSize(bytes.length);
    entry.setCrc(crc.getValue());
    out.putNextEntry(entry);
    out.write(bytes);
    out.closeEntry();
  }

  /** Remembers that only the classic compiler takes this rule set: no background build is started for it again. */
  void markClassicOnly(String key) {
    if (folder == null || readOnly) return;
    try {
      Files.createDirectories(folder);
      Files.writeString(classicOnlyMarker(key), "");
    } catch (IOException | RuntimeException e) {
      // best effort: the next run only tries the executable model again
    }
  }

  Path classicOnlyMarker(String key) {
    return folder.resolve("rules-" + key + ".classic-only");
  }

  Path lockFile(String key) {
    return folder.resolve("rules-" + key + ".lock");
  }

  /**
   * Starts a detached JVM that compiles these rule files to the executable model and stores it
   * under the key. Best effort, as {@link #store}: any failure only leaves the next run uncached.
   */
  void storeInBackground(String key, RuleFiles files) {
    if (folder == null || readOnly || Files.exists(classicOnlyMarker(key))) return;
    Runnable start = () -> {
      try {
        BackgroundRuleStore.start(this, key, files);
      } catch (IOException | RuntimeException e) {
        // best effort: the next run compiles again
      }
    };
    if (!atExit) {
      start.run();
      return;
    }
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(start, "gpu-doctor-rule-store"));
    } catch (IllegalStateException e) {
      start.run(); // already shutting down
    }
  }
}
