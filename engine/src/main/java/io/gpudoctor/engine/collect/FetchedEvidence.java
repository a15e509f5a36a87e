package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Read;
import java.util.List;

/**
 * Evidence fetched from an API rather than found in the folder: each answer is read like a file
 * of the folder, named by the request that produced it; reads that failed stay in the report.
 */
public record FetchedEvidence(List<Answer> answers, List<Read> reads) {
  public FetchedEvidence {
    answers = List.copyOf(answers);
    reads = List.copyOf(reads);
  }

  public static FetchedEvidence none() {
    return new FetchedEvidence(List.of(), List.of());
  }

  /** One API answer: {@code source} is the request (method and URL), {@code body} the bytes returned. */
  public record Answer(String source, byte[] body) {}
}
