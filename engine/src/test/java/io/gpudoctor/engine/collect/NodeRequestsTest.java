package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.NodeRequests;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeRequestsTest {
  @TempDir Path folder;

  private static final String HEAD = """
      Name:               aks-gput4-40718263-vmss000000
      Roles:              <none>
      Labels:             kubernetes.azure.com/agentpool=gput4
                          node.kubernetes.io/instance-type=Standard_NC8as_T4_v3
      Taints:             <none>
      Unschedulable:      false
      Allocatable:
        cpu:                7820m
        memory:             50880776Ki
        nvidia.com/gpu:     1
        pods:               30
      """;

  @Test
  void aDescribedNodesPodsAndAllocatedRequestsAreRead() {
    write(folder, "node.txt", HEAD + """
        Non-terminated Pods:          (3 in total)
          Namespace                   Name                                  CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age
          ---------                   ----                                  ------------  ----------  ---------------  -------------  ---
          kube-system                 ama-logs-9wq4x                        150m (1%)     1 (12%)     550Mi (1%)       1774Mi (3%)    3d1h
          kube-system                 nvidia-device-plugin-daemonset-p2lq7  0 (0%)        0 (0%)      0 (0%)           0 (0%)         3d1h
          speech                      audio-preprocess-5b7d6c9f84-8kzrm     2 (25%)       2 (25%)     4Gi (8%)         4Gi (8%)       26h
        Allocated resources:
          (Total limits may be over 100 percent, i.e., overcommitted.)
          Resource           Requests      Limits
          --------           --------      ------
          cpu                2150m (27%)   3 (38%)
          memory             4646Mi (9%)   5870Mi (11%)
          nvidia.com/gpu     0             0
        Events:                       <none>
        """);

    NodeRequests r = only(read(folder), NodeRequests.class);

    assertThat(r.node()).isEqualTo("aks-gput4-40718263-vmss000000");
    assertThat(r.listed()).isTrue();
    assertThat(r.requested()).containsEntry("cpu", "2150m").containsEntry("memory", "4646Mi").containsEntry("nvidia.com/gpu", "0");
    assertThat(r.pods()).extracting(NodeRequests.PodRequest::key)
        .containsExactly("kube-system/ama-logs-9wq4x", "kube-system/nvidia-device-plugin-daemonset-p2lq7", "speech/audio-preprocess-5b7d6c9f84-8kzrm");
    NodeRequests.PodRequest preprocess = r.pods().get(2);
    assertThat(preprocess.request("cpu")).isEqualTo("2");
    assertThat(preprocess.request("memory")).isEqualTo("4Gi");
    assertThat(preprocess.evidence().quote()).isEqualTo("speech/audio-preprocess-5b7d6c9f84-8kzrm requests cpu 2, memory 4Gi");
    assertThat(preprocess.evidence().pointer()).isEqualTo("line 17");
  }

  @Test
  void aDescribeTrimmedOfBothBlocksHasNoRequests() {
    write(folder, "node.txt", HEAD);

    assertThat(facts(read(folder), NodeRequests.class)).isEmpty();
  }

  @Test
  void allocatedResourcesWithoutThePodsTableSayTheTableWasNotShown() {
    write(folder, "node.txt", HEAD + """
        Allocated resources:
          (Total limits may be over 100 percent, i.e., overcommitted.)
          Resource           Requests      Limits
          --------           --------      ------
          cpu                2150m (27%)   3 (38%)
          nvidia.com/gpu     1             1
        """);

    NodeRequests r = only(read(folder), NodeRequests.class);

    assertThat(r.listed()).isFalse();
    assertThat(r.pods()).isEmpty();
    assertThat(r.requestedOf("nvidia.com/gpu")).isEqualTo("1");
  }
}
