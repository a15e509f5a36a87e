package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodFacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PodsSeenInEventsTest {
  static final String EVENTS = """
      NAMESPACE    LAST SEEN   TYPE      REASON             OBJECT                                   MESSAGE
      ml-serving   2m14s       Warning   FailedScheduling   pod/vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p   0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.
      """;

  @TempDir Path folder;

  @Test
  void aPodOnlyItsFailedSchedulingEventShowsIsPendingWithItsSpecUnknown() {
    write(folder, "events.txt", EVENTS);
    PodFacts pod = facts(read(folder), PodFacts.class).get(0);
    assertThat(pod.key()).isEqualTo("ml-serving/vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p");
    assertThat(pod.phase()).isEqualTo("Pending");
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
    assertThat(pod.known(PodFacts.TOLERATIONS)).isFalse();
    assertThat(pod.provenance().toString()).contains("events.txt");
  }

  @Test
  void aPodMissingFromTheCapturedPodsOfItsNamespaceWasDeletedAndIsNotInvented() {
    write(folder, "events.txt", EVENTS);
    write(folder, "pods.txt", """
        NAMESPACE    NAME                                 READY   STATUS    RESTARTS   AGE
        ml-serving   vllm-llama-3-1-8b-6d9f7c8b5d-q9z4r   0/1     Pending   0          1m
        """);
    assertThat(facts(read(folder), PodFacts.class)).extracting(PodFacts::name)
        .containsExactly("vllm-llama-3-1-8b-6d9f7c8b5d-q9z4r");
  }

  @Test
  void aPodTheKubeletRejectedIsFailedOnTheNodeItsScheduledEventNames() {
    write(folder, "events.txt", """
        NAMESPACE   LAST SEEN   TYPE      REASON                     OBJECT                          MESSAGE
        batch       31s         Warning   FailedScheduling           pod/embed-28417560-x8k2q        0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.
        batch       19s         Normal    Scheduled                  pod/embed-28417560-x8k2q        Successfully assigned batch/embed-28417560-x8k2q to aks-gpunc-27361054-vmss000002
        batch       19s         Warning   UnexpectedAdmissionError   pod/embed-28417560-x8k2q        Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        """);

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod).extracting(PodFacts::key, PodFacts::phase, PodFacts::reason, PodFacts::nodeName)
        .containsExactly("batch/embed-28417560-x8k2q", "Failed", "UnexpectedAdmissionError", "aks-gpunc-27361054-vmss000002");
    assertThat(pod.message()).startsWith("Allocate failed due to requested number of devices unavailable");
    assertThat(pod.known(PodFacts.NODE_NAME)).isTrue();
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
    assertThat(pod.provenance().pointer()).isEqualTo("line 4");
  }

  @Test
  void aRejectedPodWithoutAScheduledEventHasItsNodeUnknown() {
    write(folder, "events.txt", """
        Warning  UnexpectedAdmissionError  2m  kubelet  Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = error creating nvml.Device 3: nvml: GPU is lost, which is unexpected
        """);
    write(folder, "target.yaml", "namespace: batch\nresource: pod/embed-28417560-x8k2q\n");

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod.phase()).isEqualTo("Failed");
    assertThat(pod.nodeName()).isNull();
    assertThat(pod.known(PodFacts.NODE_NAME)).isFalse();
  }

  @Test
  void thePodsTheAutoscalerReportsOnArePending() {
    write(folder, "events.txt", """
        NAMESPACE    LAST SEEN   TYPE     REASON              OBJECT                                  MESSAGE
        ml-serving   40s         Normal   NotTriggerScaleUp   pod/vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p   pod didn't trigger scale-up: 1 max node group size reached
        ml-serving   3m          Normal   TriggeredScaleUp    pod/vllm-phi-3-mini-7c9d8f6b54-ws8jn     pod triggered scale-up: [{aks-gpunp-36854149-vmss 0->1 (max: 2)}]
        """);

    assertThat(facts(read(folder), PodFacts.class)).extracting(PodFacts::name, PodFacts::phase, PodFacts::reason)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p", "Pending", null),
            org.assertj.core.groups.Tuple.tuple("vllm-phi-3-mini-7c9d8f6b54-ws8jn", "Pending", null));
  }

  @Test
  void aPodPastedWithoutItsNameDoesNotHideThePodsOfItsNamespaceEventsShow() {
    write(folder, "events.txt", EVENTS);
    write(folder, "fragment.txt", """
        Namespace:        ml-serving
        Status:           Failed
        Reason:           UnexpectedAdmissionError
        Message:          Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        """);

    assertThat(facts(read(folder), PodFacts.class)).extracting(PodFacts::key)
        .containsExactlyInAnyOrder("ml-serving/" + PodFacts.UNNAMED, "ml-serving/vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p");
  }
}
