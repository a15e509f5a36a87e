package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReportedContainerOomTest {
  private static final Provenance AT = Provenance.of("issue.md", "line 10");

  private static ReportedContainerOom of(String line) {
    return ReportedContainerOom.of(line, AT);
  }

  @Test
  void aContainerKilledWhenMemoryCrossesTheDefinedLimitIsAReport() {
    ReportedContainerOom r = of("Please find the logs and manifest below. Container is killed by Kubernetes when memory "
        + "crosses the defined limit while model is loading.");

    assertThat(r).isNotNull();
    assertThat(r.evidence().quote())
        .isEqualTo("Container is killed by Kubernetes when memory crosses the defined limit while model is loading.");
  }

  @Test
  void theKubeletsReasonAsPeopleWriteItIsAReport() {
    assertThat(of("Every time the weights are being loaded the pod gets **OOMKilled** and restarts.").sentence())
        .isEqualTo("Every time the weights are being loaded the pod gets OOMKilled and restarts.");
    assertThat(of("the vllm container was OOM-killed twice")).isNotNull();
    assertThat(of("The container is OOM killed after 3 minutes")).isNotNull();
    assertThat(of("- pod oomkilled during startup")).isNotNull();
  }

  @Test
  void exceedingTheMemoryLimitIsAReportWithoutTheWordKill() {
    assertThat(of("The container exceeds its memory limit while loading the shards.")).isNotNull();
    assertThat(of("memory limit exceeded, the pod restarts")).isNotNull();
    assertThat(of("It gets killed because the memory goes over the 64Gi limit.")).isNotNull();
  }

  @Test
  void aNegatedOrAskedOomIsNoReport() {
    assertThat(of("The pod restarts with exit code 137 but it is not OOMKilled.")).isNull();
    assertThat(of("It was never OOMKilled and never exceeded its memory limit.")).isNull();
    assertThat(of("Is the container OOMKilled?")).isNull();
    assertThat(of("Could it be killed because memory crosses the limit?")).isNull();
  }

  @Test
  void gpuMemoryIsTheDevicePathNotAReport() {
    assertThat(of("The container is killed with CUDA out of memory when memory crosses the limit.")).isNull();
    assertThat(of("torch.OutOfMemoryError: CUDA out of memory. The pod is OOMKilled afterwards.")).isNotNull();
    assertThat(of("torch.OutOfMemoryError: CUDA out of memory, pod OOMKilled")).isNull();
    assertThat(of("The process exceeds the GPU memory limit set by --gpu-memory-utilization.")).isNull();
  }

  @Test
  void theNodesMemoryIsNodeMemoryPressureNotAReport() {
    assertThat(of("System OOM encountered, victim process: python3, pid: 48211, the pod was OOM killed")).isNull();
    assertThat(of("The node ran out of memory and the kubelet evicted the pod, it was OOMKilled.")).isNull();
    assertThat(of("The node was low on resource: memory and the pod exceeded its memory limit.")).isNull();
  }

  @Test
  void theKernelsOwnCgroupKillLineIsAKernelLogLineNotAReport() {
    assertThat(of("[ 8213.551702] Memory cgroup out of memory: Killed process 48211 (python3) total-vm:212349260kB, "
        + "anon-rss:66912344kB, memory limit exceeded")).isNull();
  }

  @Test
  void aLimitWithoutAKillOrAnExcessIsNoReport() {
    assertThat(of("We set the memory limit to 64Gi and the request to 48Gi.")).isNull();
    assertThat(of("The container memory grows to 60Gi, the limit is 64Gi.")).isNull();
  }

  @Test
  void anAdmissionRefusalOverAMemoryLimitKillsNothingAndIsNoReport() {
    assertThat(of("Error from server (Forbidden): error when creating \"vllm.yaml\": pods \"vllm-0\" is forbidden: "
        + "exceeded quota: compute-resources, requested: limits.memory=64Gi, used: limits.memory=0, limited: limits.memory=32Gi"))
        .isNull();
    assertThat(of("pods \"vllm-0\" is forbidden: maximum memory usage per Container is 32Gi, but limit is 64Gi")).isNull();
  }
}
