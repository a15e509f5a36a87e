package io.gpudoctor.engine.collect;

/** One line of pasted text with its 1-based number in the file, for {@code line N} provenance. */
record TextLine(int number, String text) {

  int indent() {
    int i = 0;
    while (i < text.length() && text.charAt(i) == ' ') i++;
    return i;
  }

  String trimmed() {
    return text.strip();
  }

  boolean blank() {
    return text.isBlank();
  }

  /** Where this line is, for a fact whose parts all sit on it (a table row, an event line). */
  io.gpudoctor.facts.Provenance at(String path) {
    return io.gpudoctor.facts.Provenance.ofLines(path, number, java.util.Map.of());
  }

  String pointer() {
    return "line " + number;
  }
}
