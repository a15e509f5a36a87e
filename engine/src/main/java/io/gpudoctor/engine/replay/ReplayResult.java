package io.gpudoctor.engine.replay;

import io.gpudoctor.facts.FindingStatus;
import java.nio.file.Path;
import java.util.List;

/**
 * The replay of one incident folder: the top finding (first diagnosis), and against the labels
 * whether it passed and how it failed; or the error when the folder could not be diagnosed.
 *
 * @param incident the folder as shown to the user
 * @param topId the id of the top finding, or null when there is no diagnosis
 * @param findings how many findings were reported
 */
public record ReplayResult(
    String incident,
    Path folder,
    Outcome outcome,
    String topId,
    FindingStatus topStatus,
    int findings,
    List<String> failures,
    String error) {

  public enum Outcome {
    /** Labelled, and the diagnosis meets every label. */
    PASS,
    /** Labelled, and the diagnosis misses at least one label. */
    FAIL,
    /** No {@code expected.yaml}: diagnosed but not scored. */
    UNLABELLED,
    /** The evidence or the labels could not be read, or the rules broke at run time. */
    ERROR;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public ReplayResult {
    failures = List.copyOf(failures);
  }

  /** A failure for the totals and the exit code: a labelled incident that failed, or any error. */
  public boolean failed() {
    return outcome == Outcome.FAIL || outcome == Outcome.ERROR;
  }

  /** {@code Id (status)}, or {@code none}. */
  public String top() {
    if (topId == null) return outcome == Outcome.ERROR ? "-" : "none";
    return topId + " (" + topStatus.label() + ")";
  }
}
