package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SlowReadReporterTest {
  @Test
  void aReadSlowerThanTheThresholdIsNamedOnceWithTheReadsLeftAndFastOnesAreNot() throws Exception {
    StringWriter err = new StringWriter();
    try (SlowReadReporter progress = new SlowReadReporter(new PrintWriter(err), Duration.ofMillis(100))) {
      progress.started("kubectl get pods -A -o json", 3);
      progress.started("kubectl get nodes -o json", 3);
      progress.finished("kubectl get nodes -o json");
      Thread.sleep(600);
      progress.finished("kubectl get pods -A -o json");
    }
    assertThat(err.toString()).isEqualTo("gpu-doctor: waiting for kubectl get pods -A -o json (2 of 3 reads left)\n");
  }
}
