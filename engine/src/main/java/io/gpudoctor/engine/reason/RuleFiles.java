package io.gpudoctor.engine.reason;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The text of a rule set: every {@code *.drl} of a folder (sorted by name) and its
 * {@code catalogue.yaml}, or the rules shipped in the jar under {@code gpu-doctor/rules/}.
 * {@code origin} is how files are named in messages (the folder the user gave).
 */
public final class RuleFiles {
  public static final String CLASSPATH_FOLDER = "gpu-doctor/rules";
  public static final String CATALOGUE = "catalogue.yaml";

  private final String origin;
  private final String identity;
  private final TextReader read;
  private Texts texts;
  private String digest;

  /** The texts of a rule set. */
  private record Texts(Map<String, String> drl, String catalogue) {
    Texts {
      drl = Collections.unmodifiableMap(new TreeMap<>(drl));
    }
  }

  /** Reads the texts when first asked for, see {@link #fromJar}. */
  private interface TextReader {
    Texts read() throws IOException;
  }

  private RuleFiles(String origin, String identity, TextReader read) {
    this.origin = origin;
    this.identity = identity;
    this.read = read;
  }

  private RuleFiles(String origin, Map<String, String> drl, String catalogue) {
    this(origin, null, read(drl, catalogue));
  }

  /** The DRL files of a folder; the catalogue comes from the folder, else the shipped one. */
  public static RuleFiles fromFolder(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) throw new IOException("not a folder: " + folder);
    Map<String, String> drl = new TreeMap<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path p : (Iterable<Path>) files.sorted()::iterator) {
        if (p.getFileName().toString().endsWith(".drl") && Files.isRegularFile(p)) {
          drl.put(p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8));
        }
      }
    }
    Path cat = folder.resolve(CATALOGUE);
    String catalogue = Files.isRegularFile(cat) ? Files.readString(cat, StandardCharsets.UTF_8) : shippedCatalogue();
    String origin = folder.toString().isEmpty() ? "" : folder.toString();
    return new RuleFiles(origin, drl, catalogue);
  }

  /** The rules shipped on the classpath. */
  public static RuleFiles shipped() throws IOException {
    return shipped(RuleFiles.class.getClassLoader());
  }

  static RuleFiles shipped(ClassLoader loader) throws IOException {
    URL url = loader.getResource(CLASSPATH_FOLDER + "/" + CATALOGUE);
    if (url == null) throw new IOException("no rules on the classpath under " + CLASSPATH_FOLDER);
    if ("jar".equals(url.getProtocol())) return fromJar((JarURLConnection) url.openConnection());
    try {
      return read(Path.of(url.toURI()).getParent());
    } catch (URISyntaxException e) {
      throw new IOException("cannot locate the shipped rules: " + e.getMessage(), e);
    }
  }

  /**
   * The rule files straight from the jar the class loader already opened: a zip file system over
   * the 35 MB jar indexed all of its 18,000 entries first, a fifth of a second of every cold start.
   * Their texts are read when first asked for: a cached rule set is found by the jar's identity
   * alone, and the texts (rule lines, catalogue, digest) are then read on the caller's thread while
   * the compiled rules load on another.
   */
  private static RuleFiles fromJar(JarURLConnection connection) throws IOException {
    JarFile jar = connection.getJarFile(); // shared with the class loader's cache: not closed here
    String prefix = CLASSPATH_FOLDER + "/";
    if (jar.getEntry(prefix + CATALOGUE) == null) throw new IOException("no " + CATALOGUE + " in " + prefix);
    return new RuleFiles("<built-in rules>", identity(connection), () -> textsOf(jar, prefix));
  }

  private static Texts textsOf(JarFile jar, String prefix) throws IOException {
    Map<String, String> drl = new TreeMap<>();
    String catalogue = null;
    for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements();) {
      JarEntry entry = entries.nextElement();
      String name = entry.getName();
      if (!name.startsWith(prefix) || name.indexOf('/', prefix.length()) >= 0 || entry.isDirectory()) continue;
      String file = name.substring(prefix.length());
      if (file.endsWith(".drl")) drl.put(file, text(jar, entry));
      else if (file.equals(CATALOGUE)) catalogue = text(jar, entry);
    }
    if (catalogue == null) throw new IOException("no " + CATALOGUE + " in " + prefix);
    return new Texts(drl, catalogue);
  }

  /**
   * Which jar, in which build, holds the rules (its path, size and modification time): the same
   * identity as the facts' (FactsFingerprint), so a rebuilt jar never finds a stale cached rule set.
   */
  private static String identity(JarURLConnection connection) {
    try {
      Path jar = Path.of(connection.getJarFileURL().toURI());
      return "jar" + Integer.toHexString(jar.toAbsolutePath().toString().hashCode()) + Long.toHexString(Files.size(jar))
          + Long.toHexString(Files.getLastModifiedTime(jar).toMillis());
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  private static String text(JarFile jar, JarEntry entry) throws IOException {
    try (InputStream in = jar.getInputStream(entry)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static RuleFiles read(Path folder) throws IOException {
    RuleFiles files = fromFolder(folder);
    return new RuleFiles("<built-in rules>", null, files.read);
  }

  private static String shippedCatalogue() throws IOException {
    try (InputStream in = RuleFiles.class.getClassLoader().getResourceAsStream(CLASSPATH_FOLDER + "/" + CATALOGUE)) {
      if (in == null) throw new IOException("no " + CATALOGUE + " in the rule folder nor on the classpath");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** How a file is named in messages: {@code <folder>/<name>}. */
  public String display(String name) {
    return origin.isEmpty() ? name : origin + "/" + name;
  }

  public String origin() {
    return origin;
  }

  /** DRL texts by file name, sorted by name. */
  public Map<String, String> drl() {
    return texts().drl();
  }

  public String catalogue() {
    return texts().catalogue();
  }

  /**
   * What identifies these files without reading them (the jar they ship in, in its build), or null
   * when only their texts do ({@link #digest()}).
   */
  String identity() {
    return identity;
  }

  /** The digest of the DRL files (names and texts) and the catalogue: what a report names the rule set by. */
  public synchronized String digest() {
    if (digest == null) digest = digestOf(drl(), catalogue());
    return digest;
  }

  private synchronized Texts texts() {
    if (texts == null) {
      try {
        texts = read.read();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the rules of " + origin + ": " + e.getMessage(), e);
      }
    }
    return texts;
  }

  private static TextReader read(Map<String, String> drl, String catalogue) {
    Texts texts = new Texts(drl, catalogue);
    return () -> texts;
  }

  private static String digestOf(Map<String, String> drl, String catalogue) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      drl.forEach((name, text) -> {
        sha.update(name.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      });
      sha.update(catalogue.getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
