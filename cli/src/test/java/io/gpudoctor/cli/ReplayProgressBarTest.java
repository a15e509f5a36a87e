package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import org.junit.jupiter.api.Test;

class ReplayProgressBarTest {
  private final ByteArrayOutputStream drawn = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(drawn, true, StandardCharsets.UTF_8);

  @Test
  void finishedReplayEndsOnAFullBarCountingIncidents() {
    try (ReplayProgressBar bar = new ReplayProgressBar(new ConsoleProgressBarConsumer(err, 100))) {
      bar.done(1, 4);
      bar.done(4, 4);
    }

    assertThat(lastLine()).startsWith("replay 100%").contains("4/4 incidents").doesNotContain("/?");
  }

  @Test
  void doneFromBothReplayThreadsCountsEveryIncident() throws Exception {
    int total = 200;
    AtomicInteger done = new AtomicInteger();
    ExecutorService jobs = Executors.newFixedThreadPool(2);
    try (ReplayProgressBar bar = new ReplayProgressBar(new ConsoleProgressBarConsumer(err, 100))) {
      for (int i = 0; i < total; i++) jobs.submit(() -> bar.done(done.incrementAndGet(), total));
      jobs.shutdown();
      assertThat(jobs.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    assertThat(lastLine()).contains(total + "/" + total + " incidents");
  }

  private String lastLine() {
    String[] lines = drawn.toString(StandardCharsets.UTF_8).split("\r");
    return lines[lines.length - 1].strip();
  }
}
