package io.gpudoctor.cli;

import java.io.PrintWriter;

/**
 * {@code replay: 12/200 incidents} on one updating stderr line, only used when a terminal is
 * attached. No progress-bar library is available from our Maven mirror, and one carriage-return
 * line is all a replay needs. Redrawn at most every 100 ms and always at the end.
 */
final class ProgressLine implements io.gpudoctor.engine.replay.ReplayPlan.Progress {
  private static final long EVERY_NANOS = 100_000_000L;
  private final PrintWriter err;
  private long last;
  private int width;

  ProgressLine(PrintWriter err) {
    this.err = err;
  }

  @Override
  public synchronized void done(int done, int total) {
    long now = System.nanoTime();
    if (done < total && now - last < EVERY_NANOS) return;
    last = now;
    String line = "replay: " + done + "/" + total + " incidents (" + (total == 0 ? 100 : done * 100 / total) + "%)";
    width = Math.max(width, line.length());
    err.print("\r" + line);
    err.flush();
  }

  synchronized void clear() {
    if (width == 0) return;
    err.print("\r" + " ".repeat(width) + "\r");
    err.flush();
  }
}
