package io.gpudoctor.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The tool and Drools versions, from the build (version.properties is filtered by Maven). */
final class VersionInfo implements CommandLine.IVersionProvider {
  private static final Properties PROPS = load();

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = VersionInfo.class.getResourceAsStream("version.properties")) {
      if (in != null) p.load(in);
    } catch (IOException e) {
      // fall back to the defaults below
    }
    return p;
  }

  static String version() {
    String v = PROPS.getProperty("version", "");
    return v.isBlank() || v.startsWith("${") ? "0.1.0" : v;
  }

  static String droolsVersion() {
    String v = PROPS.getProperty("drools", "");
    return v.isBlank() || v.startsWith("${") ? "unknown" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "gpu-doctor " + version(),
      "Drools " + droolsVersion() + ", Java " + System.getProperty("java.version")
    };
  }
}
