package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/** Every wording the scheduler has used (domain research 5.1), split and classified. */
class FailedSchedulingMessageTest {

  @Test
  void currentWordingSplitsTaintAndGpuPartsAndKeepsPreemptionApart() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/3 nodes are available: 1 node(s) had untolerated taint {sku: gpu}, 2 Insufficient nvidia.com/gpu. "
            + "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");

    assertThat(m.totalNodes()).isEqualTo(3);
    assertThat(m.noNodes()).isFalse();
    assertThat(m.parts())
        .extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource, ReasonPart::taintKey, ReasonPart::taintValue)
        .containsExactly(
            tuple(1, ReasonCategory.UNTOLERATED_TAINT, null, "sku", "gpu"),
            tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", null, null));
    assertThat(m.parts().get(1).isGpuShortage()).isTrue();
    assertThat(m.preemptionParts()).extracting(ReasonPart::count, ReasonPart::category)
        .containsExactly(tuple(3, ReasonCategory.PREEMPTION_NOT_HELPFUL));
  }

  @Test
  void domainTokensAMarkdownRendererLinkedAreReadAsWritten() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/5 nodes are available: 3 node(s) had taint {[node.example.io/use](http://node.example.io/use): gpu}, that the "
            + "pod didn't tolerate, 2 Insufficient [nvidia.com/gpu](http://nvidia.com/gpu), 2 Insufficient "
            + "[nvidia.com/mig-1g.10gb](https://nvidia.com/mig-1g.10gb/).");

    assertThat(m.parts())
        .extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource, ReasonPart::taintKey, ReasonPart::taintValue)
        .containsExactly(
            tuple(3, ReasonCategory.UNTOLERATED_TAINT, null, "node.example.io/use", "gpu"),
            tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu", null, null),
            tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/mig-1g.10gb", null, null));
  }

  @Test
  void aLinkWhoseTargetIsAnotherTextIsLeftAsItIs() {
    ReasonPart p = ReasonPart.classify(1, "Insufficient [gpu](http://example.com/docs)");
    assertThat(p.resource()).isEqualTo("[gpu](http://example.com/docs)");
    assertThat(p.isGpuShortage()).isFalse();
  }

  @Test
  void oldestWordingNamesNoTaint() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/3 nodes are available: 3 node(s) had taints that the pod didn't tolerate.");

    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::taintKey)
        .containsExactly(tuple(3, ReasonCategory.UNTOLERATED_TAINT, null));
  }

  @Test
  void middleWordingWithThatThePodDidntTolerateIsOnePart() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/3 nodes are available: 1 node(s) had taint {sku: gpu}, that the pod didn't tolerate, 2 Insufficient nvidia.com/gpu.");

    assertThat(m.parts())
        .extracting(ReasonPart::count, ReasonPart::category, ReasonPart::taintKey, ReasonPart::taintValue)
        .containsExactly(
            tuple(1, ReasonCategory.UNTOLERATED_TAINT, "sku", "gpu"),
            tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, null, null));
  }

  @Test
  void newestWordingUntoleratedTaintsNamesNoTaint() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 Insufficient nvidia.com/gpu. "
            + "preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.");

    assertThat(m.parts()).extracting(ReasonPart::category, ReasonPart::taintKey)
        .containsExactly(tuple(ReasonCategory.UNTOLERATED_TAINT, null), tuple(ReasonCategory.INSUFFICIENT_RESOURCE, null));
    assertThat(m.preemptionParts()).extracting(ReasonPart::category)
        .containsExactly(ReasonCategory.NO_PREEMPTION_VICTIMS);
  }

  @Test
  void taintWithoutValueAndTheDoubleDotOfKubectlDescribe() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/network-unavailable: }, "
            + "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful "
            + "for scheduling, 2 No preemption victims found for incoming pod..");

    assertThat(m.parts())
        .extracting(ReasonPart::count, ReasonPart::taintKey, ReasonPart::taintValue, ReasonPart::text)
        .containsExactly(
            tuple(1, "node.kubernetes.io/network-unavailable", "",
                "node(s) had untolerated taint {node.kubernetes.io/network-unavailable: }"),
            tuple(2, null, null, "Insufficient nvidia.com/gpu"));
    assertThat(m.preemptionParts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::text)
        .containsExactly(
            tuple(1, ReasonCategory.PREEMPTION_NOT_HELPFUL, "Preemption is not helpful for scheduling"),
            tuple(2, ReasonCategory.NO_PREEMPTION_VICTIMS, "No preemption victims found for incoming pod"));
  }

  @Test
  void draAwareSchedulerClaimsNoteIsNotAPart() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. no new claims to deallocate, "
            + "preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.");

    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::text)
        .containsExactly(tuple(2, "Insufficient nvidia.com/gpu"));
    assertThat(m.preemptionParts()).hasSize(1);
  }

  @Test
  void affinityCordonVolumeAndPodCountReasons() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/6 nodes are available: 1 Too many pods, 1 node(s) didn't match Pod's node affinity/selector, "
            + "1 node(s) were unschedulable, 1 node(s) had volume node affinity conflict, "
            + "1 node(s) didn't match PersistentVolume's node affinity, 1 Insufficient nvidia.com/mig-1g.10gb.");

    assertThat(m.parts()).extracting(ReasonPart::category).containsExactly(
        ReasonCategory.TOO_MANY_PODS, ReasonCategory.NODE_AFFINITY_MISMATCH, ReasonCategory.UNSCHEDULABLE_NODE,
        ReasonCategory.VOLUME_AFFINITY, ReasonCategory.VOLUME_AFFINITY, ReasonCategory.INSUFFICIENT_RESOURCE);
    assertThat(m.parts().get(5).resource()).isEqualTo("nvidia.com/mig-1g.10gb");
    assertThat(m.parts().get(5).isGpuShortage()).isTrue();
    assertThat(m.mentions(ReasonCategory.NODE_AFFINITY_MISMATCH)).isTrue();
  }

  @Test
  void emptyClusterHasNoNodes() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse("no nodes available to schedule pods");

    assertThat(m.noNodes()).isTrue();
    assertThat(m.totalNodes()).isZero();
    assertThat(m.parts()).isEmpty();
  }

  @Test
  void otherTextIsNotASchedulerMessage() {
    assertThat(FailedSchedulingMessage.parse(null)).isNull();
    assertThat(FailedSchedulingMessage.parse(
        "Failed to schedule pod, incompatible with nodepool \"default\", no instance type satisfied resources")).isNull();
  }

  @Test
  void autoscalerListSplitsTheSameWay() {
    assertThat(FailedSchedulingMessage.splitParts(
            "1 node(s) had untolerated taint {sku: gpu}, 1 max node group size reached, 1 in backoff after failed scale-up"))
        .extracting(ReasonPart::category)
        .containsExactly(ReasonCategory.UNTOLERATED_TAINT, ReasonCategory.MAX_NODE_GROUP_SIZE,
            ReasonCategory.SCALE_UP_BACKOFF);
  }

  @Test
  void legacyPredicateNamesOfKubernetes18And19AreClassified() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "0/6 nodes are available: 1 PodToleratesNodeTaints, 1 MatchNodeSelector, 1 NoVolumeZoneConflict, "
            + "1 CheckNodeCondition, 1 NodeUnschedulable, 1 Insufficient nvidia.com/gpu.");

    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::taintKey)
        .containsExactly(
            tuple(1, ReasonCategory.UNTOLERATED_TAINT, null),
            tuple(1, ReasonCategory.NODE_AFFINITY_MISMATCH, null),
            tuple(1, ReasonCategory.VOLUME_AFFINITY, null),
            tuple(1, ReasonCategory.NODE_CONDITION, null),
            tuple(1, ReasonCategory.UNSCHEDULABLE_NODE, null),
            tuple(1, ReasonCategory.INSUFFICIENT_RESOURCE, null));
    assertThat(m.parts().get(5).isGpuShortage()).isTrue();
  }

  @Test
  void legacyPodFitsResourcesIsAShortageOfNoNamedResource() {
    ReasonPart p = ReasonPart.classify(3, "PodFitsResources");
    assertThat(p.category()).isEqualTo(ReasonCategory.INSUFFICIENT_RESOURCE);
    assertThat(p.resource()).isNull();
    assertThat(p.isGpuShortage()).isFalse();
  }

  @Test
  void nodeConditionDescriptionsOf110To117() {
    assertThat(FailedSchedulingMessage.parse("0/4 nodes are available: 1 node(s) were not ready, 1 node(s) had disk "
        + "pressure, 2 Insufficient nvidia.com/gpu.").parts()).extracting(ReasonPart::category)
        .containsExactly(ReasonCategory.NODE_CONDITION, ReasonCategory.NODE_CONDITION, ReasonCategory.INSUFFICIENT_RESOURCE);
  }

  @Test
  void predicatesWordingOf17AndOlderPutsTheCountAfterEachReason() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse("No nodes are available that match all of the following "
        + "predicates:: Insufficient nvidia.com/gpu (2), PodToleratesNodeTaints (1).");

    assertThat(m.totalNodes()).isZero();
    assertThat(m.noNodes()).isFalse();
    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource)
        .containsExactly(
            tuple(2, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu"),
            tuple(1, ReasonCategory.UNTOLERATED_TAINT, null));
  }

  @Test
  void aShortageRetypedInLowerCaseIsStillTheResourceShortage() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse("0/4 nodes are available: 4 insufficient nvidia.com/gpu.");

    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource)
        .containsExactly(tuple(4, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu"));
    assertThat(m.parts().get(0).isGpuShortage()).isTrue();
  }

  @Test
  void aCapitalisedHeaderOfAParaphrasedMessageIsStillRead() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse("0/2 Nodes are available: 2 INSUFFICIENT cpu");

    assertThat(m.totalNodes()).isEqualTo(2);
    assertThat(m.parts()).extracting(ReasonPart::category, ReasonPart::resource)
        .containsExactly(tuple(ReasonCategory.INSUFFICIENT_RESOURCE, "cpu"));
  }

  @Test
  void volcanosFitErrorsHaveTheSchedulersPartsUnderEitherHead() {
    FailedSchedulingMessage current = FailedSchedulingMessage.parse("0/101 nodes are unavailable: 100 Insufficient nvidia.com/gpu.");
    FailedSchedulingMessage older = FailedSchedulingMessage.parse(
        "all nodes are unavailable: 1 node(s) had untolerated taint {CriticalAddonsOnly: true}, 3 Insufficient nvidia.com/gpu.");

    assertThat(current.totalNodes()).isEqualTo(101);
    assertThat(current.parts()).extracting(ReasonPart::count, ReasonPart::resource).containsExactly(tuple(100, "nvidia.com/gpu"));
    assertThat(older.totalNodes()).isZero();
    assertThat(older.parts()).extracting(ReasonPart::count, ReasonPart::category).containsExactly(
        tuple(1, ReasonCategory.UNTOLERATED_TAINT), tuple(3, ReasonCategory.INSUFFICIENT_RESOURCE));
  }

  @Test
  void kaiSchedulersHistogramIsSplitAtItsSentenceEnds() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "no nodes with enough resources were found: 2 node(s) had untolerated taint(s). \n"
            + "5 node(s) didn't have enough resources: GPUs. \n1 node(s) didn't have enough resources: CPU cores.");

    assertThat(m.totalNodes()).isZero();
    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource).containsExactly(
        tuple(2, ReasonCategory.UNTOLERATED_TAINT, null),
        tuple(5, ReasonCategory.INSUFFICIENT_RESOURCE, "nvidia.com/gpu"),
        tuple(1, ReasonCategory.INSUFFICIENT_RESOURCE, "cpu"));
    assertThat(m.parts().get(1).isGpuShortage()).isTrue();
  }

  @Test
  void kaisGpuMemoryShortageIsNoNodeResourceShortage() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parse(
        "No nodes with enough resources were found: 1 node(s) didn't have enough resources: GPU memory.");

    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::resource)
        .containsExactly(tuple(1, ReasonCategory.OTHER, null));
  }

  @Test
  void aListWithoutItsHeadIsReadOnlyAsTheSchedulersOwnText() {
    String headless = "1 node(s) had untolerated taint {nvidia.com/gpu: present}";

    assertThat(FailedSchedulingMessage.parse(headless)).isNull();
    FailedSchedulingMessage m = FailedSchedulingMessage.parseFromScheduler(headless);
    assertThat(m.totalNodes()).isZero();
    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::category, ReasonPart::taintKey, ReasonPart::taintValue)
        .containsExactly(tuple(1, ReasonCategory.UNTOLERATED_TAINT, "nvidia.com/gpu", "present"));
  }

  @Test
  void aHeadlessListKeepsItsPreemptionSummaryApart() {
    FailedSchedulingMessage m = FailedSchedulingMessage.parseFromScheduler("2 Insufficient nvidia.com/gpu. preemption: "
        + "0/2 nodes are available: 2 No preemption victims found for incoming pod.");

    assertThat(m.totalNodes()).isZero();
    assertThat(m.parts()).extracting(ReasonPart::count, ReasonPart::resource).containsExactly(tuple(2, "nvidia.com/gpu"));
    assertThat(m.preemptionParts()).extracting(ReasonPart::category).containsExactly(ReasonCategory.NO_PREEMPTION_VICTIMS);
  }

  @Test
  void textThatOnlyStartsWithANumberIsNoHeadlessList() {
    assertThat(FailedSchedulingMessage.parseFromScheduler("3 replicas are waiting for the new pool")).isNull();
  }
}
