package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.WorkspaceFacts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How pasted text is cut into the outputs it holds: Markdown fences, fragments, event lines without their pod. */
class PastedSectionsTest {
  private static final String FAILED_SCHEDULING = "0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, "
      + "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, "
      + "2 No preemption victims found for incoming pod.";

  // A pod describe cut after its Tolerations, as pasted into a thread.
  private static final String DESCRIBED_POD = """
      Name:             %s
      Namespace:        ml-serving
      Status:           Pending
      Containers:
        vllm:
          Limits:
            nvidia.com/gpu:  1
      Tolerations:      nvidia.com/gpu:NoSchedule op=Exists
      """;

  @TempDir Path folder;

  private static List<PastedSection.Kind> kinds(String text) {
    return PastedSections.split(text).stream().map(PastedSection::kind).toList();
  }

  @Test
  void aClosingFenceEndsTheTableAndIsNeverAWorkspace() {
    write(folder, "issue.md", """
        The workspaces never get ready:

        ```
        NAME                       INSTANCE                   RESOURCEREADY   INFERENCEREADY   WORKSPACEREADY   AGE
        workspace-phi-3-mini       Standard_NC6s_v3           False                            False            33m
        workspace-llama-3-1-8b     Standard_NC24ads_A100_v4   False                            False            85m
        ```
        Any idea?
        """);

    assertThat(facts(read(folder), WorkspaceFacts.class)).extracting(WorkspaceFacts::name)
        .containsExactlyInAnyOrder("workspace-llama-3-1-8b", "workspace-phi-3-mini");
  }

  @Test
  void fenceLinesWithAnInfoStringOrIndentedInAListEndAnOutput() {
    List<PastedSection> sections = PastedSections.split("""
        1. the pods:
           ```console
        NAME     READY   STATUS    RESTARTS   AGE
        vllm-0   0/1     Pending   0          12m
           ```
        ~~~text
        Warning  FailedScheduling  2m  default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu.
        ~~~
        """);

    assertThat(sections).extracting(PastedSection::kind)
        .containsExactly(PastedSection.Kind.KUBECTL_TABLE, PastedSection.Kind.EVENT_LINES);
    assertThat(sections.get(0).lines()).extracting(TextLine::number).containsExactly(3, 4);
    assertThat(sections.get(1).lines()).extracting(TextLine::number).containsExactly(7);
  }

  @Test
  void aFenceGluedToTheEventsLineIsTakenOffIt() {
    List<PastedSection> sections = PastedSections.split("""
        ```Events:
          Type     Reason            Age   From               Message
          ----     ------            ----  ----               -------
          Warning  FailedScheduling  45s   default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.
        ```
        """);

    assertThat(sections).extracting(PastedSection::kind).containsExactly(PastedSection.Kind.EVENTS_BLOCK);
    assertThat(sections.get(0).first().text()).isEqualTo("Events:");
    assertThat(sections.get(0).lines()).hasSize(4);
  }

  @Test
  void aFenceGluedToATableHeaderOrToItsLastRowIsTakenOffBoth() {
    assertThat(PastedSections.unglued("```NAME     READY   STATUS    RESTARTS   AGE")).isEqualTo("NAME     READY   STATUS    RESTARTS   AGE");
    assertThat(PastedSections.unglued("vllm-0   0/1     Pending   0          12m```")).isEqualTo("vllm-0   0/1     Pending   0          12m");
    assertThat(PastedSections.unglued("```yaml")).isEqualTo("```yaml");
    assertThat(PastedSections.unglued("```v1.18.3```")).isEqualTo("```v1.18.3```");
  }

