package io.gpudoctor.facts;

import java.util.Objects;

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

  // Written out: see Read.
  @Override
  public boolean equals(Object o) {
    return o instanceof ProposedAction a && Objects.equals(description, a.description) && Objects.equals(command, a.command)
        && mutation == a.mutation && requiresAuthorization == a.requiresAuthorization;
  }

  @Override
  public int hashCode() {
    return Objects.hash(description, command, mutation, requiresAuthorization);
  }
}
