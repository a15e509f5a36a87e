package io.gpudoctor.engine.reason;

import java.util.List;

/** The rules do not compile or break the rule contract; nothing is diagnosed (exit code 2). */
public class RuleCompileException extends Exception {
  private final List<RuleProblem> problems;

  public RuleCompileException(List<RuleProblem> problems) {
    super(problems.isEmpty() ? "rules are invalid" : problems.get(0).toString());
    this.problems = List.copyOf(problems);
  }

  public List<RuleProblem> problems() {
    return problems;
  }
}
