package io.gpudoctor.cli;

import io.gpudoctor.engine.live.KubeContexts;
import io.gpudoctor.engine.live.PlanScript;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
    name = "plan",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "Prints the read-only reads for a target as a bash script that writes an evidence folder "
        + "for 'gpu-doctor diagnose DIR'. Runs nothing.")
final class PlanCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin TargetOptions target;
  @Mixin CollectionOptions collection;

  @Override
  public Integer call() {
    String context = target.context != null ? target.context : KubeContexts.current();
    PrintWriter out = spec.commandLine().getOut();
    out.print(PlanScript.render(target.toTarget(context), collection.window()));
    out.flush();
    return ExitCodes.OK;
  }
}
