package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pod's event quoted without the pod's name is about the one pod the evidence leaves, or a pod not named. */
class UnnamedPodEventsTest {
  private static final String TAINT = "0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, "
      + "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  private static final String REJECTED = "Allocate failed due to requested number of devices unavailable for "
      + "nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected";

  @TempDir Path folder;

  @Test
  void aSchedulerMessageWithNoPodAnywhereIsAboutAPendingPodNotNamed() {
    write(folder, "issue.md", "# Pending\n\nThe scheduler keeps saying `" + TAINT + "`\n");

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, KubeEvent.class).involvedName()).isEqualTo(PodFacts.UNNAMED);
    PodFacts pod = only(bundle, PodFacts.class);
    assertThat(pod.name()).isEqualTo(PodFacts.UNNAMED);
    assertThat(pod.phase()).isEqualTo("Pending");
    assertThat(pod.known(PodFacts.TOLERATIONS)).isFalse();
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
  }

  @Test
  void theOnlyPendingPodOfAPastedTableIsThePodOfTheMessage() {
    write(folder, "issue.md", """
        ```
        $ kubectl get pods -n ml
        NAME                      READY   STATUS    RESTARTS   AGE
        router-7d9f8c6b5-2kq7x    1/1     Running   0          3h
        vllm-8b-6c5d7f9b8-x2m4p   0/1     Pending   0          12m
        ```
        and the scheduler says `%s`
        """.formatted(TAINT));

    KubeEvent e = only(read(folder), KubeEvent.class);

    assertThat(e.involvedName()).isEqualTo("vllm-8b-6c5d7f9b8-x2m4p");
    assertThat(e.involvedKind()).isEqualTo("Pod");
  }

  @Test
  void twoPendingPodsLeaveTheMessageTiedToNoPod() {
    write(folder, "issue.md", """
        ```
        NAME                      READY   STATUS    RESTARTS   AGE
        vllm-8b-6c5d7f9b8-x2m4p   0/1     Pending   0          12m
        vllm-8b-6c5d7f9b8-q9w3z   0/1     Pending   0          12m
        ```
        the scheduler says `%s`
        """.formatted(TAINT));

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, KubeEvent.class).involvedName()).isNull();
    assertThat(facts(bundle, PodFacts.class)).extracting(PodFacts::name).doesNotContain(PodFacts.UNNAMED);
  }

  @Test
  void aKubeletRejectionIsAboutTheFailedPodNotARunningOne() {
    write(folder, "issue.md", """
        ```
        NAME                        READY   STATUS                     RESTARTS   AGE
        trainer-0                   1/1     Running                    0          2d
        trainer-1                   0/1     UnexpectedAdmissionError   0          4m
        ```
        kubelet: `%s`
        """.formatted(REJECTED));

    EvidenceBundle bundle = read(folder);

    assertThat(facts(bundle, KubeEvent.class)).singleElement()
        .satisfies(e -> assertThat(e.involvedName()).isEqualTo("trainer-1"));
  }
}
