package io.gpudoctor.engine.reason;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.GpuMetricSample;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.IncidentWindow;
import java.util.List;

/**
 * The outcome of one diagnosis: the evidence it read, the profiles and findings it drew, and how.
 *
 * @param windows the incident windows the rules derived (observability route), by pod then start
 */
public record Diagnosis(
    EvidenceBundle evidence,
    List<GpuProfile> profiles,
    List<ReportedFinding> findings,
    List<TraceEntry> trace,
    List<String> warnings,
    String rulesDigest,
    int rulesFired,
    List<IncidentWindow> windows) {

  public Diagnosis {
    windows = windows == null ? List.of() : List.copyOf(windows);
  }

  /** A diagnosis whose rules derived no incident window. */
  public Diagnosis(EvidenceBundle evidence, List<GpuProfile> profiles, List<ReportedFinding> findings,
      List<TraceEntry> trace, List<String> warnings, String rulesDigest, int rulesFired) {
    this(evidence, profiles, findings, trace, warnings, rulesDigest, rulesFired, List.of());
  }

  /** The DCGM samples in the evidence (for the framebuffer chart and sparkline), in evidence order. */
  public List<GpuMetricSample> gpuSamples() {
    return evidence.facts().stream().filter(GpuMetricSample.class::isInstance).map(GpuMetricSample.class::cast).toList();
  }

  /** The first diagnosis in rank order (notes are never the top finding), or null. */
  public ReportedFinding top() {
    return findings.stream().filter(ReportedFinding::isDiagnosis).findFirst().orElse(null);
  }
}
