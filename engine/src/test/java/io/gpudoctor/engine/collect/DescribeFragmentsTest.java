package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Toleration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kubectl describe} output trimmed of its {@code Name:} line, as people paste the part that
 * matters: what it shows is read, everything else (its name first) is unknown.
 */
class DescribeFragmentsTest {
  private static final String REJECTED = """
      ...
      Status:              Failed
      Reason:              UnexpectedAdmissionError
      Message:             Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected
      """;

  @TempDir Path folder;

  @Test
  void aPodFragmentIsAPodWhoseNameAndSpecAreUnknown() {
    write(folder, "describe-pod.txt", REJECTED);

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod).extracting(PodFacts::name, PodFacts::phase, PodFacts::reason, PodFacts::message)
        .containsExactly(PodFacts.UNNAMED, "Failed", "UnexpectedAdmissionError",
            "Pod Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected");
    assertThat(pod.fieldsUnknown()).contains(PodFacts.NAME, PodFacts.CONTAINERS, PodFacts.TOLERATIONS, PodFacts.NODE_NAME,
        PodFacts.OWNER, PodFacts.CONDITIONS, PodFacts.LABELS);
    assertThat(pod.provenance().child("status").pointer()).isEqualTo("line 2");
  }

  @Test
  void aPodFragmentIsTheTargetsPodWhenTheTargetNamesOne() {
    write(folder, "target.yaml", "namespace: batch\nresource: pod/embed-28417560-x8k2q\n");
    write(folder, "describe-pod.txt", REJECTED);

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod.key()).isEqualTo("batch/embed-28417560-x8k2q");
    assertThat(pod.known(PodFacts.NAME)).isTrue();
  }

  @Test
  void aPodFragmentUnderADescribeCommandIsThatPod() {
    write(folder, "notes.txt", "$ kubectl describe pod -n batch embed-28417560-x8k2q | grep -A3 ^Status\n" + REJECTED);

    assertThat(only(read(folder), PodFacts.class).key()).isEqualTo("batch/embed-28417560-x8k2q");
  }

  @Test
  void aLoneTolerationsBlockIsAPodsTolerationsAndNothingElse() {
    write(folder, "issue.md", """
        `kubectl describe pod <name>` shows the tolerations:
        ```
        Tolerations:     node.kubernetes.io/not-ready:NoExecute for 300s
                         node.kubernetes.io/unreachable:NoExecute for 300s
                         nvidia.com/gpu=present:NoSchedule
        ```
        """);

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod.tolerations()).contains(new Toleration("nvidia.com/gpu", "Equal", "present", "NoSchedule"));
    assertThat(pod.known(PodFacts.TOLERATIONS)).isTrue();
    assertThat(pod.phase()).isNull();
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
  }

  @Test
  void theEventsOfAPodFragmentAreThatPodsEvents() {
    write(folder, "describe-pod.txt", """
        Status:           Pending
        Node-Selectors:   kubernetes.azure.com/accelerator=nvidia
        Tolerations:      nvidia.com/gpu:NoSchedule op=Exists
        Events:
          Type     Reason            Age   From               Message
          ----     ------            ----  ----               -------
          Warning  FailedScheduling  45s   default-scheduler  0/2 nodes are available: 2 node(s) had untolerated taint {sku: gpu}.
        """);

    EvidenceBundle bundle = read(folder);
    PodFacts pod = only(bundle, PodFacts.class);
    KubeEvent event = only(bundle, KubeEvent.class);
    assertThat(event.involvedKey()).isEqualTo(pod.key());
    assertThat(event.involvedKind()).isEqualTo("Pod");
  }

  @Test
  void aLoneCapacityAndAllocatableBlockIsANodeWhoseNameIsUnknown() {
    write(folder, "issue.md", """
        the num of GPU registered changed:
        Capacity:
          cpu:                96
          memory:             1857609536Ki
          nvidia.com/gpu:     8
          pods:               110
        Allocatable:
          cpu:                95690m
          memory:             1846984000Ki
          nvidia.com/gpu:     6
          pods:               110

        after restarting the plugin pod it was 8 again
        """);

    NodeFacts node = only(read(folder), NodeFacts.class);
    assertThat(node.name()).isEqualTo(NodeFacts.UNNAMED);
    assertThat(node.capacityGpus()).isEqualTo(8L);
    assertThat(node.allocatableGpus()).isEqualTo(6L);
    assertThat(node.fieldsUnknown()).contains(NodeFacts.NAME, NodeFacts.LABELS, NodeFacts.TAINTS, NodeFacts.CONDITIONS);
  }

  @Test
  void aNotePastedBesideAnAllocatableQuantityIsNotPartOfIt() {
    write(folder, "issue.md", """
        ```
        Capacity:
          nvidia.com/gpu:     8
        Allocatable:
          nvidia.com/gpu:     7       <=========== here
        ```
        """);

    NodeFacts node = only(read(folder), NodeFacts.class);
    assertThat(node.capacityGpus()).isEqualTo(8L);
    assertThat(node.allocatableGpus()).isEqualTo(7L);
  }

  @Test
  void twoUnnamedNodeFragmentsInTwoFilesAreBothKept() {
    write(folder, "node-a.txt", """
        Capacity:
          nvidia.com/gpu:     8
        Allocatable:
          nvidia.com/gpu:     8
        """);
    write(folder, "node-b.txt", """
        Capacity:
          nvidia.com/gpu:     8
        Allocatable:
          nvidia.com/gpu:     7
        """);

    assertThat(facts(read(folder), NodeFacts.class))
        .extracting(NodeFacts::name, NodeFacts::capacityGpus, NodeFacts::allocatableGpus)
        .containsExactlyInAnyOrder(
            tuple(NodeFacts.UNNAMED, 8L, 8L),
            tuple(NodeFacts.UNNAMED, 8L, 7L));
  }

  @Test
  void twoUnnamedNodeFragmentsOfOneThreadAreBothKept() {
    write(folder, "issue.md", """
        Before, the node shows:
        ```
        Capacity:
          nvidia.com/gpu:     2
        Allocatable:
          nvidia.com/gpu:     2
        ```
        and once the plugin logged the Xid:
        ```
        Capacity:
          nvidia.com/gpu:     2
        Allocatable:
          nvidia.com/gpu:     1
        ```
        """);

    assertThat(facts(read(folder), NodeFacts.class)).extracting(NodeFacts::allocatableGpus)
        .containsExactlyInAnyOrder(2L, 1L);
  }

  @Test
  void namedNodesReadTwiceStillCountOnce() {
    String node = """
        Name:               aks-gpunp-12345678-vmss000000
        Roles:              <none>
        Capacity:
          nvidia.com/gpu:     1
        Allocatable:
          nvidia.com/gpu:     1
        """;
    write(folder, "describe-node.txt", node);
    write(folder, "describe-node-again.txt", node);

    assertThat(only(read(folder), NodeFacts.class).name()).isEqualTo("aks-gpunp-12345678-vmss000000");
  }

  @Test
  void aNodeFragmentUnderADescribeNodeCommandIsThatNode() {
    write(folder, "node.txt", """
        $ kubectl describe node aks-gpunp-12345678-vmss000000 | grep -A8 Allocatable
        Allocatable:
          cpu:                5840m
          nvidia.com/gpu:     0
        """);

    NodeFacts node = only(read(folder), NodeFacts.class);
    assertThat(node.name()).isEqualTo("aks-gpunp-12345678-vmss000000");
    assertThat(node.known(NodeFacts.CAPACITY)).isFalse();
  }

  @Test
  void otherKindsDescribesAreNeitherPodsNorNodes() {
    write(folder, "describe.txt", """
        Name:              vllm-llama
        Namespace:         ml-serving
        Labels:            app=vllm-llama
        Annotations:       <none>
        Selector:          app=vllm-llama
        Type:              ClusterIP
        IP:                10.0.52.17
        IPs:               10.0.52.17
        Port:              http  8000/TCP
        Events:            <none>

        Name:          model-cache
        Namespace:     ml-serving
        StorageClass:  managed-csi-premium
        Status:        Bound
        Volume:        pvc-5b0c2d7e-4a1f-4a3e-9d0b-2f6c8e1a7b90
        Capacity:      256Gi
        Access Modes:  RWO
        Events:        <none>

        Name:           vllm-llama-6d9f7c8b5d
        Namespace:      ml-serving
        Selector:       app=vllm-llama,pod-template-hash=6d9f7c8b5d
        Controlled By:  Deployment/vllm-llama
        Replicas:       1 current / 1 desired
        Pods Status:    0 Running / 1 Waiting / 0 Succeeded / 0 Failed
        Events:         <none>
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, PodFacts.class)).isEmpty();
    assertThat(facts(bundle, NodeFacts.class)).isEmpty();
  }

  @Test
  void oneContainersLinesPastedWithoutThePodAreAContainerOfAPodNotNamed() {
    write(folder, "issue.md", """
        The head pod never starts:
        ```
            Host Port:     0/TCP (dashboard)
            Args:
              ray start --head --block --dashboard-host=0.0.0.0 --num-cpus=8
            State:          Waiting
              Reason:       ImagePullBackOff
            Ready:          False
            Restart Count:  0
            Limits:
              cpu:     8
              memory:  32Gi
            Requests:
              cpu:      8
              memory:   32Gi
        ```
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.name()).isEqualTo(PodFacts.UNNAMED);
    assertThat(pod.containers()).singleElement().satisfies(c -> {
      assertThat(c.requests()).containsEntry("memory", "32Gi").containsEntry("cpu", "8");
      assertThat(c.init()).isFalse();
    });
    assertThat(pod.containerStatuses()).singleElement()
        .satisfies(c -> assertThat(c.waitingReason()).isEqualTo("ImagePullBackOff"));
    // The pod's other containers were not pasted: what it requests in all is unknown.
    assertThat(pod.known(PodFacts.CONTAINERS)).isFalse();
    assertThat(pod.containerStatuses().get(0).provenance().pointer()).isEqualTo("line 6");
  }

  @Test
  void aPodTemplatesContainerWithoutAStateIsNoPod() {
    write(folder, "issue.md", """
        ```
            Image:      vllm/vllm-openai:v0.9.1
            Port:       8000/TCP
            Host Port:  0/TCP
            Limits:
              nvidia.com/gpu:  1
        ```
        """);

    assertThat(facts(read(folder), PodFacts.class)).isEmpty();
  }

  @Test
  void aContainerNamePastedAtTheMarginInsideInitContainersStaysAContainerOfThatBlock() {
    write(folder, "issue.md", """
        ```
        Init Containers:
          model-download:
            State:          Terminated
              Reason:       Completed
              Exit Code:    0
        warmup:
            State:          Terminated
              Reason:       OOMKilled
              Exit Code:    0
        Containers:
          server:
            State:          Waiting
              Reason:       PodInitializing
        ```
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.containers()).extracting(c -> c.name(), c -> c.init()).containsExactly(
        org.assertj.core.groups.Tuple.tuple("server", false),
        org.assertj.core.groups.Tuple.tuple("model-download", true),
        org.assertj.core.groups.Tuple.tuple("warmup", true));
    assertThat(pod.containerStatuses()).filteredOn(c -> "warmup".equals(c.name())).singleElement()
        .satisfies(c -> assertThat(c).extracting(x -> x.terminatedReason(), x -> x.terminatedExitCode())
            .containsExactly("OOMKilled", 0));
  }
}
