package io.gpudoctor.facts;

/** The {@code namespace/name} key that joins facts about the same object. */
public final class ObjectKeys {
  private ObjectKeys() {}

  public static String key(String namespace, String name) {
    return (namespace == null || namespace.isEmpty() ? "" : namespace + "/") + (name == null ? "" : name);
  }
}
