package io.gpudoctor.engine.replay;

import java.util.List;

/** The results of one replay (or of one shard of it), in incident order. */
public record ReplayReport(List<ReplayResult> results, String rulesDigest, Shard shard) {
  public ReplayReport {
    results = List.copyOf(results);
  }

  public ReplayReport(List<ReplayResult> results, String rulesDigest) {
    this(results, rulesDigest, Shard.ALL);
  }

  public long passed() {
    return count(ReplayResult.Outcome.PASS);
  }

  /** Labelled incidents that failed plus incidents that could not be diagnosed. */
  public long failed() {
    return results.stream().filter(ReplayResult::failed).count();
  }

  public long unlabelled() {
    return count(ReplayResult.Outcome.UNLABELLED);
  }

  public long errors() {
    return count(ReplayResult.Outcome.ERROR);
  }

  public boolean anyFailed() {
    return failed() > 0;
  }

  private long count(ReplayResult.Outcome outcome) {
    return results.stream().filter(r -> r.outcome() == outcome).count();
  }
}
