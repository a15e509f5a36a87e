package io.gpudoctor.cli;

/** Exit codes (DESIGN 6). */
final class ExitCodes {
  /** Ran (findings or not). */
  static final int OK = 0;
  /** Internal error. */
  static final int INTERNAL = 1;
  /** Usage error or bad rules. */
  static final int USAGE = 2;
  /** Replay failures, or a finding at or above {@code --fail-on}. */
  static final int FAILED = 3;
  /** The evidence could not be read at all. */
  static final int EVIDENCE = 4;

  private ExitCodes() {}
}
