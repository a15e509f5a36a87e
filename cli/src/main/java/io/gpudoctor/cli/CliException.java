package io.gpudoctor.cli;

import java.util.List;

/** An error the user can act on: its exit code, one line for stderr, and optional detail lines. */
final class CliException extends RuntimeException {
  private final int exitCode;
  private final List<String> details;

  CliException(int exitCode, String message) {
    this(exitCode, message, List.of());
  }

  CliException(int exitCode, String message, List<String> details) {
    super(message);
    this.exitCode = exitCode;
    this.details = List.copyOf(details);
  }

  int exitCode() {
    return exitCode;
  }

  List<String> details() {
    return details;
  }
}
