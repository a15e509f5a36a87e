package io.gpudoctor.facts;

/** One quoted piece of evidence behind a finding: the file or API path, the pointer, the exact text. */
public record Evidence(String source, String pointer, String quote) {
  public Evidence {
    source = source == null ? "" : source;
    pointer = pointer == null ? "" : pointer;
    quote = quote == null ? "" : quote;
  }
}
