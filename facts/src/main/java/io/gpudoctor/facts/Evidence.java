package io.gpudoctor.facts;

import java.util.Objects;

/** One quoted piece of evidence behind a finding: the file or API path, the pointer, the exact text. */
public record Evidence(String source, String pointer, String quote) {
  public Evidence {
    source = source == null ? "" : source;
    pointer = pointer == null ? "" : pointer;
    quote = quote == null ? "" : quote;
  }

  // Written out: see Read.
  @Override
  public boolean equals(Object o) {
    return o instanceof Evidence e && source.equals(e.source) && pointer.equals(e.pointer) && quote.equals(e.quote);
  }

  @Override
  public int hashCode() {
    return Objects.hash(source, pointer, quote);
  }
}
