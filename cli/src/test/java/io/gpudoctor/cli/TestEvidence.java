package io.gpudoctor.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small rule sets and evidence folders written into a test's temporary folder. */
final class TestEvidence {
  private TestEvidence() {}

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
            .summary("No GPU for " + $p.key()).evidence($r.evidence())
            .missing("kubectl get nodes -o json", "to compare allocatable with requested GPUs")
            .proposeMutation("Scale the GPU pool", "az aks nodepool scale -g RG --cluster-name C -n gpu --node-count 3"));
      end
      """;

  /** Line 5 has the syntax error. */
  static final String BROKEN_DRL = """
      package test.broken;
      import io.gpudoctor.facts.*;
      rule "broken"
      when
        PodFacts( == )
      then
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

  /** Two rules; the catalogue is the shipped one (the folder has none). */
  static Path rules(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("evidence.drl"), EVIDENCE_DRL);
    Files.writeString(dir.resolve("scheduling.drl"), SCHEDULING_DRL);
    return dir;
  }

  static Path brokenRules(Path dir) throws IOException {
    rules(dir);
    Files.writeString(dir.resolve("broken.drl"), BROKEN_DRL);
    return dir;
  }

  /** A Pending GPU pod with a FailedScheduling event for want of GPUs. */
  static Path pendingGpuPod(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("pod.json"), POD_JSON);
    Files.writeString(dir.resolve("events.json"), EVENTS_JSON);
    return dir;
  }
}
