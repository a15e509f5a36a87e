package io.gpudoctor.facts;

/** How far the evidence carries a conclusion; declared strongest first. */
public enum FindingStatus {
  CONFIRMED,
  LIKELY,
  UNCONFIRMED;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static FindingStatus parse(String text) {
    return valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
  }

  /** The weaker of two statuses: missing evidence can only lower a status. */
  public FindingStatus atMost(FindingStatus cap) {
    return ordinal() >= cap.ordinal() ? this : cap;
  }
}
