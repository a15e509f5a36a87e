package io.gpudoctor.facts;

/**
 * What a classified container-log line says (domain 5.4, 5.6). The device-memory kinds say the
 * GPU allocator failed; they never say which workload filled the device.
 */
public enum LogSignalKind {
  /** PyTorch {@code torch.OutOfMemoryError: CUDA out of memory.} (or the older {@code RuntimeError: CUDA out of memory.}). */
  CUDA_OOM,
  /** {@code RuntimeError: CUDA error: out of memory}. */
  CUDA_ERROR_OOM,
  /** vLLM {@code No available memory for the cache blocks}. */
  VLLM_NO_CACHE_BLOCKS,
  /** vLLM: the model's max seq len does not fit the KV cache (V0 and V1 wordings). */
  VLLM_KV_CACHE_TOO_SMALL,
  /** vLLM {@code Free memory on device ... on startup is less than desired GPU memory utilization}. */
  VLLM_FREE_MEMORY_BELOW_UTILIZATION,
  /** {@code Failed to initialize NVML} without a version-mismatch reason. */
  NVML_INIT_FAILED,
  /** {@code Driver/library version mismatch} (NVML). */
  DRIVER_LIBRARY_MISMATCH,
  /** {@code nvidia-container-cli: requirement error}. */
  CONTAINER_CLI_REQUIREMENT,
  /** {@code CUDA driver version is insufficient for CUDA runtime version}. */
  CUDA_DRIVER_INSUFFICIENT,
  /**
   * The NVIDIA device plugin sees no GPU: {@code No devices found. Waiting indefinitely.},
   * {@code Incompatible strategy detected auto}, {@code If this is a GPU node, did you configure the
   * NVIDIA Container Toolkit?} (k8s-device-plugin); it advertises no {@code nvidia.com/gpu}.
   */
  DEVICE_PLUGIN_NO_DEVICES;

  /** The GPU allocator ran out of device memory (the device path of an OOM). */
  public boolean deviceOom() {
    return this == CUDA_OOM || this == CUDA_ERROR_OOM || this == VLLM_NO_CACHE_BLOCKS;
  }

  /** The container's CUDA/NVML and the node's driver do not fit. */
  public boolean driverMismatch() {
    return this == DRIVER_LIBRARY_MISMATCH || this == CONTAINER_CLI_REQUIREMENT || this == CUDA_DRIVER_INSUFFICIENT;
  }
}
