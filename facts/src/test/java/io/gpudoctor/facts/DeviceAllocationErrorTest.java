package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.DeviceAllocationError.Cause;
import org.junit.jupiter.api.Test;

/** The device manager's errors inside the kubelet's UnexpectedAdmissionError message, in each wording. */
class DeviceAllocationErrorTest {

  @Test
  void deviceCountShortWithEitherSpacingAndEitherStatusPrefix() {
    DeviceAllocationError rejected = DeviceAllocationError.parse("Pod was rejected: Allocate failed due to requested number "
        + "of devices unavailable for nvidia.com/gpu. Requested: 2, Available: 1, which is unexpected");
    DeviceAllocationError older = DeviceAllocationError.parse("Pod Allocate failed due to requested number of devices "
        + "unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected");

    assertThat(rejected.cause()).isEqualTo(Cause.DEVICES_UNAVAILABLE);
    assertThat(rejected.resource()).isEqualTo("nvidia.com/gpu");
    assertThat(rejected.requested()).isEqualTo(2);
    assertThat(rejected.available()).isEqualTo(1);
    assertThat(rejected.error()).isEqualTo("requested number of devices unavailable for nvidia.com/gpu. Requested: 2, Available: 1");
    assertThat(older.cause()).isEqualTo(Cause.DEVICES_UNAVAILABLE);
    assertThat(older.requested()).isEqualTo(1);
    assertThat(older.available()).isZero();
  }

  @Test
  void noHealthyDevicesNamesTheResourceUnlessItWasRedacted() {
    DeviceAllocationError gpu = DeviceAllocationError.parse("Allocate failed due to no healthy devices present; cannot "
        + "allocate unhealthy devices nvidia.com/gpu, which is unexpected");
    DeviceAllocationError redacted = DeviceAllocationError.parse("Allocate failed due to no healthy devices present; "
        + "cannot allocate unhealthy devices xxx, which is unexpected");

    assertThat(gpu.cause()).isEqualTo(Cause.NO_HEALTHY_DEVICES);
    assertThat(gpu.namesNvidiaResource()).isTrue();
    assertThat(redacted.cause()).isEqualTo(Cause.NO_HEALTHY_DEVICES);
    assertThat(redacted.resource()).isNull();
    assertThat(redacted.namesOtherResource()).isFalse();
  }

  @Test
  void previouslyAllocatedDevicesUnhealthyAndUnregisteredPlugins() {
    assertThat(DeviceAllocationError.parse("Allocate failed due to previously allocated devices are no longer healthy; "
        + "cannot allocate unhealthy devices nvidia.com/gpu, which is unexpected").cause())
        .isEqualTo(Cause.ALLOCATED_DEVICES_UNHEALTHY);
    assertThat(DeviceAllocationError.parse("Allocate failed due to cannot allocate unregistered device nvidia.com/gpu, "
        + "which is unexpected").cause()).isEqualTo(Cause.UNREGISTERED_RESOURCE);
    DeviceAllocationError unknown = DeviceAllocationError.parse(
        "Allocate failed due to unknown Device Plugin nvidia.com/mig-1g.10gb, which is unexpected");
    assertThat(unknown.cause()).isEqualTo(Cause.UNREGISTERED_RESOURCE);
    assertThat(unknown.resource()).isEqualTo("nvidia.com/mig-1g.10gb");
  }

  @Test
  void pluginRpcFailuresByWhatTheRpcSays() {
    DeviceAllocationError permissions = DeviceAllocationError.parse("Allocate failed due to device plugin "
        + "GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = Unable to retrieve list of "
        + "available devices: error creating nvml.Device 3: nvml: Insufficient Permissions, which is unexpected");
    DeviceAllocationError unreachable = DeviceAllocationError.parse("Allocate failed due to rpc error: code = "
        + "Unavailable desc = error reading from server: EOF, which is unexpected");
    DeviceAllocationError init = DeviceAllocationError.parse("Allocate failed due to device plugin GetPreferredAllocation "
        + "rpc failed with err: rpc error: code = Unknown desc = error calling nvml.Init: ERROR_UNKNOWN, which is unexpected");

    assertThat(permissions.cause()).isEqualTo(Cause.NVML_PERMISSION_DENIED);
    assertThat(permissions.resource()).isNull();
    assertThat(unreachable.cause()).isEqualTo(Cause.PLUGIN_UNREACHABLE);
    assertThat(init.cause()).isEqualTo(Cause.PLUGIN_NVML_INIT_FAILED);
  }

