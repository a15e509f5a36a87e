package io.gpudoctor.cli;

import io.gpudoctor.engine.live.ReadWindow;
import picocli.CommandLine.Option;

/** How {@code collect} and {@code diagnose --live} read: the window, the log cap, the concurrency and the timeout. */
final class CollectionOptions {
  @Option(names = "--since", paramLabel = "DURATION",
      description = "Read container logs of the last DURATION (30m, 2h, 1d) and make it the incident window.")
  String since;

  @Option(names = "--incident-start", paramLabel = "TIME",
      description = "The incident window's start (RFC 3339 UTC, e.g. 2026-07-14T10:00:00Z): logs from then on.")
  String incidentStart;

  @Option(names = "--incident-end", paramLabel = "TIME", description = "The incident window's end (default: the capture time).")
  String incidentEnd;

  @Option(names = "--log-lines", paramLabel = "N", defaultValue = "" + ReadWindow.DEFAULT_LOG_LINES,
      description = "At most N lines of each container log (default: ${DEFAULT-VALUE}).")
  int logLines;

  @Option(names = "--max-concurrency", paramLabel = "N", defaultValue = "4",
      description = "At most N reads in flight at once (default: ${DEFAULT-VALUE}).")
  int maxConcurrency;

  @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "20",
      description = "Seconds to wait for each read (default: ${DEFAULT-VALUE}).")
  int requestTimeoutSeconds;

  ReadWindow window() {
    if (incidentEnd != null && incidentStart == null) throw new CliException(ExitCodes.USAGE, "--incident-end needs --incident-start");
    try {
      return new ReadWindow(since == null ? null : ReadWindow.parseDuration(since),
          incidentStart == null ? null : ReadWindow.parseInstant(incidentStart),
          incidentEnd == null ? null : ReadWindow.parseInstant(incidentEnd), logLines);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, e.getMessage());
    }
  }

  void check() {
    if (maxConcurrency < 1) throw new CliException(ExitCodes.USAGE, "--max-concurrency must be at least 1");
    if (requestTimeoutSeconds < 1) throw new CliException(ExitCodes.USAGE, "--request-timeout must be at least 1 second");
  }
}
