package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.replay.ReplayPlan;
import io.gpudoctor.engine.replay.ReplayReport;
import io.gpudoctor.engine.replay.ReplayReports;
import io.gpudoctor.engine.replay.ReplayReportWriter;
import io.gpudoctor.engine.replay.ReplayRunner;
import io.gpudoctor.engine.replay.Shard;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
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

  @Parameters(arity = "0..*", paramLabel = "DIR", description = "Folders to search for incident folders.")
  List<Path> folders = List.of();

  @Option(names = {"-j", "--jobs"}, paramLabel = "N",
      description = "Incidents diagnosed in parallel (default: the number of processors, ${DEFAULT-VALUE}).")
  int jobs = Runtime.getRuntime().availableProcessors();

  @Option(names = "--shard", paramLabel = "I/N",
      description = "Replay only shard I of N (1-based) of the sorted incidents, e.g. one pod of an Indexed Job; merge the -o json outputs with --merge.")
  String shard;

  @Option(names = "--merge", arity = "1..*", paramLabel = "FILE",
      description = "Merge the -o json outputs of earlier replays (e.g. every shard) into one summary instead of replaying.")
  List<Path> merge;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
  Path rules;

  @Override
  public Integer call() throws Exception {
    ReplayReport report = merge != null ? merged() : replay();
    String text = format == Format.json ? ReplayReportWriter.json(report, VersionInfo.version()) : ReplayReportWriter.text(report);
    PrintWriter out = spec.commandLine().getOut();
    out.print(text);
    out.flush();
    return report.anyFailed() ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private ReplayReport replay() throws Exception {
    if (folders.isEmpty()) throw new CliException(ExitCodes.USAGE, "replay needs a folder DIR, or --merge FILE... (see 'gpu-doctor replay --help')");
    if (jobs < 1) throw new CliException(ExitCodes.USAGE, "--jobs must be at least 1, got " + jobs);
    Shard part;
    try {
      part = shard == null ? Shard.ALL : Shard.parse(shard);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, "--shard: " + e.getMessage());
    }
    RuleBase ruleBase = Rules.compile(rules);
    ReplayRunner runner = new ReplayRunner(ruleBase);
    List<Path> sorted = folders.stream().sorted().toList();
    if (System.console() == null) return runner.run(sorted, new ReplayPlan(jobs, part, ReplayPlan.Progress.NONE));
    try (ReplayProgressBar progress = ReplayProgressBar.onTerminal(System.err)) {
      return runner.run(sorted, new ReplayPlan(jobs, part, progress));
    }
  }

  private ReplayReport merged() {
    if (!folders.isEmpty()) throw new CliException(ExitCodes.USAGE, "--merge takes report files, not folders to replay");
    List<ReplayReport> reports = new ArrayList<>();
    for (Path file : merge) {
      try {
        reports.add(ReplayReports.read(file));
      } catch (IOException e) {
        throw new CliException(ExitCodes.USAGE, "cannot merge: " + e.getMessage());
      }
    }
    try {
      return ReplayReports.merge(reports);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, "cannot merge: " + e.getMessage());
    }
  }
}
