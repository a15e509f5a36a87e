package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.ScaleUpSkipped;
import io.gpudoctor.facts.SchedulingReason;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scheduler or autoscaler message pasted with its parts one a line is still one message. */
class MessagePartsOneALineTest {
  @TempDir Path folder;

  @Test
  void anAutoscalerMessageBrokenAfterEachPartIsOneEventWithEveryPart() {
    write(folder, "issue.md", """
        # No GPU node for the notebook

        Event recorded on pod startup:
        ```
        pod didn't trigger scale-up:
        3 node(s) had taint {[workload.example.org/class](http://workload.example.org/class): system}, that the pod didn't tolerate,
        1 Insufficient memory, 1 Insufficient [nvidia.com/gpu](http://nvidia.com/gpu),
        1 max node group size reached
        ```
        The pod tolerates nvidia.com/gpu.
        """);
    EvidenceBundle bundle = read(folder);
    KubeEvent e = facts(bundle, KubeEvent.class).get(0);
    assertThat(e.reason()).isEqualTo("NotTriggerScaleUp");
    assertThat(e.message()).startsWith("pod didn't trigger scale-up: 3 node(s) had taint").endsWith("1 max node group size reached");
    List<ScaleUpSkipped> parts = facts(bundle, ScaleUpSkipped.class);
    assertThat(parts).extracting(ScaleUpSkipped::category).containsExactly(ReasonCategory.UNTOLERATED_TAINT,
        ReasonCategory.INSUFFICIENT_RESOURCE, ReasonCategory.INSUFFICIENT_RESOURCE, ReasonCategory.MAX_NODE_GROUP_SIZE);
    assertThat(parts).extracting(ScaleUpSkipped::resource).contains("nvidia.com/gpu", "memory");
    assertThat(parts.get(0).taintKey()).isEqualTo("workload.example.org/class");
  }

  @Test
  void aSchedulerMessageWithOnePartALineEndsAtThePartWithoutAComma() {
    write(folder, "issue.md", """
        The dashboard shows the pod's warning as:

        > 0/4 nodes are available:
        > 1 Insufficient nvidia.com/gpu,
        > 3 node(s) had untolerated taint {sku: gpu}.

        2 replicas are wanted by the deployment.
        """);
    List<SchedulingReason> reasons = facts(read(folder), SchedulingReason.class);
    assertThat(reasons).extracting(SchedulingReason::count, SchedulingReason::category)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(1, ReasonCategory.INSUFFICIENT_RESOURCE),
            org.assertj.core.groups.Tuple.tuple(3, ReasonCategory.UNTOLERATED_TAINT));
  }
}
