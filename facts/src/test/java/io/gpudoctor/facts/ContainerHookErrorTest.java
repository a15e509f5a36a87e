package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The NVIDIA container runtime hook's failures, by the stage libnvidia-container names, as containerd relays them. */
class ContainerHookErrorTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      initialization | failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown
      initialization | stderr: nvidia-container-cli.real: initialization error: driver error: failed to process request: unknown
      mount          | OCI runtime create failed: container_linux.go:380: starting container process caused: process_linux.go:545: container init caused: Running hook #0:: error running hook: exit status 1, stdout: , stderr: nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/706b1d1b6de6/merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists: unknown.
      mount          | stderr: Auto-detected mode as 'legacy'\\nnvidia-container-cli: mount error: failed to add device rules: unable to find any existing device filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE) failed: operation not permitted: unknown
      device         | nvidia-container-cli: device error: /var/run/nvidia-container-devices: unknown device: unknown
      device         | nvidia-container-cli.real: device error: MIG-GPU-932bfb2c-849a-2a22-1e84-9eff6bc02b39/1/0: unknown device
      container      | stderr: nvidia-container-cli: container error: cgroup subsystem devices not found: unknown
      detection      | nvidia-container-cli: detection error: nvml error: unknown error
      ldcache        | stderr: nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: unknown.
      cdi            | Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: could not apply required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: unresolvable CDI devices management.nvidia.com/gpu=GPU-e78e68c0-4e6a-737e-f9cc-4223fe50aead
      cdi            | Error: failed to create containerd container: CDI device injection failed: unresolvable CDI devices k8s.gpu.nvidia.com/device=gpu-1
      """)
  void theStageIsTheOneTheHookNames(String stage, String text) {
    assertThat(ContainerHookError.stage(text)).isEqualTo(stage);
    assertThat(ContainerHookError.in(text)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // the driver mismatch's own wordings
      "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown",
      "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown",
      // the hook's debug log and its command line, not a failure
      "I0318 10:12:53.220105 11514 nvc_info.c:301] selecting /usr/bin/nvidia-container-cli",
      "exec command: [/usr/bin/nvidia-container-cli --load-kmods configure --ldconfig=@/sbin/ldconfig.real --device=all --compute --utility --pid=30055 /var/lib/docker/aufs/mnt/e5827a97]",
      "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: \"vllm\": executable file not found in $PATH: unknown"})
  void otherLinesAreNoHookFailure(String text) {
    assertThat(ContainerHookError.stage(text)).isNull();
  }
}
