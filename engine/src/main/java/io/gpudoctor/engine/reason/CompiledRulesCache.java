package io.gpudoctor.engine.reason;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.KieServices;

/**
 * Compiled rule sets on disk, keyed by the digest of the DRL files and the Drools version, so an
 * unchanged rule set loads its executable model (well under a second) instead of compiling DRL
 * (several seconds). An edit changes the digest, and the next run compiles and stores anew.
 * Storing is best effort: a read-only or full disk only costs the speed-up.
 */
public final class CompiledRulesCache {
  private static final String MODEL_CLASS_PREFIX = "org.drools.project.model.ProjectModel";
  private final Path folder;
  private final boolean background;
  private final boolean atExit;

  private CompiledRulesCache(Path folder, boolean background) {
    this(folder, background, false);
  }

  private CompiledRulesCache(Path folder, boolean background, boolean atExit) {
    this.folder = folder;
    this.background = background;
    this.atExit = atExit;
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
    return new CompiledRulesCache(folder, true, true);
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
      CachedRulesClassLoader loader = CachedRulesClassLoader.read(jar, RuleBase.class.getClassLoader());
      described.accept(Optional.ofNullable(loader.resource(RuleSetDescription.ENTRY)));
      Object projectModel = loader.loadClass(loader.classNamed(MODEL_CLASS_PREFIX)).getDeclaredConstructor().newInstance();
      @SuppressWarnings("unchecked")
      List<Model> models = (List<Model>) projectModel.getClass().getMethod("getModels").invoke(projectModel);
      return Optional.of(KieBaseBuilder.createKieBaseFromModel(models,
          KieServices.get().newKieBaseConfiguration(null, loader)));
    } catch (ReflectiveOperationException | IOException | RuntimeException | LinkageError e) {
      try {
        Files.deleteIfExists(jar);
      } catch (IOException ignored) {
        // the next store overwrites it
      }
      return Optional.empty();
    }
  }

  /** Stores the compiled rules, with their description when they keep the rule contract (else null). */
  void store(String key, byte[] kieModuleJar, RuleSetDescription description) {
    Path jar = fileFor(key);
    if (jar == null) return;
    try {
      Files.createDirectories(folder);
      Path tmp = Files.createTempFile(folder, "rules-", ".tmp");
      Files.write(tmp, entryOf(kieModuleJar, description));
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
   * The classes of a compiled rule set and its description, uncompressed: all a load reads ({@link
   * CachedRulesClassLoader}), and 711 deflated entries cost ~25 ms more to read on a cold start.
   */
  private static byte[] entryOf(byte[] kieModuleJar, RuleSetDescription description) throws IOException {
    ByteArrayOutputStream stored = new ByteArrayOutputStream(kieModuleJar.length * 3);
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(kieModuleJar));
        ZipOutputStream out = new ZipOutputStream(stored)) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        if (entry.isDirectory() || !entry.getName().endsWith(".class")) continue;
        putStored(out, entry.getName(), in.readAllBytes());
      }
      if (description != null) putStored(out, RuleSetDescription.ENTRY, description.toJson());
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
    if (folder == null) return;
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
    if (folder == null || Files.exists(classicOnlyMarker(key))) return;
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
