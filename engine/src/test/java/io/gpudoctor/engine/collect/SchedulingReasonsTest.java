package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.SchedulingReason;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchedulingReasonsTest {
  private static final String TAINT_AND_GPU =
      "0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, 2 Insufficient nvidia.com/gpu. "
          + "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";

  @TempDir Path folder;

  @Test
  void latestFailedSchedulingEventGivesOneReasonPerPartWithoutThePreemptionParts() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/events.json"));

    List<SchedulingReason> reasons = facts(bundle, SchedulingReason.class);
    assertThat(reasons)
        .extracting(SchedulingReason::podKey, SchedulingReason::totalNodes, SchedulingReason::count,
            SchedulingReason::category, SchedulingReason::resource, SchedulingReason::taintKey,
            SchedulingReason::taintValue)
        .containsExactly(
            tuple("inference/llm-0", 3, 1, ReasonCategory.UNTOLERATED_TAINT, null, "sku", "gpu"),
            tuple("inference/llm-0", 3, 2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", null, null));
    assertThat(reasons).allSatisfy(r -> {
      assertThat(r.message()).isEqualTo(TAINT_AND_GPU);
      assertThat(r.lastSeen()).isEqualTo(Instant.parse("2026-03-02T10:01:40Z"));
      assertThat(r.provenance()).isEqualTo(Provenance.of("events.json", "/items/0"));
    });
    assertThat(reasons.get(1).isGpuShortage()).isTrue();
  }

  @Test
  void onTheSameLastSeenTheEventReadLaterWins() {
    write(folder, "a-events.json", event("2026-03-02T10:00:00Z",
        "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod."));
    write(folder, "b-events.json", event("2026-03-02T10:00:00Z",
        "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."));

    assertThat(facts(read(folder), SchedulingReason.class))
        .extracting(SchedulingReason::category, r -> r.provenance().source())
        .containsExactly(tuple(ReasonCategory.NODE_AFFINITY_MISMATCH, "b-events.json"));
  }

  @Test
  void podScheduledConditionStandsInWhenThereIsNoEvent() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/pods.json"));

    List<SchedulingReason> reasons = facts(bundle, SchedulingReason.class);
    assertThat(reasons).extracting(SchedulingReason::category)
        .containsExactly(ReasonCategory.UNTOLERATED_TAINT, ReasonCategory.INSUFFICIENT_RESOURCE);
    assertThat(reasons).allSatisfy(r -> {
      assertThat(r.podKey()).isEqualTo("inference/llm-0");
      assertThat(r.provenance()).isEqualTo(Provenance.of("pods.json", "/items/0/status/conditions/0"));
      assertThat(r.lastSeen()).isEqualTo(Instant.parse("2026-03-02T09:58:11Z"));
    });
  }

  @Test
  void anEventWinsOverThePodCondition() {
    EvidenceBundle bundle = read(copy(folder, "gpu-taint/pods.json", "gpu-taint/events.json"));

    assertThat(facts(bundle, SchedulingReason.class))
        .allSatisfy(r -> assertThat(r.provenance().source()).isEqualTo("events.json"));
  }

  @Test
  void emptyClusterGivesANoNodesReason() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z", "no nodes available to schedule pods"));

    assertThat(facts(read(folder), SchedulingReason.class))
        .extracting(SchedulingReason::category, SchedulingReason::count, SchedulingReason::text)
        .containsExactly(tuple(ReasonCategory.NO_NODES, 0, "no nodes available to schedule pods"));
  }

  @Test
  void karpenterWordingIsNotASchedulerAvailabilityMessage() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z",
        "Failed to schedule pod, incompatible with nodepool \"default\", no instance type satisfied resources"));

    assertThat(facts(read(folder), SchedulingReason.class)).isEmpty();
  }

  @Test
  void aSchedulersMessagePastedWithoutItsHeadGivesItsPartsTheTotalUnknown() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z", "1 node(s) had untolerated taint {sku: gpu}, "
        + "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."));

    assertThat(facts(read(folder), SchedulingReason.class))
        .extracting(SchedulingReason::totalNodes, SchedulingReason::count, SchedulingReason::category, SchedulingReason::taintKey)
        .containsExactly(
            tuple(0, 1, ReasonCategory.UNTOLERATED_TAINT, "sku"),
            tuple(0, 2, ReasonCategory.INSUFFICIENT_RESOURCE, null));
  }

  @Test
  void anotherComponentsFailedSchedulingIsReadOnlyWithItsHead() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z", "1 node(s) had untolerated taint {sku: gpu}")
        .replace("default-scheduler", "karpenter"));

    assertThat(facts(read(folder), SchedulingReason.class)).isEmpty();
  }

  @Test
  void kaiSchedulersUnschedulableEventIsItsSchedulingVerdict() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z",
        "no nodes with enough resources were found: 2 node(s) didn't have enough resources: GPUs.")
        .replace("FailedScheduling", "Unschedulable").replace("default-scheduler", "kai-scheduler"));

    assertThat(facts(read(folder), SchedulingReason.class))
        .extracting(SchedulingReason::count, SchedulingReason::category, SchedulingReason::resource)
        .containsExactly(tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu"));
  }

  @Test
  void anUnschedulableEventOfAComponentThatIsNoSchedulerIsNotAVerdict() {
    write(folder, "events.json", event("2026-03-02T10:00:00Z",
        "no nodes with enough resources were found: 2 node(s) didn't have enough resources: GPUs.")
        .replace("FailedScheduling", "Unschedulable").replace("default-scheduler", "podgroup-controller"));

    assertThat(facts(read(folder), SchedulingReason.class)).isEmpty();
  }

  private static String event(String lastSeen, String message) {
    return """
        {"apiVersion": "v1", "kind": "Event", "metadata": {"name": "llm-0.1", "namespace": "inference"},
         "involvedObject": {"kind": "Pod", "name": "llm-0", "namespace": "inference"},
         "reason": "FailedScheduling", "type": "Warning", "source": {"component": "default-scheduler"},
         "lastTimestamp": "%s", "message": "%s"}
        """.formatted(lastSeen, message.replace("\"", "\\\""));
  }
}
