package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scheduler's message KAITO HEAD copies into InferenceReady is the FailedScheduling event of the pod it names. */
class WorkspaceSchedulingEventsTest {
  private static final String SCHEDULER = "0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) had "
      + "untolerated taint {CriticalAddonsOnly: true}. preemption: 0/3 nodes are available: 1 No preemption victims "
      + "found for incoming pod, 2 Preemption is not helpful for scheduling.";

  @TempDir Path folder;

  private static String workspace(String reason, String message) {
    return """
        apiVersion: kaito.sh/v1beta1
        kind: Workspace
        metadata:
          creationTimestamp: "2026-10-05T12:00:00Z"
          name: workspace-qwen-14b
          namespace: llm
          uid: 0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9
        resource:
          instanceType: Standard_NC24ads_A100_v4
        status:
          conditions:
          - lastTransitionTime: "2026-10-05T12:09:00Z"
            message: workspace resource is ready
            reason: workspaceResourceStatusSuccess
            status: "True"
            type: ResourceReady
          - lastTransitionTime: "2026-10-05T12:11:30Z"
            message: '%s'
            reason: %s
            status: "False"
            type: InferenceReady
        """.formatted(message, reason);
  }

  @Test
  void anUnschedulableInferenceReadyIsTheFailedSchedulingEventOfThePodItNames() {
    write(folder, "workspace.yaml", workspace("Unschedulable", "pod \"workspace-qwen-14b-0\" is unschedulable: " + SCHEDULER));

    List<KubeEvent> events = facts(read(folder), KubeEvent.class);

    assertThat(events).singleElement().satisfies(e -> {
      assertThat(e.involvedKey()).isEqualTo("llm/workspace-qwen-14b-0");
      assertThat(e.reason()).isEqualTo("FailedScheduling");
      assertThat(e.component()).isEqualTo("default-scheduler");
      assertThat(e.message()).isEqualTo(SCHEDULER);
      assertThat(e.lastSeen()).isEqualTo(Instant.parse("2026-10-05T12:11:30Z"));
    });
  }

  @Test
  void otherInferenceReasonsAndTheGenericPendingMessageAddNoEvent() {
    write(folder, "oom.yaml", workspace("ContainerOOMKilled",
        "container \"workspace-qwen-14b\" was OOMKilled (exit code 137); reduce memory usage or use a larger instance type"));
    write(folder, "pending.yaml", workspace("WorkspaceInferenceStatusPending", "Inference workload is not ready")
        .replace("workspace-qwen-14b", "workspace-qwen-7b"));

    assertThat(facts(read(folder), KubeEvent.class)).isEmpty();
  }

  @Test
  void aDescribedWorkspaceGivesTheSameEventOnceBesideTheBareMessage() {
    write(folder, "issue.md", """
        ```
        $ kubectl describe workspace workspace-qwen-14b -n llm
        Name:         workspace-qwen-14b
        Namespace:    llm
        API Version:  kaito.sh/v1beta1
        Kind:         Workspace
        Metadata:
          Creation Timestamp:  2026-10-05T12:00:00Z
        Resource:
          Instance Type:  Standard_NC24ads_A100_v4
        Status:
          Conditions:
            Last Transition Time:  2026-10-05T12:11:30Z
            Message:               pod "workspace-qwen-14b-0" is unschedulable: %s
            Reason:                Unschedulable
            Status:                False
            Type:                  InferenceReady
        Events:                    <none>
        ```
        """.formatted(SCHEDULER));

    assertThat(facts(read(folder), KubeEvent.class)).singleElement()
        .satisfies(e -> assertThat(e.involvedKey()).isEqualTo("llm/workspace-qwen-14b-0"));
  }
}
