package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.PodFacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kubelet's events about a pod prove the pod was bound to a node: they derive the pod, in the
 * state they show (rejected, evicted, waiting on a pull or a crash loop) and nothing more.
 */
class KubeletPodEventsTest {
  private static final String PULL_401 = "Failed to pull image \"mcr.microsoft.com/aks/kaito/kaito-base:0.0.9\": "
      + "failed to pull and unpack image \"mcr.microsoft.com/aks/kaito/kaito-base:0.0.9\": failed to resolve reference "
      + "\"mcr.microsoft.com/aks/kaito/kaito-base:0.0.9\": unexpected status from HEAD request: 401 Unauthorized";

  @TempDir Path folder;

  @Test
  void aPodWhoseImageCannotBePulledWaitsOnThePullWithItsPhaseAndSpecUnknown() {
    write(folder, "target.yaml", "capturedAt: \"2026-05-14T09:30:00Z\"\n");
    write(folder, "events.txt", """
        NAMESPACE   LAST SEEN   TYPE      REASON    OBJECT                                MESSAGE
        kaito       4m          Normal    Pulling   pod/workspace-phi-3-mini-7c9d8-kx2pq   Pulling image "mcr.microsoft.com/aks/kaito/kaito-base:0.0.9"
        kaito       4m          Warning   Failed    pod/workspace-phi-3-mini-7c9d8-kx2pq   %s
        kaito       4m          Warning   Failed    pod/workspace-phi-3-mini-7c9d8-kx2pq   Error: ErrImagePull
        kaito       90s         Normal    BackOff   pod/workspace-phi-3-mini-7c9d8-kx2pq   Back-off pulling image "mcr.microsoft.com/aks/kaito/kaito-base:0.0.9"
        kaito       90s         Warning   Failed    pod/workspace-phi-3-mini-7c9d8-kx2pq   Error: ImagePullBackOff
        """.formatted(PULL_401));

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.key()).isEqualTo("kaito/workspace-phi-3-mini-7c9d8-kx2pq");
    assertThat(pod.phase()).isNull();
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
    assertThat(pod.known(PodFacts.CONTAINER_STATUSES)).isFalse();
    assertThat(pod.known(PodFacts.NODE_NAME)).isFalse();
    // The latest state is the back-off; the events name the image, not the container.
    ContainerStatusFacts waiting = pod.containerStatuses().get(0);
    assertThat(waiting).extracting(ContainerStatusFacts::name, ContainerStatusFacts::waitingReason)
        .containsExactly(null, "ImagePullBackOff");
    assertThat(pod.containerStatuses()).hasSize(1);
  }

  @Test
  void aPullFailureWithoutALaterBackOffLeavesTheContainerInErrImagePull() {
    write(folder, "events.txt", """
        LAST SEEN   TYPE      REASON    OBJECT                 MESSAGE
        12s         Warning   Failed    pod/tgi-falcon-0       Failed to pull image "ghcr.io/huggingface/text-generation-inference:1.4": rpc error: code = Unknown desc = failed to pull and unpack image "ghcr.io/huggingface/text-generation-inference:1.4": failed to copy: httpReadSeeker: failed open: unexpected status code https://ghcr.io/v2/huggingface/text-generation-inference/blobs/sha256:4c1f: 403 Forbidden
        """);

    ContainerStatusFacts waiting = only(read(folder), PodFacts.class).containerStatuses().get(0);

    assertThat(waiting.waitingReason()).isEqualTo("ErrImagePull");
    assertThat(waiting.waitingMessage()).startsWith("Failed to pull image \"ghcr.io/huggingface/text-generation-inference:1.4\"");
  }

  @Test
  void aCrashLoopEventNamesTheContainerThatWaitsInEveryWording() {
    write(folder, "events.txt", """
        LAST SEEN   TYPE      REASON    OBJECT                   MESSAGE
        30s         Warning   BackOff   pod/vllm-qwen-0          Back-off restarting failed container vllm in pod vllm-qwen-0_serving(5b0e7f1c-3a1d-4c55-9a51-0d6e1f8f2b44)
        2m          Warning   BackOff   pod/embed-7f9c6d-w8x2k   Back-off restarting failed container
        """);

    var pods = facts(read(folder), PodFacts.class);

    assertThat(pods).extracting(PodFacts::name).containsExactly("vllm-qwen-0", "embed-7f9c6d-w8x2k");
    assertThat(pods.get(0).containerStatuses()).extracting(ContainerStatusFacts::name, ContainerStatusFacts::waitingReason)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("vllm", "CrashLoopBackOff"));
    // Before 1.26 the event names no container.
    assertThat(pods.get(1).containerStatuses()).extracting(ContainerStatusFacts::name, ContainerStatusFacts::waitingReason)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(null, "CrashLoopBackOff"));
  }

  @Test
  void anEvictedPodIsFailedWithTheKubeletsMessageOnTheNodeItsScheduledEventNames() {
    write(folder, "events.txt", """
        NAMESPACE   LAST SEEN   TYPE      REASON      OBJECT                        MESSAGE
        rag         25m         Normal    Scheduled   pod/reranker-5d8f7b-q2lmn     Successfully assigned rag/reranker-5d8f7b-q2lmn to aks-cpu-31894402-vmss000004
        rag         3m          Warning   Evicted     pod/reranker-5d8f7b-q2lmn     The node was low on resource: memory. Threshold quantity: 750Mi, available: 612400Ki. Container reranker was using 11863340Ki, which exceeds its request of 4Gi.
        rag         3m          Normal    Killing     pod/reranker-5d8f7b-q2lmn     Stopping container reranker
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod).extracting(PodFacts::phase, PodFacts::reason, PodFacts::nodeName)
        .containsExactly("Failed", "Evicted", "aks-cpu-31894402-vmss000004");
    assertThat(pod.message()).startsWith("The node was low on resource: memory.");
    assertThat(pod.provenance().pointer()).isEqualTo("line 3");
  }

  @Test
  void aKubeletAdmissionRejectionForAResourceIsAFailedPodWithItsOutOfReason() {
    write(folder, "events.txt", """
        LAST SEEN   TYPE      REASON        OBJECT                 MESSAGE
        41s         Warning   OutOfmemory   pod/trainer-llama-0    Node didn't have enough resource: memory, requested: 68719476736, used: 201863462912, capacity: 236223201280
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod).extracting(PodFacts::phase, PodFacts::reason)
        .containsExactly("Failed", "OutOfmemory");
    assertThat(pod.message()).startsWith("Node didn't have enough resource: memory");
  }

  @Test
  void olderKubectlNamesTheKubeletsHostAsTheNodeOfThePod() {
    write(folder, "events.txt", """
        LAST SEEN   FIRST SEEN   COUNT   NAME                              KIND   SUBOBJECT   TYPE      REASON    SOURCE                                MESSAGE
        1m          1m           1       embed-28417560-x8k2q              Pod                Warning   Evicted   kubelet, aks-nodepool1-28391742-0     The node had condition: [MemoryPressure].
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.reason()).isEqualTo("Evicted");
    assertThat(pod.nodeName()).isEqualTo("aks-nodepool1-28391742-0");
    assertThat(pod.known(PodFacts.NODE_NAME)).isTrue();
  }

  @Test
  void aPodThatWaitedForANodeAndIsNowPullingIsBoundWithItsStateUnknown() {
    write(folder, "events.txt", """
        NAMESPACE   LAST SEEN   TYPE      REASON             OBJECT                    MESSAGE
        ml          9m          Warning   FailedScheduling   pod/vllm-8b-6c5d7f9b8-x2m4p   0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.
        ml          2m          Normal    Scheduled          pod/vllm-8b-6c5d7f9b8-x2m4p   Successfully assigned ml/vllm-8b-6c5d7f9b8-x2m4p to aks-gpua10-14790233-vmss000001
        ml          2m          Normal    Pulling            pod/vllm-8b-6c5d7f9b8-x2m4p   Pulling image "vllm/vllm-openai:v0.8.5"
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.phase()).isNull();
    assertThat(pod.nodeName()).isEqualTo("aks-gpua10-14790233-vmss000001");
    assertThat(pod.containerStatuses()).isEmpty();
    assertThat(pod.known(PodFacts.CONTAINER_STATUSES)).isFalse();
  }

  @Test
  void eventsOfOtherComponentsWithKubeletReasonsDeriveNoPod() {
    write(folder, "events.txt", """
        LAST SEEN   TYPE      REASON    OBJECT                  SOURCE                   MESSAGE
        1m          Warning   Failed    job/finetune-phi-3      job-controller           Job has reached the specified backoff limit
        """);

    assertThat(facts(read(folder), PodFacts.class)).isEmpty();
  }
}
