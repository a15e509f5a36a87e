package io.gpudoctor.cli;

import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.live.Collection;
import io.gpudoctor.facts.ReadStatus;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "collect",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "Runs the read-only reads for a target (Kubernetes GETs after an access review, az show/list) and "
        + "writes the evidence folder, reads.json and target.yaml for 'gpu-doctor diagnose DIR'.")
final class CollectCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin TargetOptions target;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write.")
  Path out;

  @Option(names = "--no-redact", description = "Keep env values of secret-like names and bearer tokens (redacted by default).")
  boolean noRedact;

  @Mixin CollectionOptions collection;

  @Option(names = "--prometheus-url", paramLabel = "URL",
      description = "Also save the DCGM series of the incident window from this Prometheus (GET /api/v1/query_range only).")
  URI prometheusUrl;

  @Override
  public Integer call() throws Exception {
    PrometheusCollector prometheus = prometheusUrl == null ? null
        : new PrometheusCollector(prometheusUrl, Duration.ofSeconds(collection.requestTimeoutSeconds));
    Collection c = LiveCollection.into(out, target, collection, prometheus, !noRedact, spec.commandLine().getErr());
    long ran = c.reads().stream().filter(r -> r.status() == ReadStatus.RAN).count();
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.println("wrote " + out + ": " + ran + " of " + c.reads().size() + " reads ran, " + c.redactions()
        + " value" + (c.redactions() == 1 ? "" : "s") + " redacted");
    stdout.flush();
    return ExitCodes.OK;
  }
}
