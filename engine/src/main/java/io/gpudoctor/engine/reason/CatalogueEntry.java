package io.gpudoctor.engine.reason;

/** One finding id of the catalogue: what it is called, where it belongs, who owns it by default. */
public record CatalogueEntry(
    String id, String route, String kind, String title, String owner, String severity, String reference) {

  public boolean isNote() {
    return "note".equals(kind);
  }
}
