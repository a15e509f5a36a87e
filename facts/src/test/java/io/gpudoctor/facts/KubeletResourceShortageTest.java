package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The kubelet's OutOf<resource> admission rejection, in the pod's status, its event, or a reason alone. */
class KubeletResourceShortageTest {

  @Test
  void currentStatusMessageGivesTheResourceAndTheKubeletsCounts() {
    KubeletResourceShortage s = KubeletResourceShortage.of("OutOfnvidia.com/gpu",
        "Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 1");

    assertThat(s.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(s.requested()).isEqualTo(1L);
    assertThat(s.used()).isEqualTo(1L);
    assertThat(s.capacity()).isEqualTo(1L);
    assertThat(s.error()).isEqualTo("Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, capacity: 1");
    assertThat(s.nvidiaResource()).isTrue();
    assertThat(s.noneAllocatable()).isFalse();
    assertThat(s.exceedsAllocatable()).isFalse();
  }

  @Test
  void olderStatusPrefixAndTheEventsBareMessageReadTheSame() {
    String bare = "Node didn't have enough resource: nvidia.com/gpu, requested: 2, used: 0, capacity: 0";

    assertThat(KubeletResourceShortage.of("OutOfnvidia.com/gpu", "Pod " + bare))
        .isEqualTo(KubeletResourceShortage.of("OutOfnvidia.com/gpu", bare));
    assertThat(KubeletResourceShortage.of(null, bare).noneAllocatable()).isTrue();
  }

  @Test
  void theAcceleratorsResourceOfOldClustersIsAnNvidiaGpu() {
    KubeletResourceShortage s = KubeletResourceShortage.of("OutOfalpha.kubernetes.io/nvidia-gpu",
        "Pod Node didn't have enough resource: alpha.kubernetes.io/nvidia-gpu, requested: 2, used: 0, capacity: 1");

    assertThat(s.nvidiaResource()).isTrue();
    assertThat(s.exceedsAllocatable()).isTrue();
  }

  @Test
  void hostMemoryIsAShortageButNotAnNvidiaOne() {
    KubeletResourceShortage s = KubeletResourceShortage.of("OutOfmemory", "Pod was rejected: Node didn't have enough "
        + "resource: memory, requested: 2147483648, used: 32290433792, capacity: 32457011200");

    assertThat(s.resource()).isEqualTo("memory");
    assertThat(s.nvidiaResource()).isFalse();
  }

  @Test
  void aReasonWithoutItsMessageNamesTheResourceButNoCounts() {
    KubeletResourceShortage s = KubeletResourceShortage.of("OutOfnvidia.com/gpu", null);

    assertThat(s.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(s.countsKnown()).isFalse();
    assertThat(s.noneAllocatable()).isFalse();
  }

  @Test
  void otherAdmissionErrorsAreNoResourceShortage() {
    assertThat(KubeletResourceShortage.of("UnexpectedAdmissionError", "Pod was rejected: Allocate failed due to "
        + "requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected")).isNull();
    assertThat(KubeletResourceShortage.of("OutOf", null)).isNull();
    assertThat(KubeletResourceShortage.of(null, null)).isNull();
  }
}
