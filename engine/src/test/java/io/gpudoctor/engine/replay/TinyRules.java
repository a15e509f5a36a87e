package io.gpudoctor.engine.replay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A two-rule rule set and a small evidence folder, written into a test's temporary folder. */
final class TinyRules {
  private TinyRules() {}

  static final String CATALOGUE = """
      findings:
        - id: TargetUnbound
          route: evidence
          kind: note
          title: The target is not fully bound
          severity: info
          reference: references/findings.md#targetunbound
        - id: GpuCapacityExhausted
          route: scheduling
          kind: diagnosis
          title: Every allocatable GPU on the GPU nodes is already requested
          owner: cluster-operator
          severity: critical
          reference: references/findings.md#gpucapacityexhausted
      """;

  static final String EVIDENCE_DRL = """
      package test.evidence;
      import io.gpudoctor.facts.*;

      rule "target not bound"
        @route(evidence) @id(TargetUnbound)
      when
        $t : Target(bound == false)
      then
        insert(Finding.of("TargetUnbound", "").status(FindingStatus.CONFIRMED).confidence(1.0)
            .summary("Unbound: " + $t.unboundFields()));
      end
      """;

  static final String SCHEDULING_DRL = """
      package test.scheduling;
      import io.gpudoctor.facts.*;

      rule "pending pod short of GPUs"
        @route(scheduling) @id(GpuCapacityExhausted)
      when
        $p : PodFacts(pending)
        $r : SchedulingReason(podKey == $p.key, gpuShortage)
      then
        insert(Finding.of("GpuCapacityExhausted", $p.key()).status(FindingStatus.LIKELY).confidence(0.7)
            .summary("No GPU for " + $p.key()).evidence($r.evidence()));
      end
      """;

  static final String POD_JSON = """
      {"apiVersion":"v1","kind":"Pod",
       "metadata":{"name":"vllm-0","namespace":"ml","creationTimestamp":"2026-01-10T10:00:00Z"},
       "spec":{"containers":[{"name":"vllm","image":"vllm/vllm-openai",
         "resources":{"limits":{"nvidia.com/gpu":"1"},"requests":{"nvidia.com/gpu":"1"}}}]},
       "status":{"phase":"Pending"}}
      """;

  static final String EVENTS_JSON = """
      {"apiVersion":"v1","kind":"List","items":[{"apiVersion":"v1","kind":"Event",
       "metadata":{"name":"vllm-0.1","namespace":"ml"},
       "involvedObject":{"kind":"Pod","name":"vllm-0","namespace":"ml"},
       "type":"Warning","reason":"FailedScheduling",
       "message":"0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
       "source":{"component":"default-scheduler"},"count":4,
       "firstTimestamp":"2026-01-10T10:00:05Z","lastTimestamp":"2026-01-10T10:05:00Z"}]}
      """;

  static Path writeRules(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("catalogue.yaml"), CATALOGUE);
    Files.writeString(dir.resolve("evidence.drl"), EVIDENCE_DRL);
    Files.writeString(dir.resolve("scheduling.drl"), SCHEDULING_DRL);
    return dir;
  }

  /** A Pending GPU pod with a FailedScheduling event for want of GPUs. */
  static Path writePendingGpuPod(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("pod.json"), POD_JSON);
    Files.writeString(dir.resolve("events.json"), EVENTS_JSON);
    return dir;
  }
}
