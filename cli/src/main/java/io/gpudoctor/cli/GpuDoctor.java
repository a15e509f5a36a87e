package io.gpudoctor.cli;

import io.gpudoctor.engine.collect.EvidenceException;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.reason.RuleContractException;
import io.gpudoctor.engine.reason.RuleProblem;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code gpu-doctor} command line. Every error reaches the user as one line
 * {@code gpu-doctor: <message>} on stderr with a defined exit code (DESIGN 6); a stack trace
 * only with the hidden {@code --debug} or {@code GPU_DOCTOR_DEBUG=1}.
 */
@Command(
    name = "gpu-doctor",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "Diagnoses GPU inference incidents on AKS and KAITO from read-only evidence.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:ran (findings or not)",
      "1:internal error",
      "2:usage error or bad rules",
      "3:replay failures, or a finding at or above --fail-on / --fail-on-status",
      "4:the evidence could not be read at all"
    })
public final class GpuDoctor implements Callable<Integer> {
  static final String NAME = "gpu-doctor";

  /**
   * The subcommands, in the order the help lists them. Registered here rather than in the
   * annotation so that a run of one subcommand builds only that one's model: picocli builds every
   * registered command's options by reflection, about a tenth of a cold diagnose in a profile.
   */
  static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> all = new LinkedHashMap<>();
    all.put("diagnose", DiagnoseCommand::new);
    all.put("replay", ReplayCommand::new);
    all.put("rules", RulesCommand::new);
    all.put("explain", ExplainCommand::new);
    all.put("plan", PlanCommand::new);
    all.put("collect", CollectCommand::new);
    all.put("bench", BenchCommand::new);
    return Collections.unmodifiableMap(all);
  }

  @Spec CommandSpec spec;

  /** True when stdout is a terminal: the text report may use colours. */
  boolean terminal;

  boolean debug;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.USAGE;
  }

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8));
    PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8));
    boolean terminal = System.console() != null && System.getenv("NO_COLOR") == null;
    reportUncaughtOnOneLine(err);
    Rules.preloadFor(List.of(args));
    int code = run(out, err, terminal, args);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * A worker thread (the rule loading, replay jobs) that dies of an error it does not hand over
   * (out of memory while the pool makes a thread) says so on one line too, never with a stack trace.
   */
  static void reportUncaughtOnOneLine(PrintWriter err) {
    Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
      report(null, err, e);
      err.flush();
    });
  }

  /** Runs the command line without a terminal (no colours); returns the exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return run(out, err, false, args);
  }

  static int run(PrintWriter out, PrintWriter err, boolean terminal, String... args) {
    List<String> rest = new ArrayList<>();
    boolean debug = "1".equals(System.getenv("GPU_DOCTOR_DEBUG")) || "true".equalsIgnoreCase(System.getenv("GPU_DOCTOR_DEBUG"));
    boolean endOfOptions = false;
    for (String a : args) {
      if (!endOfOptions && "--debug".equals(a)) {
        debug = true;
        continue;
      }
      if ("--".equals(a)) endOfOptions = true;
      rest.add(a);
    }
    GpuDoctor app = new GpuDoctor();
    app.terminal = terminal;
    app.debug = debug;
    try {
      CommandLine cl = commandLine(app, subcommandOf(rest)).setOut(out).setErr(err);
      int code = cl.execute(rest.toArray(new String[0]));
      out.flush();
      err.flush();
      return code;
    } catch (Throwable t) {
      // picocli lets Errors (out of memory, stack overflow) through: still one line, never a trace.
      return report(app, err, t);
    }
  }

  /**
   * The subcommand the arguments run, when they name one: the root has no option that takes a
   * value, so it is the first argument that is not an option. Null (all subcommands) otherwise.
   */
  static String subcommandOf(List<String> args) {
    for (String a : args) {
      if (a.equals("--")) return null;
      if (!a.startsWith("-")) return SUBCOMMANDS.containsKey(a) ? a : null;
    }
    return null;
  }

  /** A command line with the gpu-doctor error handling; tests may use it with their own writers. */
  public static CommandLine commandLine() {
    return commandLine(new GpuDoctor());
  }

  static CommandLine commandLine(GpuDoctor app) {
    return commandLine(app, null);
  }

  /** With {@code only} (a subcommand name), that subcommand alone is registered; else all of them. */
  static CommandLine commandLine(GpuDoctor app, String only) {
    CommandLine cl = new CommandLine(app);
    SUBCOMMANDS.forEach((name, command) -> {
      if (only == null || only.equals(name)) cl.addSubcommand(name, command.get());
    });
    cl.setCaseInsensitiveEnumValuesAllowed(true);
    cl.setParameterExceptionHandler((ex, args) -> {
      PrintWriter err = ex.getCommandLine().getErr();
      String command = ex.getCommandLine().getCommandSpec().qualifiedName();
      err.println(NAME + ": " + oneLine(ex.getMessage()) + " (see '" + command + " --help')");
      err.flush();
      return ExitCodes.USAGE;
    });
    cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> report(app, commandLine.getErr(), ex));
    return cl;
  }

  /** Prints an error as the user sees it and returns its exit code. */
  static int report(GpuDoctor app, PrintWriter err, Throwable t) {
    int code;
    if (t instanceof CliException c) {
      err.println(NAME + ": " + oneLine(c.getMessage()));
      c.details().forEach(err::println);
      code = c.exitCode();
    } else if (t instanceof RuleCompileException r) {
      err.println(NAME + ": the rules do not compile (" + r.problems().size() + " problem"
          + (r.problems().size() == 1 ? "" : "s") + "):");
      for (RuleProblem p : r.problems()) err.println(p);
      code = ExitCodes.USAGE;
    } else if (t instanceof RuleContractException r) {
      err.println(NAME + ": a rule broke the rule contract:");
      r.problems().forEach(err::println);
      code = ExitCodes.USAGE;
    } else if (t instanceof EvidenceException e) {
      err.println(NAME + ": " + oneLine(e.getMessage()));
      code = ExitCodes.EVIDENCE;
    } else if (t instanceof OutOfMemoryError) {
      err.println(NAME + ": out of memory (give the JVM more with JAVA_OPTS=-Xmx...)");
      code = ExitCodes.INTERNAL;
    } else {
      String m = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : oneLine(t.getMessage());
      err.println(NAME + ": internal error: " + m + (app != null && app.debug ? "" : " (run with --debug for details)"));
      code = ExitCodes.INTERNAL;
    }
    if (app != null && app.debug) {
      StringWriter trace = new StringWriter();
      t.printStackTrace(new PrintWriter(trace));
      err.print(trace);
    }
    err.flush();
    return code;
  }

  static String oneLine(String s) {
    if (s == null) return "";
    String line = s.strip();
    int nl = line.indexOf('\n');
    return nl < 0 ? line : line.substring(0, nl).strip();
  }
}
