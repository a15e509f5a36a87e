package io.gpudoctor.facts;

import java.util.List;

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
}
