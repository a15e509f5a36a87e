package io.gpudoctor.facts;

import java.util.List;
import java.util.Objects;

/** The install profile derived for one pool, with the observations it rests on. */
public record GpuProfile(String pool, InstallProfile profile, String basis, List<Evidence> evidence) {
  public GpuProfile {
    evidence = List.copyOf(evidence);
  }

  public static GpuProfile of(String pool, InstallProfile profile, String basis, Evidence... evidence) {
    return new GpuProfile(pool, profile, basis, List.of(evidence));
  }

  public String stackOwner() {
    return profile.stackOwner();
  }

  // Written out: see Read.
  @Override
  public boolean equals(Object o) {
    return o instanceof GpuProfile g && Objects.equals(pool, g.pool) && profile == g.profile && Objects.equals(basis, g.basis)
        && evidence.equals(g.evidence);
  }

  @Override
  public int hashCode() {
    return Objects.hash(pool, profile, basis, evidence);
  }
}
