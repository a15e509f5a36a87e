package io.gpudoctor.cli;

import io.gpudoctor.engine.replay.ReplayPlan;
import java.io.PrintStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The replay's progress bar on stderr (me.tongfei:progressbar), for a terminal only: the
 * incidents done of those to replay, the rate and the time left. ASCII, since a terminal's
 * font or locale may lack the block characters; redrawn by the library's own thread.
 */
final class ReplayProgressBar implements ReplayPlan.Progress, AutoCloseable {
  private final ProgressBar bar;

  /** Sized to the terminal's width, which the library reads. */
  static ReplayProgressBar onTerminal(PrintStream err) {
    return new ReplayProgressBar(new ConsoleProgressBarConsumer(err));
  }

  ReplayProgressBar(ProgressBarConsumer consumer) {
    // The total is known once the shard's folders are listed, so it starts indefinite.
    this.bar = new ProgressBarBuilder()
        .setTaskName("replay")
        .setInitialMax(-1)
        .setStyle(ProgressBarStyle.ASCII)
        .setUnit(" incidents", 1)
        .showSpeed()
        .setConsumer(consumer)
        .build();
  }

  /**
   * Jobs count an incident done before they report it, so two threads may report out of order
   * (200, then 129): the bar never steps back.
   */
  @Override
  public synchronized void done(int done, int total) {
    bar.maxHint(total);
    if (done > bar.getCurrent()) bar.stepTo(done);
  }

  @Override
  public void close() {
    bar.close();
  }
}
