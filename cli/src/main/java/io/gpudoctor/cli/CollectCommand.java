package io.gpudoctor.cli;

import io.gpudoctor.engine.live.Collection;
import io.gpudoctor.facts.ReadStatus;
import java.io.PrintWriter;
import java.nio.file.Path;
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

  @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "20",
      description = "Seconds to wait for each read (default: ${DEFAULT-VALUE}).")
  int requestTimeoutSeconds;

  @Override
  public Integer call() throws Exception {
    Collection c = LiveCollection.into(out, target, requestTimeoutSeconds, !noRedact, spec.commandLine().getErr());
    long ran = c.reads().stream().filter(r -> r.status() == ReadStatus.RAN).count();
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.println("wrote " + out + ": " + ran + " of " + c.reads().size() + " reads ran, " + c.redactions()
        + " value" + (c.redactions() == 1 ? "" : "s") + " redacted");
    stdout.flush();
    return ExitCodes.OK;
  }
}
