package io.gpudoctor.engine.report;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.facts.GpuIdentity;
import io.gpudoctor.facts.GpuMetric;
import io.gpudoctor.facts.GpuMetricSample;
import io.gpudoctor.facts.IncidentWindow;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** DCGM framebuffer samples as the Prometheus API reader yields them, and diagnoses around them. */
final class FramebufferSamples {
  static final Instant T0 = Instant.parse("2026-07-14T10:10:00Z");
  static final GpuIdentity GPU0 = new GpuIdentity("aks-gpunp-41829376-vmss000000", "0",
      "GPU-5f2c1a9e-8b7d-4e3f-9a1c-2d4e6f8a0b1c", "NVIDIA A100 80GB PCIe", null, null);
  static final GpuIdentity GPU1 = new GpuIdentity("aks-gpunp-41829376-vmss000000", "1", null, null, null, null);

  private FramebufferSamples() {}

  static GpuMetricSample sample(GpuMetric metric, GpuIdentity gpu, int secondsAfterT0, double mib) {
    return new GpuMetricSample(metric, gpu, "inference", "mistral-7b-6d9f7c8b5-x2kqp", "vllm", mib,
        T0.plusSeconds(secondsAfterT0), Provenance.of("prometheus/query_range-fb.json", "/data/result/0"));
  }

  /** GPU 0 fills from 0 to 81050 MiB of 81920 between T0+60s and T0+480s; FB_FREE falls to match. */
  static List<Object> climbingGpu0() {
    List<Object> facts = new ArrayList<>();
    double[] used = {0, 0, 15000, 42000, 68000, 79500, 81050, 81050, 0};
    for (int i = 0; i < used.length; i++) {
      facts.add(sample(GpuMetric.FB_USED, GPU0, i * 60, used[i]));
      facts.add(sample(GpuMetric.FB_FREE, GPU0, i * 60, 81920 - used[i]));
    }
    return facts;
  }

  static Target target(Instant incidentStart, Instant incidentEnd) {
    return new Target("sub", "rg-llm-serving", "aks-llm-weu", "aks-llm-weu", "westeurope", "gpunp", "inference",
        "Pod", "mistral-7b-6d9f7c8b5-x2kqp", incidentStart, incidentEnd, Instant.parse("2026-07-14T10:24:00Z"),
        Provenance.of("target.yaml", ""));
  }

  static IncidentWindow window(int fromSeconds, int toSeconds) {
    return new IncidentWindow("inference/mistral-7b-6d9f7c8b5-x2kqp", T0.plusSeconds(fromSeconds),
        T0.plusSeconds(toSeconds), "container termination", List.of());
  }

  static Diagnosis diagnosis(Target target, List<Object> facts, List<IncidentWindow> windows) {
    EvidenceBundle bundle = new EvidenceBundle(target, facts, List.of(), List.of(), List.of());
    return new Diagnosis(bundle, List.of(), List.of(), List.of(), List.of(), "sha256:0", 0, windows);
  }
}
