package io.gpudoctor.facts;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The device manager's error inside the kubelet's admission message
 * {@code Allocate failed due to <error>, which is unexpected} (reason {@code UnexpectedAdmissionError};
 * the pod's status message prefixes it {@code Pod was rejected: }, older kubelets {@code Pod }).
 * {@code resource} is the extended resource the error names, null when it names none (an RPC error)
 * or a redacted one; {@code requested}/{@code available} only for the device-count wording.
 */
public record DeviceAllocationError(Cause cause, String resource, Integer requested, Integer available, String error) {

  /** What the device manager reports, by its own wording (kubelet pkg/kubelet/cm/devicemanager). */
  public enum Cause {
    /** {@code requested number of devices unavailable for R. Requested: 1, Available: 0}: the kubelet's count of free devices is short. */
    DEVICES_UNAVAILABLE,
    /** {@code no healthy devices present; cannot allocate unhealthy devices R} (1.27+): the plugin reports none healthy, or has not re-registered since a reboot. */
    NO_HEALTHY_DEVICES,
    /** {@code previously allocated devices are no longer healthy; cannot allocate unhealthy devices R} (1.27+). */
    ALLOCATED_DEVICES_UNHEALTHY,
    /** {@code cannot allocate unregistered device R} (1.27+), {@code unknown Device Plugin R}: no plugin is registered for R. */
    UNREGISTERED_RESOURCE,
    /** NVML reports the GPU lost ({@code nvml: GPU is lost}, {@code ERROR_GPU_IS_LOST}): the Xid 79 state, hardware. */
    GPU_LOST,
    /** The plugin's RPC failed on NVML {@code Insufficient Permissions} (a MIG-enabled GPU the plugin may not open). */
    NVML_PERMISSION_DENIED,
    /**
     * The plugin's RPC could not initialise NVML at all: go-gpuallocator's {@code error calling nvml.Init: ...} under the
     * plugin's {@code unable to get device link information: }, or {@code nvml init failed: ...}. The plugin process lost
     * the driver's library (the driver reloaded or upgraded under it), not a GPU.
     */
    PLUGIN_NVML_INIT_FAILED,
    /** {@code rpc error: code = Unavailable}: the plugin's socket did not answer (plugin restarting or gone). */
    PLUGIN_UNREACHABLE,
    /** Another failure of the plugin's GetPreferredAllocation, Allocate or PreStartContainer RPC. */
    PLUGIN_RPC_FAILED,
    /** A device-manager error in none of the wordings above. */
    OTHER
  }

  private static final Pattern ALLOCATE_FAILED = Pattern.compile("Allocate failed due to\\s+(.*)", Pattern.DOTALL);
  private static final Pattern UNEXPECTED_SUFFIX = Pattern.compile(",\\s*which is unexpected\\.*\\s*$");
  // "Requested:1" without the space is seen from some kubelet builds as well as "Requested: 1".
  private static final Pattern DEVICES_UNAVAILABLE = Pattern.compile(
      "requested number of devices unavailable for (\\S+?)\\.?\\s+Requested:\\s*(\\d+),\\s*Available:\\s*(\\d+)");
  private static final Pattern NO_HEALTHY = Pattern.compile("no healthy devices present; cannot allocate unhealthy devices\\s+(\\S+)");
  private static final Pattern ALLOCATED_UNHEALTHY =
      Pattern.compile("previously allocated devices are no longer healthy; cannot allocate unhealthy devices\\s+(\\S+)");
  private static final Pattern UNREGISTERED = Pattern.compile("(?:cannot allocate unregistered device|unknown Device Plugin)\\s+(\\S+)");
  // A pasted message cut before "rpc failed with err" keeps the RPC's name: "device plugin GetPreferredAllocation; ...".
  private static final Pattern RPC = Pattern.compile(
      "device plugin \\w+ rpc failed with err|rpc error: code = |no containers return in allocation response"
          + "|device plugin (?:GetPreferredAllocation|Allocate|PreStartContainer)\\b");
  /** NVML could not be initialised inside the plugin's RPC (go-gpuallocator, the plugin's resource manager). */
  private static final List<String> NVML_INIT_FAILED = List.of("error calling nvml.init", "nvml init failed",
      "failed to initialize nvml");
  /** The other kubelet admission managers (CPU, memory) word their own "Allocate failed" errors. */
  private static final List<String> NOT_DEVICE_MANAGER = List.of("not enough cpus available", "[memorymanager]",
      "memory manager", "cpuset");

  /** The device-manager error of an admission message, or null when the message holds none. */
  public static DeviceAllocationError parse(String message) {
    if (message == null) return null;
    Matcher m = ALLOCATE_FAILED.matcher(message);
    if (!m.find()) return null;
    String error = UNEXPECTED_SUFFIX.matcher(m.group(1).trim()).replaceFirst("").trim();
    String lower = error.toLowerCase(Locale.ROOT);
    for (String other : NOT_DEVICE_MANAGER) if (lower.contains(other.toLowerCase(Locale.ROOT))) return null;
    if (lower.contains("gpu is lost") || lower.contains("gpu_is_lost")) return new DeviceAllocationError(Cause.GPU_LOST, null, null, null, error);
    Matcher d = DEVICES_UNAVAILABLE.matcher(error);
    if (d.find()) {
      return new DeviceAllocationError(Cause.DEVICES_UNAVAILABLE, resourceName(d.group(1)), Integer.valueOf(d.group(2)),
          Integer.valueOf(d.group(3)), error);
    }
    d = NO_HEALTHY.matcher(error);
    if (d.find()) return new DeviceAllocationError(Cause.NO_HEALTHY_DEVICES, resourceName(d.group(1)), null, null, error);
    d = ALLOCATED_UNHEALTHY.matcher(error);
    if (d.find()) return new DeviceAllocationError(Cause.ALLOCATED_DEVICES_UNHEALTHY, resourceName(d.group(1)), null, null, error);
    d = UNREGISTERED.matcher(error);
    if (d.find()) return new DeviceAllocationError(Cause.UNREGISTERED_RESOURCE, resourceName(d.group(1)), null, null, error);
    if (RPC.matcher(error).find()) {
      Cause cause = lower.contains("insufficient permissions") ? Cause.NVML_PERMISSION_DENIED
          : NVML_INIT_FAILED.stream().anyMatch(lower::contains) ? Cause.PLUGIN_NVML_INIT_FAILED
          : lower.contains("code = unavailable") ? Cause.PLUGIN_UNREACHABLE : Cause.PLUGIN_RPC_FAILED;
      return new DeviceAllocationError(cause, null, null, null, error);
    }
    return new DeviceAllocationError(Cause.OTHER, null, null, null, error);
  }

  /** An extended resource is {@code <domain>/<name>}; anything else (a reporter's {@code xxx}) names none. */
  private static String resourceName(String token) {
    String t = token.replaceAll("[.,;:]+$", "");
    return t.contains("/") ? t : null;
  }

  /** The error names an NVIDIA resource ({@code nvidia.com/gpu}, {@code nvidia.com/mig-*}). */
  public boolean namesNvidiaResource() {
    return GpuResources.isGpuResource(resource);
  }

  /** The error names another vendor's resource ({@code mellanox.com/...}, {@code gpu.intel.com/...}): not a GPU matter. */
  public boolean namesOtherResource() {
    return resource != null && !namesNvidiaResource();
  }
}
