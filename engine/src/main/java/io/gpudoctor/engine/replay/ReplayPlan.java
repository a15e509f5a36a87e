package io.gpudoctor.engine.replay;

/**
 * How a replay runs: on how many threads, which shard of the corpus, and whom to tell about
 * progress.
 */
public record ReplayPlan(int jobs, Shard shard, Progress progress) {
  public static final ReplayPlan SEQUENTIAL = new ReplayPlan(1, Shard.ALL, Progress.NONE);

  public ReplayPlan {
    if (jobs < 1) throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
  }

  /** Told after every finished incident; called from the replay threads. */
  @FunctionalInterface
  public interface Progress {
    Progress NONE = (done, total) -> {};

    void done(int done, int total);
  }
}
