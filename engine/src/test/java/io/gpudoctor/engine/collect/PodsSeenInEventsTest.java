package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
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
}
