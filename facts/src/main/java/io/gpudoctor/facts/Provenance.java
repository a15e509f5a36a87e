package io.gpudoctor.facts;

import java.util.Map;

/**
 * Where an observed fact came from: a file of the evidence folder (or an API path) and a pointer
 * inside it (a JSON pointer, or {@code line N}). A fact read from pasted text also carries
 * {@code lines}: the lines that show the parts a JSON pointer would name ({@code /spec/taints} is
 * the {@code Taints:} line of a {@code kubectl describe node}), so rules that quote a part cite the
 * line it is on; {@code path} is the JSON-pointer path walked so far.
 */
public record Provenance(String source, String pointer, Map<String, Integer> lines, String path)
    implements Comparable<Provenance> {
  public Provenance {
    source = source == null ? "" : source;
    pointer = pointer == null ? "" : pointer;
    lines = lines == null ? Map.of() : Map.copyOf(lines);
    path = path == null ? "" : path;
  }

  public Provenance(String source, String pointer) {
    this(source, pointer, Map.of(), "");
  }

  public static Provenance of(String source, String pointer) {
    return new Provenance(source, pointer);
  }

  /** A fact of pasted text that starts at {@code line}, with the lines of its parts. */
  public static Provenance ofLines(String source, int line, Map<String, Integer> parts) {
    Map<String, Integer> all = new java.util.HashMap<>(parts);
    all.put("", line);
    return new Provenance(source, "line " + line, all, "");
  }

  /** The same source, one level deeper (JSON pointer syntax; for text, the line showing that part). */
  public Provenance child(String segment) {
    String escaped = segment.replace("~", "~0").replace("/", "~1");
    if (lines.isEmpty()) return new Provenance(source, pointer + "/" + escaped);
    String deeper = path + "/" + escaped;
    Integer line = lineOf(deeper);
    return new Provenance(source, line == null ? pointer : "line " + line, lines, deeper);
  }

  public Provenance child(int index) {
    return child(String.valueOf(index));
  }

  /** The line of the part or of its nearest enclosing part that has one. */
  private Integer lineOf(String part) {
    for (String p = part; !p.isEmpty(); p = p.substring(0, p.lastIndexOf('/'))) {
      Integer line = lines.get(p);
      if (line != null) return line;
    }
    return null;
  }

  /** An evidence item quoting {@code text} from this place. */
  public Evidence quote(String text) {
    return new Evidence(source, pointer, text);
  }

  /**
   * Reading order: by file, then by place in it, numbers compared as numbers ({@code line 9} before
   * {@code line 10}, {@code /items/2} before {@code /items/10}); rules that pick "the first" of several
   * facts use it, so the pick is the one a reader of the file meets first.
   */
  @Override
  public int compareTo(Provenance other) {
    return NaturalOrder.compare(toString(), other.toString());
  }

  /** Whether this place comes before {@code other} in {@link #compareTo reading order}. */
  public boolean isBefore(Provenance other) {
    return compareTo(other) < 0;
  }

  @Override
  public String toString() {
    return pointer.isEmpty() ? source : source + "#" + pointer;
  }
}
