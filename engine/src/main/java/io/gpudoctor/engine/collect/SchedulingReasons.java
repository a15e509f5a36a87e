package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.FailedSchedulingMessage;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.ReasonPart;
import io.gpudoctor.facts.SchedulingReason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why each pod is not scheduled, by the scheduler's own words: the latest FailedScheduling event
 * of the pod (older ones may describe a cluster that has since changed), else the pod's
 * {@code PodScheduled=False Unschedulable} condition (KAI-Scheduler's verdict is an {@code Unschedulable} event). One fact per {@code <count> <reason>} part. A
 * scheduler's message pasted without its {@code 0/N nodes are available: } head is read too, its total unknown; a
 * FailedScheduling event of another component (Karpenter's) is read only whole.
 */
final class SchedulingReasons {
  private SchedulingReasons() {}

  static List<SchedulingReason> derive(List<Object> facts) {
    Map<String, Source> latest = new LinkedHashMap<>();
    for (Object fact : facts) {
      if (fact instanceof KubeEvent e && schedulingVerdict(e)
          && (e.involvedKind() == null || "Pod".equals(e.involvedKind())) && e.involvedName() != null) {
        FailedSchedulingMessage parsed = isScheduler(e.component())
            ? FailedSchedulingMessage.parseFromScheduler(e.message()) : FailedSchedulingMessage.parse(e.message());
        if (parsed == null) continue;
        Source candidate = new Source(e.involvedKey(), parsed, e.message(), e.lastSeen(), e.provenance());
        latest.merge(candidate.podKey(), candidate, (old, now) -> isOlder(now.lastSeen(), old.lastSeen()) ? old : now);
      }
    }
    for (Object fact : facts) {
      if (fact instanceof PodFacts pod && !latest.containsKey(pod.key())) {
        Condition c = pod.condition("PodScheduled");
        if (c == null || !c.isFalse() || !"Unschedulable".equals(c.reason())) continue;
        FailedSchedulingMessage parsed = FailedSchedulingMessage.parseFromScheduler(c.message());
        if (parsed != null) {
          latest.put(pod.key(), new Source(pod.key(), parsed, c.message(), c.lastTransitionTime(), c.provenance()));
        }
      }
    }
    List<SchedulingReason> reasons = new ArrayList<>();
    for (Source s : latest.values()) reasons.addAll(s.reasons());
    return reasons;
  }

  /**
   * A FailedScheduling event, or KAI-Scheduler's: it records its verdict on the pod as an {@code Unschedulable} event
   * (reason {@code Unschedulable}, component {@code kai-scheduler}).
   */
  private static boolean schedulingVerdict(KubeEvent e) {
    return "FailedScheduling".equals(PodsSeenInEvents.verdictReason(e.reason(), e.component()));
  }

  /**
   * The component wrote the pod's scheduling verdict: a scheduler (default-scheduler, a second scheduler's name,
   * Volcano's), or a row that does not say who wrote it.
   */
  private static boolean isScheduler(String component) {
    return component.isEmpty() || component.contains("scheduler") || component.equals("volcano");
  }

  /** Null (unknown) times count as the oldest; on a tie the one read later wins. */
  private static boolean isOlder(Instant candidate, Instant current) {
    if (candidate == null) return current != null;
    return current != null && candidate.isBefore(current);
  }

  private record Source(
      String podKey, FailedSchedulingMessage parsed, String message, Instant lastSeen, Provenance provenance) {

    List<SchedulingReason> reasons() {
      if (parsed.noNodes()) {
        return List.of(new SchedulingReason(podKey, 0, 0, ReasonCategory.NO_NODES, null, null, null,
            "no nodes available to schedule pods", message, lastSeen, provenance));
      }
      List<SchedulingReason> list = new ArrayList<>();
      for (ReasonPart p : parsed.parts()) {
        list.add(new SchedulingReason(podKey, parsed.totalNodes(), p.count(), p.category(), p.resource(),
            p.taintKey(), p.taintValue(), p.text(), message, lastSeen, provenance));
      }
      return list;
    }
  }
}
