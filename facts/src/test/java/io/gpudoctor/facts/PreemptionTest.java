package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PreemptionTest {
  private static final Provenance AT = Provenance.of("events.json", "/items/0");
  private static final String UID = "7c3e9b21-4d5f-4a6b-9c8d-2e1f0a9b8c7d";

  private static KubeEvent event(String type, String reason, String message, String component) {
    return new KubeEvent("ml", "Pod", "vllm-phi4-7c9d8f6b5-x2k4p", type, reason, message, component, 1,
        Instant.parse("2026-03-01T09:58:02Z"), Instant.parse("2026-03-01T09:58:02Z"), AT);
  }

  private static PodFacts pod(String reason, String message, Condition... conditions) {
    return new PodFacts("ml", "vllm-0", "Failed", reason, message, "aks-gpunp-12345678-vmss000000", null, "StatefulSet",
        "vllm", Map.of(), List.of(), List.of(), Map.of(), List.of(), List.of(conditions), List.of(),
        Provenance.of("pod.json", ""));
  }

  private static Condition disruption(String reason, String message) {
    return new Condition("DisruptionTarget", "True", reason, message, null, Provenance.of("pod.json", "/status/conditions/0"));
  }

  @Test
  void theSchedulersEventNamesThePreemptorByUidAndTheNode() {
    Preemption p = Preemption.of(event("Normal", "Preempted",
        "Preempted by pod " + UID + " on node aks-gpunp-12345678-vmss000000", "default-scheduler"));

    assertThat(p.byScheduler()).isTrue();
    assertThat(p.podKey()).isEqualTo("ml/vllm-phi4-7c9d8f6b5-x2k4p");
    assertThat(p.preemptorUid()).isEqualTo(UID);
    assertThat(p.preemptorKey()).isNull();
    assertThat(p.node()).isEqualTo("aks-gpunp-12345678-vmss000000");
    assertThat(p.generatedFrom()).isEqualTo("vllm-phi4-7c9d8f6b5");
    assertThat(p.evidence().quote()).isEqualTo("ml/vllm-phi4-7c9d8f6b5-x2k4p Normal Preempted: Preempted by pod " + UID
        + " on node aks-gpunp-12345678-vmss000000");
  }

  @Test
  void anOlderSchedulerNamesThePreemptorByNamespaceAndName() {
    Preemption p = Preemption.of(event("Normal", "Preempted",
        "Preempted by training/finetune-llama-0-x7q2m on node aks-gpunp-12345678-vmss000000", "default-scheduler"));

    assertThat(p.preemptorKey()).isEqualTo("training/finetune-llama-0-x7q2m");
    assertThat(p.preemptorUid()).isNull();
  }

  @Test
  void aPodGroupsPreemptionNamesTheGroup() {
    Preemption p = Preemption.of(event("Normal", "Preempted", "Preempted by podgroup training/finetune on node n1", "default-scheduler"));

    assertThat(p.byScheduler()).isTrue();
    assertThat(p.preemptor()).isEqualTo("training/finetune");
    assertThat(p.node()).isEqualTo("n1");
  }

  @Test
  void theKubeletsEventAndStatusForACriticalPodAreItsPreemption() {
    Preemption byEvent = Preemption.of(event("Warning", "Preempting", "Preempted in order to admit critical pod", "kubelet"));
    Preemption byStatus = Preemption.of(pod("Preempting", "Preempted in order to admit critical pod"));

    assertThat(byEvent.byScheduler()).isFalse();
    assertThat(byEvent.by()).isEqualTo(Preemption.KUBELET);
    assertThat(byStatus.by()).isEqualTo(Preemption.KUBELET);
    assertThat(byStatus.node()).isEqualTo("aks-gpunp-12345678-vmss000000");
    assertThat(byStatus.evidence().quote())
        .isEqualTo("ml/vllm-0 status: Failed, reason: Preempting, message: Preempted in order to admit critical pod");
  }

  @Test
  void theDisruptionTargetConditionSaysWhoPreemptedInEachReleasesReason() {
    assertThat(Preemption.of(pod(null, null, disruption("PreemptionByScheduler",
        "default-scheduler: preempting to accommodate a higher priority pod"))).by()).isEqualTo(Preemption.SCHEDULER);
    assertThat(Preemption.of(pod(null, null, disruption("PreemptionByKubeScheduler",
        "default-scheduler: preempting to accommodate a higher priority pod"))).by()).isEqualTo(Preemption.SCHEDULER);
    assertThat(Preemption.of(pod(null, null, disruption("TerminationByKubelet",
        "Pod was preempted by Kubelet to accommodate a critical pod."))).by()).isEqualTo(Preemption.KUBELET);
  }

  @Test
  void aDrainATaintOrTheKubeletsShutdownIsNoPreemption() {
    assertThat(Preemption.of(pod(null, null, disruption("EvictionByEvictionAPI", "Eviction API: evicting")))).isNull();
    assertThat(Preemption.of(pod(null, null, disruption("DeletionByTaintManager", "Taint manager: deleting due to NoExecute taint")))).isNull();
    assertThat(Preemption.of(pod(null, null, disruption("TerminationByKubelet", "Pod was terminated in response to imminent node shutdown.")))).isNull();
    assertThat(Preemption.of(pod("Evicted", "The node was low on resource: memory."))).isNull();
    assertThat(Preemption.in(event("Normal", "Killing", "Stopping container server", "kubelet"))).isFalse();
  }
}
