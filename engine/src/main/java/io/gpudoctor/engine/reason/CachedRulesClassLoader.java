package io.gpudoctor.engine.reason;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The classes of a cached rule set (the executable model's ~760 generated classes), read from its
 * jar in one pass and defined before the parent is asked: none of them exists anywhere else.
 * A {@link java.net.URLClassLoader} asked the application class path (an 18,000-entry jar) for each
 * first and then looked the class up and inflated it on its own: about 40% of the model's load on
 * the critical path of a cold start, even though the class-data-sharing archive then supplies the
 * class itself (it matches a custom loader's class by name, size and CRC of the bytes).
 */
final class CachedRulesClassLoader extends ClassLoader {
  static {
    registerAsParallelCapable();
  }

  private static final String CLASS_SUFFIX = ".class";
  private final Map<String, byte[]> classes;
  private final Map<String, byte[]> resources;

  private CachedRulesClassLoader(Map<String, byte[]> classes, Map<String, byte[]> resources, ClassLoader parent) {
    super("gpu-doctor-cached-rules", parent);
    this.classes = classes;
    this.resources = resources;
  }

  static CachedRulesClassLoader read(Path jar, ClassLoader parent) throws IOException {
    Map<String, byte[]> classes = new HashMap<>();
    Map<String, byte[]> resources = new HashMap<>();
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      for (Enumeration<? extends ZipEntry> entries = zip.entries(); entries.hasMoreElements(); ) {
        ZipEntry entry = entries.nextElement();
        String name = entry.getName();
        if (entry.isDirectory()) continue;
        try (InputStream in = zip.getInputStream(entry)) {
          if (name.endsWith(CLASS_SUFFIX)) {
            classes.put(name.substring(0, name.length() - CLASS_SUFFIX.length()).replace('/', '.'), in.readAllBytes());
          } else {
            resources.put(name, in.readAllBytes());
          }
        }
      }
    }
    return new CachedRulesClassLoader(classes, resources, parent);
  }

  /** The bytes of an entry of the jar that is not a class, or null. */
  byte[] resource(String name) {
    return resources.get(name);
  }

  /**
   * The shortest binary name of a top-level class of the jar that starts with this prefix: of the
   * executable model's classes of a package, its {@code Rules<hash>} class, whose name starts those
   * of its {@code Rules<hash>RuleMethods<n>}.
   */
  Optional<String> shortestClassNamed(String prefix) {
    return classes.keySet().stream().filter(n -> n.startsWith(prefix) && !n.contains("$"))
        .min(Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder()));
  }

  /** The binary name of the (top-level) class of the jar whose name starts with this prefix. */
  String classNamed(String prefix) throws IOException {
    for (String name : classes.keySet()) {
      if (name.startsWith(prefix) && !name.contains("$")) return name;
    }
    throw new IOException("no class " + prefix + "* in the cached rule set");
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) c = defineFromJar(name);
      if (c == null) return super.loadClass(name, resolve);
      if (resolve) resolveClass(c);
      return c;
    }
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    Class<?> c = findLoadedClass(name);
    if (c == null) c = defineFromJar(name);
    if (c == null) throw new ClassNotFoundException(name);
    return c;
  }

  private Class<?> defineFromJar(String name) {
    byte[] bytes = classes.get(name); // read-only once built: no lock
    if (bytes == null) return null;
    return defineClass(name, bytes, 0, bytes.length);
  }

  /**
   * The class files too, not only the other entries: a classic build of edited rules against these
   * classes ({@link EditedRules}) reads the types and functions it imports from them as class files,
   * through {@link #getResource} (what {@link ClassLoader#getResourceAsStream} of a child calls).
   */
  @Override
  public InputStream getResourceAsStream(String name) {
    byte[] bytes = bytesOf(name);
    return bytes != null ? new ByteArrayInputStream(bytes) : super.getResourceAsStream(name);
  }

  @Override
  protected URL findResource(String name) {
    byte[] bytes = bytesOf(name);
    if (bytes == null) return null;
    try {
      return new URL("gpu-doctor-rules", null, -1, "/" + name, new URLStreamHandler() {
        @Override
        protected URLConnection openConnection(URL url) {
          return new URLConnection(url) {
            @Override
            public void connect() {}

            @Override
            public InputStream getInputStream() {
              return new ByteArrayInputStream(bytes);
            }
          };
        }
      });
    } catch (MalformedURLException e) {
      return null;
    }
  }

  private byte[] bytesOf(String name) {
    if (!name.endsWith(CLASS_SUFFIX)) return resources.get(name);
    return classes.get(name.substring(0, name.length() - CLASS_SUFFIX.length()).replace('/', '.'));
  }

  /** The non-class entries whose names start with this prefix, by the rest of their names. */
  Map<String, byte[]> resourcesUnder(String prefix) {
    Map<String, byte[]> found = new TreeMap<>();
    resources.forEach((name, bytes) -> {
      if (name.startsWith(prefix) && name.length() > prefix.length()) found.put(name.substring(prefix.length()), bytes);
    });
    return found;
  }
}
