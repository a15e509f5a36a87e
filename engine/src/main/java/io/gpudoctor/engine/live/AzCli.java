package io.gpudoctor.engine.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code az} CLI for reads only: the command group and verb must be on the allowlist,
 * the output is always {@code -o json}, there is no shell in between, and each call has a timeout.
 */
public final class AzCli {
  /** The command groups and verbs gpu-doctor may run; anything else is refused before a process starts. */
  static final List<List<String>> ALLOWED = List.of(
      List.of("account", "show"),
      List.of("aks", "show"),
      List.of("aks", "nodepool", "list"),
      List.of("aks", "nodepool", "show"),
      List.of("aks", "operation", "show-latest"),
      List.of("vm", "list-usage"),
      List.of("vm", "list-skus"));

  private final String executable;
  private final Duration timeout;

  public AzCli(String executable, Duration timeout) {
    this.executable = executable;
    this.timeout = timeout;
  }

  /** The outcome of one call: {@code installed} is false when there is no {@code az} to run. */
  public record Result(boolean installed, int exit, String stdout, String error) {
    public boolean ok() {
      return installed && exit == 0;
    }
  }

  /** True when {@code args} (after {@code az}) start with an allowlisted command group and verb. */
  static boolean allowed(List<String> args) {
    for (List<String> verb : ALLOWED) {
      if (args.size() >= verb.size() && args.subList(0, verb.size()).equals(verb)
          && (args.size() == verb.size() || args.get(verb.size()).startsWith("-"))) {
        return true;
      }
    }
    return false;
  }

  /** @throws IllegalArgumentException for a command that is not an allowlisted read */
  public Result run(List<String> args) {
    if (!allowed(args)) throw new IllegalArgumentException("not an allowed az read: az " + String.join(" ", args));
    List<String> command = new ArrayList<>();
    command.add(executable);
    for (int i = 0; i < args.size(); i++) {
      if ((args.get(i).equals("-o") || args.get(i).equals("--output")) && i + 1 < args.size()) {
        i++; // the output format is always json: the readers parse it
        continue;
      }
      command.add(args.get(i));
    }
    command.add("-o");
    command.add("json");
    command.add("--only-show-errors");
    Process process;
    try {
      process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(nullFile())).start();
    } catch (IOException e) {
      return new Result(false, -1, "", "az not installed");
    }
    CompletableFuture<String> out = drain(process.getInputStream());
    CompletableFuture<String> err = drain(process.getErrorStream());
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return new Result(true, -1, "", "az gave no answer within " + timeout.toMillis() + " ms");
      }
      String stderr = err.get(5, TimeUnit.SECONDS).strip();
      int nl = stderr.indexOf('\n');
      String firstLine = nl < 0 ? stderr : stderr.substring(0, nl);
      int exit = process.exitValue();
      return new Result(true, exit, out.get(5, TimeUnit.SECONDS),
          exit == 0 ? "" : firstLine.isEmpty() ? "az exited with " + exit : firstLine);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      return new Result(true, -1, "", "interrupted");
    } catch (Exception e) {
      return new Result(true, -1, "", "cannot read az output: " + e.getMessage());
    }
  }

  private static java.io.File nullFile() {
    return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }

  private static CompletableFuture<String> drain(java.io.InputStream in) {
    return CompletableFuture.supplyAsync(() -> {
      try (in) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "";
      }
    });
  }
}