  @Test
  void noiseGluedBeforeATableHeaderIsTakenOffAndTheColumnsKeepTheirPlace() {
    write(folder, "issue.md", """
        ```
        textNAME                    INSTANCE                  RESOURCEREADY   INFERENCEREADY   JOBSTARTED   WORKSPACESUCCEEDED   AGE
        workspace-qwen-2-5-7b       Standard_NV36ads_A10_v5   True            True                          True                 97m
        ```
        """);

    assertThat(PastedSections.withoutNoiseBeforeHeader("xtNAME      READY   STATUS    RESTARTS   AGE"))
        .isEqualTo("NAME        READY   STATUS    RESTARTS   AGE");
    WorkspaceFacts workspace = only(read(folder), WorkspaceFacts.class);
    assertThat(workspace.name()).isEqualTo("workspace-qwen-2-5-7b");
    assertThat(workspace.instanceType()).isEqualTo("Standard_NV36ads_A10_v5");
    assertThat(workspace.condition("InferenceReady").isTrue()).isTrue();
  }

  @Test
  void lowerCaseTextBeforeNameThatLeavesNoHeaderStaysAsItIs() {
    assertThat(PastedSections.withoutNoiseBeforeHeader("theNAME  of the pool is gpunp")).isEqualTo("theNAME  of the pool is gpunp");
    assertThat(PastedSections.withoutNoiseBeforeHeader("xtNAMEX     READY   STATUS    RESTARTS   AGE"))
        .isEqualTo("xtNAMEX     READY   STATUS    RESTARTS   AGE");
  }

  @Test
  void aMessageKubectlDescribePrintsOverSeveralLinesStaysInThePodAndInItsEvent() {
    String hook = "nvidia-container-cli: mount error: file creation failed: /run/containerd/io.containerd.runtime.v2.task/k8s.io/"
        + "4e1b7d2a/rootfs/usr/bin/nvidia-smi: file exists: unknown";
    String start = "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: "
        + "unable to start container process: error during container init: error running hook #0: error running hook: exit "
        + "status 1, stdout: , stderr: Auto-detected mode as 'legacy'";
    write(folder, "describe.txt", """
        Name:             qwen-7b-5c4d8f9b7-2xk4q
        Namespace:        ml-serving
        Node:             aks-gpua10-31948226-vmss000002/10.224.0.12
        Status:           Pending
        Containers:
          vllm:
            State:          Waiting
              Reason:       RunContainerError
            Last State:     Terminated
              Reason:       StartError
              Message:      %s
        %s
              Exit Code:    128
            Limits:
              nvidia.com/gpu:  1
        Tolerations:      sku=gpu:NoSchedule
        Events:
          Type     Reason  Age               From     Message
          ----     ------  ----              ----     -------
          Warning  Failed  3m (x6 over 12m)  kubelet  Error: %s
        %s
        """.formatted(start, hook, start, hook));

    var bundle = read(folder);

    assertThat(only(bundle, PodFacts.class).requestsGpu()).as("the limits after the message's second line").isTrue();
    assertThat(facts(bundle, KubeEvent.class)).singleElement().satisfies(e -> {
      assertThat(e.message()).isEqualTo("Error: " + start + " " + hook);
      assertThat(e.provenance().pointer()).isEqualTo("line 20");
    });
  }

  @Test
  void proseRightUnderAFailedPodsMessageIsNotPartOfIt() {
    write(folder, "issue.md", """
        Name:             embedder-0
        Namespace:        ml-serving
        Status:           Failed
        Reason:           UnexpectedAdmissionError
        Message:          Pod was rejected: Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected
        The pod was recreated three times since.
        """);

    PodFacts pod = only(read(folder), PodFacts.class);
    assertThat(pod.message()).endsWith("which is unexpected");
  }

  @Test
  void aDescribeTrimmedOfItsNameLineIsAPodFragment() {
    assertThat(kinds("""
        ...
        Status:              Failed
        Reason:              UnexpectedAdmissionError
        Message:             Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        """)).containsExactly(PastedSection.Kind.DESCRIBE);
    assertThat(kinds("""
        Tolerations:     node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                         node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
                         nvidia.com/gpu:NoSchedule op=Exists
        """)).containsExactly(PastedSection.Kind.DESCRIBE);
    assertThat(kinds("""
        Capacity:
          cpu:                24
          nvidia.com/gpu:     1
        Allocatable:
          cpu:                23660m
          nvidia.com/gpu:     0
        """)).containsExactly(PastedSection.Kind.DESCRIBE);
  }

