package io.gpudoctor.cli;

import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.live.AzCli;
import io.gpudoctor.engine.live.CollectedRead;
import io.gpudoctor.engine.live.Collection;
import io.gpudoctor.engine.live.Fabric8KubeReader;
import io.gpudoctor.engine.live.KubeContexts;
import io.gpudoctor.engine.live.LiveCollector;
import io.gpudoctor.engine.live.LiveTarget;
import io.gpudoctor.engine.live.ReadWindow;
import io.gpudoctor.engine.live.SlowReadReporter;
import io.gpudoctor.facts.ReadStatus;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/** Runs the read catalogue for {@code collect} and {@code diagnose --live}; says on stderr which reads did not run. */
final class LiveCollection {
  private LiveCollection() {}

  /** Progress lines start once a read has taken this long. */
  static final Duration SLOW_READ = Duration.ofSeconds(2);

  static Collection into(Path folder, TargetOptions options, CollectionOptions how, PrometheusCollector prometheus,
      boolean redact, PrintWriter err) throws IOException {
    how.check();
    ReadWindow window = how.window();
    String context = options.context != null ? options.context : KubeContexts.current();
    LiveTarget target = options.toTarget(context);
    Duration timeout = Duration.ofSeconds(how.requestTimeoutSeconds);
    AzCli az = target.hasAzure() ? new AzCli("az", timeout) : null;
    Collection collection;
    try (Fabric8KubeReader kube = Fabric8KubeReader.connect(target.context(), timeout);
        SlowReadReporter progress = new SlowReadReporter(err, SLOW_READ)) {
      LiveCollector.Options o = new LiveCollector.Options(window, how.maxConcurrency, redact, progress, prometheus);
      collection = new LiveCollector(kube, az, Clock.systemUTC(), o).collect(target, folder);
    }
    for (CollectedRead r : collection.reads()) {
      if (r.status() != ReadStatus.RAN) {
        err.println(GpuDoctor.NAME + ": " + r.status().label() + ": " + r.command() + (r.error().isEmpty() ? "" : " (" + r.error() + ")"));
      }
    }
    err.flush();
    return collection;
  }
}
