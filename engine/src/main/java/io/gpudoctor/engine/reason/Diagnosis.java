package io.gpudoctor.engine.reason;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.GpuProfile;
import java.util.List;

/** The outcome of one diagnosis: the evidence it read, the profiles and findings it drew, and how. */
public record Diagnosis(
    EvidenceBundle evidence,
    List<GpuProfile> profiles,
    List<ReportedFinding> findings,
    List<TraceEntry> trace,
    List<String> warnings,
    String rulesDigest,
    int rulesFired) {

  /** The first diagnosis in rank order (notes are never the top finding), or null. */
  public ReportedFinding top() {
    return findings.stream().filter(ReportedFinding::isDiagnosis).findFirst().orElse(null);
  }
}