  @Test
  void proseWithKeyLikeLinesIsNoFragment() {
    assertThat(kinds("""
        Status: still broken after the upgrade
        Reason: unknown, see below
        Message: please help
        """)).isEmpty();
    assertThat(kinds("""
        Environment:
          Kubernetes version: 1.31
        Capacity: 10Gi
        """)).isEmpty();
  }

  @Test
  void eventsPastedApartFromTheOnlyDescribedPodAreItsEvents() {
    write(folder, "target.yaml", "capturedAt: \"2026-02-09T15:25:30Z\"\n");
    write(folder, "issue.md", "```\n" + DESCRIBED_POD.formatted("vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p") + """
        ```

        and the events from another terminal:

        ```Events:
          Type     Reason            Age                   From               Message
          ----     ------            ----                  ----               -------
          Warning  FailedScheduling  2m20s (x14 over 23m)  default-scheduler  %s
        ```
        """.formatted(FAILED_SCHEDULING));

    KubeEvent event = only(read(folder), KubeEvent.class);
    assertThat(event).extracting(KubeEvent::namespace, KubeEvent::involvedKind, KubeEvent::involvedName, KubeEvent::count)
        .containsExactly("ml-serving", "Pod", "vllm-llama-3-1-8b-6d9f7c8b5d-x7k2p", 14);
  }

  @Test
  void eventsUnderACommandAboutAnotherPodStayThatPodsEvenBesideADescribedOne() {
    write(folder, "issue.md", DESCRIBED_POD.formatted("vllm-0") + """

        $ kubectl describe pod -n ml-serving vllm-1 | grep -A4 Events
        Events:
          Type     Reason            Age   From               Message
          ----     ------            ----  ----               -------
          Warning  FailedScheduling  45s   default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.
        """);

    assertThat(only(read(folder), KubeEvent.class).involvedName()).isEqualTo("vllm-1");
  }

  @Test
  void eventsBesideTwoPodsAreTiedToNeither() {
    write(folder, "issue.md", """
        NAME     READY   STATUS    RESTARTS   AGE
        vllm-0   0/1     Pending   0          12m
        vllm-1   0/1     Pending   0          12m

        Warning  FailedScheduling  45s   default-scheduler  0/2 nodes are available: 2 Insufficient nvidia.com/gpu.
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(only(bundle, KubeEvent.class).involvedName()).isNull();
    assertThat(bundle.warnings()).anyMatch(w -> w.contains("tied to no pod"));
  }

  @Test
  void theScheduledRowNamesThePodOfAFragmentAndOfItsEvents() {
    write(folder, "issue.md", """
        ```
        ...
        Status:           Failed
        Reason:           UnexpectedAdmissionError
        Message:          Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        ```
        ```
          Normal   Scheduled                 19s   default-scheduler  Successfully assigned batch/embed-28417560-x8k2q to aks-gpunc-27361054-vmss000002
          Warning  UnexpectedAdmissionError  19s   kubelet            Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
        ```
        """);

    EvidenceBundle bundle = read(folder);
    PodFacts pod = only(bundle, PodFacts.class);
    assertThat(pod).extracting(PodFacts::key, PodFacts::phase, PodFacts::reason)
        .containsExactly("batch/embed-28417560-x8k2q", "Failed", "UnexpectedAdmissionError");
    assertThat(facts(bundle, KubeEvent.class)).extracting(KubeEvent::involvedKey, KubeEvent::reason)
        .containsExactly(tuple("batch/embed-28417560-x8k2q", "Scheduled"),
            tuple("batch/embed-28417560-x8k2q", "UnexpectedAdmissionError"));
  }
}
