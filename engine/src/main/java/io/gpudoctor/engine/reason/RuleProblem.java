package io.gpudoctor.engine.reason;

/** A problem in the rule files, reported as {@code file:line: message} (line 0 when unknown). */
public record RuleProblem(String file, int line, String message) {
  @Override
  public String toString() {
    return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
  }
}
