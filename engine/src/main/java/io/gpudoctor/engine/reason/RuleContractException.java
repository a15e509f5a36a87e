package io.gpudoctor.engine.reason;

import java.util.List;

/** A rule broke the rule contract while running (e.g. concluded an id it does not declare). */
public class RuleContractException extends RuntimeException {
  private final List<String> problems;

  public RuleContractException(List<String> problems) {
    super(String.join("; ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
