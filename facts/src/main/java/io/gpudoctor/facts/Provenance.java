package io.gpudoctor.facts;

/**
 * Where an observed fact came from: a file of the evidence folder (or an API path) and a pointer
 * inside it (a JSON pointer, or {@code line N}).
 */
public record Provenance(String source, String pointer) {
  public Provenance {
    source = source == null ? "" : source;
    pointer = pointer == null ? "" : pointer;
  }

  public static Provenance of(String source, String pointer) {
    return new Provenance(source, pointer);
  }

  /** The same source, one level deeper (JSON pointer syntax). */
  public Provenance child(String segment) {
    String escaped = segment.replace("~", "~0").replace("/", "~1");
    return new Provenance(source, pointer + "/" + escaped);
  }

  public Provenance child(int index) {
    return new Provenance(source, pointer + "/" + index);
  }

  /** An evidence item quoting {@code text} from this place. */
  public Evidence quote(String text) {
    return new Evidence(source, pointer, text);
  }

  @Override
  public String toString() {
    return pointer.isEmpty() ? source : source + "#" + pointer;
  }
}
