package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleInfo;
import io.gpudoctor.engine.reason.RuleProblem;
import io.gpudoctor.engine.replay.ReplayReport;
import io.gpudoctor.engine.replay.ReplayReportWriter;
import io.gpudoctor.engine.replay.ReplayRunner;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "rules",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "Checks, lists and tests the DRL rules.",
    subcommands = {RulesCommand.Check.class, RulesCommand.ListRules.class, RulesCommand.Test.class})
final class RulesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.USAGE;
  }

  @Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
      description = "Compiles the rules and checks the rule contract; prints every problem as file:line: message.")
  static final class Check implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
    Path rules;

    @Override
    public Integer call() {
      try {
        RuleBase ruleBase = Rules.compile(rules);
        PrintWriter out = spec.commandLine().getOut();
        out.println(ruleBase.rules().size() + " rules OK (" + ruleBase.digest() + ")");
        out.flush();
        return ExitCodes.OK;
      } catch (RuleCompileException e) {
        PrintWriter err = spec.commandLine().getErr();
        StringBuilder text = new StringBuilder();
        for (RuleProblem p : e.problems()) text.append(p).append('\n');
        text.append(GpuDoctor.NAME).append(": ").append(e.problems().size()).append(" problem")
            .append(e.problems().size() == 1 ? "" : "s").append(" in the rules\n");
        err.print(text);
        err.flush();
        return ExitCodes.USAGE;
      }
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
      description = "Lists the rules: name, the finding (@id) or signal (@signal) it concludes, route, file:line.")
  static final class ListRules implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
    Path rules;

    @Override
    public Integer call() throws Exception {
      RuleBase ruleBase = Rules.compile(rules);
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"RULE", "@ID/@SIGNAL", "ROUTE", "FILE:LINE"});
      for (RuleInfo r : ruleBase.rules()) {
        String concludes = r.findingId() != null ? r.findingId() : "signal " + r.signal();
        rows.add(new String[] {r.name(), concludes, r.route() == null ? "-" : r.route(), r.file() + ":" + r.line()});
      }
      String table = Tables.render(rows) + ruleBase.rules().size() + " rules (" + ruleBase.digest() + ")\n";
      PrintWriter out = spec.commandLine().getOut();
      out.print(table);
      out.flush();
      return ExitCodes.OK;
    }
  }

  @Command(name = "test", mixinStandardHelpOptions = true, versionProvider = VersionInfo.class,
      description = "Runs the rule fixtures (folders with expected.yaml) and prints pass/fail; exit 3 on a failure.")
  static final class Test implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
    Path rules;

    @Option(names = "--fixtures", paramLabel = "DIR",
        description = "The fixtures folder (default: <rules dir>/fixtures, or rules/fixtures of the gpu-doctor repository).")
    Path fixtures;

    @Override
    public Integer call() throws Exception {
      Path folder = fixtures;
      if (folder == null && rules != null) folder = rules.resolve("fixtures");
      if (folder == null) {
        folder = Locations.find("rules/fixtures").orElseThrow(() -> new CliException(ExitCodes.USAGE,
            "no rules/fixtures folder found from here; give --fixtures DIR"));
      }
      if (!Files.isDirectory(folder)) throw new CliException(ExitCodes.USAGE, "no fixtures folder: " + folder);
      RuleBase ruleBase = Rules.compile(rules);
      ReplayReport report = new ReplayRunner(ruleBase).run(List.of(folder));
      PrintWriter out = spec.commandLine().getOut();
      out.print(ReplayReportWriter.text(report));
      out.flush();
      return report.anyFailed() ? ExitCodes.FAILED : ExitCodes.OK;
    }
  }
}
