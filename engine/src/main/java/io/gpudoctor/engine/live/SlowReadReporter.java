package io.gpudoctor.engine.live;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Progress on stderr for reads that take longer than a moment: once a read has run for
 * {@code after}, one line names it and how many reads are left. Fast collections print nothing.
 */
public final class SlowReadReporter implements ReadProgress, AutoCloseable {
  private final PrintWriter err;
  private final Duration after;
  private final ScheduledExecutorService ticker;
  private final Map<String, Long> running = new LinkedHashMap<>();
  private int total;
  private int done;

  public SlowReadReporter(PrintWriter err, Duration after) {
    this.err = err;
    this.after = after;
    this.ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "gpu-doctor-progress");
      t.setDaemon(true);
      return t;
    });
    long tick = Math.max(50, after.toMillis() / 2);
    ticker.scheduleAtFixedRate(this::report, tick, tick, TimeUnit.MILLISECONDS);
  }

  @Override
  public synchronized void started(String command, int total) {
    this.total = Math.max(this.total, total);
    running.put(command, System.nanoTime());
  }

  @Override
  public synchronized void finished(String command) {
    running.remove(command);
    done++;
  }

  private synchronized void report() {
    long now = System.nanoTime();
    for (Map.Entry<String, Long> r : running.entrySet()) {
      if (r.getValue() == Long.MIN_VALUE || now - r.getValue() < after.toNanos()) continue;
      err.println("gpu-doctor: waiting for " + r.getKey() + " (" + (total - done) + " of " + total + " reads left)");
      err.flush();
      r.setValue(Long.MIN_VALUE); // said once per read
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
  }
}
