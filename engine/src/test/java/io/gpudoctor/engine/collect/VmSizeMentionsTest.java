package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.MentionedVmSize;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The VM size a pasted text names, in the spellings people paste it. */
class VmSizeMentionsTest {

  @Test
  void aLabelledDisplayNameGluedToCjkTextIsTheSize() {
    MentionedVmSize size = VmSizeMentions.only("issue.md", List.of("新建节点池的VM size: Standard NC24ads A100 v4，一直创建失败"));

    assertThat(size).isNotNull();
    assertThat(size.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
  }

  @Test
  void aLabelInsideALongerWordIsNoLabel() {
    assertThat(VmSizeMentions.only("issue.md", List.of("theVMsize Standard NC24ads A100 v4"))).isNull();
  }
}