  @Test
  void linkInformationFailureIsJudgedByItsInnerError() {
    DeviceAllocationError nvmlInit = DeviceAllocationError.parse("Pod was rejected: Allocate failed due to device plugin "
        + "GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = error getting list of preferred "
        + "allocation devices: unable to get device link information: error calling nvml.Init: Unknown Error, which is "
        + "unexpected");
    DeviceAllocationError lost = DeviceAllocationError.parse("Allocate failed due to device plugin GetPreferredAllocation "
        + "rpc failed with err: rpc error: code = Unknown desc = error getting list of preferred allocation devices: unable "
        + "to get device link information: error getting NVLink for devices (0, 1): failed to get nvlink remote pci info: "
        + "failed to get nvlink state: GPU is lost, which is unexpected");
    DeviceAllocationError unknown = DeviceAllocationError.parse("Allocate failed due to device plugin GetPreferredAllocation "
        + "rpc failed with err: rpc error: code = Unknown desc = error getting list of preferred allocation devices: unable "
        + "to get device link information: error getting NVLink for devices (0, 1): failed to get nvlink remote pci info: "
        + "failed to get nvlink state: Unknown Error, which is unexpected");

    assertThat(nvmlInit.cause()).isEqualTo(Cause.PLUGIN_NVML_INIT_FAILED);
    assertThat(lost.cause()).isEqualTo(Cause.GPU_LOST);
    assertThat(unknown.cause()).isEqualTo(Cause.PLUGIN_RPC_FAILED);
  }

  @Test
  void aMessageCutBeforeRpcFailedStillNamesThePluginsRpc() {
    DeviceAllocationError cut = DeviceAllocationError.parse("Pod was rejected: Allocate failed due to device plugin "
        + "GetPreferredAllocation; unable to get device link information: error calling nvml.Init");
    DeviceAllocationError other = DeviceAllocationError.parse("Allocate failed due to device plugin registration is "
        + "pending, which is unexpected");

    assertThat(cut.cause()).isEqualTo(Cause.PLUGIN_NVML_INIT_FAILED);
    assertThat(cut.error()).isEqualTo("device plugin GetPreferredAllocation; unable to get device link information: "
        + "error calling nvml.Init");
    assertThat(other.cause()).isEqualTo(Cause.OTHER);
  }

  @Test
  void lostGpuInsideTheRpcErrorIsTheHardware() {
    DeviceAllocationError lost = DeviceAllocationError.parse("Pod Allocate failed due to device plugin "
        + "GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = Unable to retrieve list of "
        + "available devices: error creating nvml.Device 2: nvml: GPU is lost, which is unexpected");
    assertThat(lost.cause()).isEqualTo(Cause.GPU_LOST);
  }

  @Test
  void anotherVendorsResourceIsNamedAsSuch() {
    DeviceAllocationError rdma = DeviceAllocationError.parse("Pod was rejected: Allocate failed due to no healthy devices "
        + "present; cannot allocate unhealthy devices rdma.example.com/hca, which is unexpected");
    assertThat(rdma.namesOtherResource()).isTrue();
  }

  @Test
  void cpuManagerAndOtherTextAreNoDeviceError() {
    assertThat(DeviceAllocationError.parse("Pod was rejected: Allocate failed due to not enough cpus available to "
        + "satisfy request: requested=8, available=6, which is unexpected")).isNull();
    assertThat(DeviceAllocationError.parse("Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, "
        + "requested: 1, used: 1, capacity: 1")).isNull();
    assertThat(DeviceAllocationError.parse(null)).isNull();
  }

  @Test
  void anUnknownDeviceManagerWordingIsKeptAsOther() {
    DeviceAllocationError other = DeviceAllocationError.parse("Allocate failed due to unexpectedly allocated less "
        + "resources than required. Requested: 2, Got: 1, which is unexpected");
    assertThat(other.cause()).isEqualTo(Cause.OTHER);
    assertThat(other.error()).startsWith("unexpectedly allocated less resources");
  }
}
