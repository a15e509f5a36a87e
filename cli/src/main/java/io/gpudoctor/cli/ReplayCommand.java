package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.replay.ReplayReport;
import io.gpudoctor.engine.replay.ReplayReportWriter;
import io.gpudoctor.engine.replay.ReplayRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = {
      "Replays incident folders and scores them against their expected.yaml labels.",
      "A folder holding expected.yaml is a labelled incident; one holding target.yaml only is diagnosed but not scored."
    })
final class ReplayCommand implements Callable<Integer> {
  enum Format { text, json }

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders to search for incident folders.")
  List<Path> folders;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
  Path rules;

  @Override
  public Integer call() throws Exception {
    RuleBase ruleBase = Rules.compile(rules);
    ReplayReport report = new ReplayRunner(ruleBase).run(folders.stream().sorted().toList());
    String text = format == Format.json ? ReplayReportWriter.json(report, VersionInfo.version()) : ReplayReportWriter.text(report);
    PrintWriter out = spec.commandLine().getOut();
    out.print(text);
    out.flush();
    return report.anyFailed() ? ExitCodes.FAILED : ExitCodes.OK;
  }
}
