package io.gpudoctor.facts;

/** What became of a read. Anything but {@code RAN} means the evidence is unknown, never healthy. */
public enum ReadStatus {
  RAN("ran"),
  DENIED("denied"),
  FAILED("failed"),
  NOT_RUN("not-run");

  private final String label;

  ReadStatus(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  public static ReadStatus parse(String text) {
    for (ReadStatus s : values()) {
      if (s.label.equalsIgnoreCase(text.trim()) || s.name().equalsIgnoreCase(text.trim())) {
        return s;
      }
    }
    throw new IllegalArgumentException("unknown read status '" + text + "'");
  }
}
