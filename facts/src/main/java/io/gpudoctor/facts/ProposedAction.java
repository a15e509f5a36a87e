package io.gpudoctor.facts;

/**
 * A change an owner may make. gpu-doctor never runs it; every proposal needs explicit
 * authorisation, and mutations are marked as such.
 */
public record ProposedAction(
    String description, String command, boolean mutation, boolean requiresAuthorization) {

  public static ProposedAction mutation(String description, String command) {
    return new ProposedAction(description, command, true, true);
  }

  public static ProposedAction readOnly(String description, String command) {
    return new ProposedAction(description, command, false, true);
  }
}
