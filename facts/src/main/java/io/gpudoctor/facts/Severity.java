package io.gpudoctor.facts;

/** Declared most severe first. */
public enum Severity {
  CRITICAL,
  WARNING,
  INFO;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static Severity parse(String text) {
    return valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
  }
}
