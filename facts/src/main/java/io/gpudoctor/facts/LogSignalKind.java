package io.gpudoctor.facts;

/**
 * What a classified container-log line says (domain 5.4, 5.6). The device-memory kinds say the
 * GPU allocator failed; they never say which workload filled the device.
 */
public enum LogSignalKind {
  /**
   * PyTorch {@code torch.OutOfMemoryError: CUDA out of memory.} (or the older {@code RuntimeError: CUDA out of
   * memory.}), and its {@code Allocation on device 0 would exceed allowed memory. (out of memory)}.
   */
  CUDA_OOM,
  /** {@code RuntimeError: CUDA error: out of memory}. */
  CUDA_ERROR_OOM,
  /**
   * A device allocation through the CUDA API itself failed for memory, outside PyTorch's allocator: llama.cpp/ggml
   * (and Ollama's runner) {@code ggml_backend_cuda_buffer_type_alloc_buffer: allocating 144.00 MiB on device 4:
   * cudaMalloc failed: out of memory}, TensorRT-LLM {@code CUDA runtime error in ::cudaMallocAsync(...): out of memory},
   * ONNX Runtime {@code CUDA failure 2: out of memory}, cuBLAS's {@code CUBLAS_STATUS_ALLOC_FAILED} (PyTorch: {@code
   * CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`}), NCCL's {@code NCCL WARN Cuda failure
   * 'out of memory'} (2.19 on {@code Cuda failure 2 'out of memory'}), and the error's CUDA names {@code
   * cudaErrorMemoryAllocation} and {@code CUDA_ERROR_OUT_OF_MEMORY}. Pinned host memory ({@code cudaMallocHost}, ggml's
   * {@code ggml_cuda_host_malloc}) is host RAM and never this.
   */
  CUDA_MALLOC_OOM,
  /**
   * vLLM {@code No available memory for the cache blocks} (V0 {@code raise_if_cache_size_invalid}, V1
   * {@code check_enough_kv_cache_memory}): its own budget ({@code gpu_memory_utilization} of the device, less the
   * weights and the profiled peak) leaves no KV cache. The same check as the max-seq-len one, with zero blocks:
   * a configuration of the engine, not the allocator failing.
   */
  VLLM_NO_CACHE_BLOCKS,
  /**
   * vLLM's parallelism does not fit: more GPUs than the process sees, {@code please set tensor_parallel_size (2) to
   * less than max local gpu count (1)} and {@code please ensure that world_size (4) is less than than max local gpu
   * count (2)} (the multiprocessing executor; before 0.6 without the counts), Ray's {@code The number of required GPUs
   * exceeds the total number of available GPUs in the placement group.} ({@code in the cluster.} before 0.4); or a
   * size the model cannot be split by, {@code Total number of attention heads (40) must be divisible by tensor parallel
   * size (3).}
   */
  VLLM_PARALLELISM_MISMATCH,
  /** vLLM: the model's max seq len does not fit the KV cache (V0 and V1 wordings). */
  VLLM_KV_CACHE_TOO_SMALL,
  /** vLLM {@code Free memory on device ... on startup is less than desired GPU memory utilization}. */
  VLLM_FREE_MEMORY_BELOW_UTILIZATION,
  /**
   * NVIDIA NIM's profile selection found a profile for the GPU that does not fit its free memory: {@code Detected
   * additional 1 compatible profile(s) that are currently not runnable due to low free GPU memory.} (no sizes stated).
   */
  NIM_PROFILE_LOW_FREE_MEMORY,
  /**
   * NVIDIA NIM found no profile it can run: {@code Could not find a profile that is currently runnable with the
   * detected hardware. Please check the system information below ...}, followed by its SYSTEM INFO.
   */
  NIM_NO_RUNNABLE_PROFILE,
  /** NIM's SYSTEM INFO after that error counts none of the container's GPUs free: {@code - Free GPUs: <None>}. */
  NIM_NO_FREE_GPU,
  /**
   * vLLM {@code AssertionError: Error in memory profiling. Initial free memory X GiB, current free memory Y GiB}:
   * the device's free memory did not fall while vLLM loaded, so something else changed it (or reports it wrongly).
   */
  VLLM_MEMORY_PROFILING_CHANGED,
  /**
   * HAMi-core's vGPU shim: {@code [HAMI-core ERROR (...)]: Device 0 OOM 3171158016 / 3145728000}, an allocation
   * over the pod's vGPU memory share (bytes wanted / limit), not over the physical GPU's frame buffer.
   */
  VGPU_LIMIT_OOM,
  /**
   * TGI {@code Not enough memory to handle 4096 prefill tokens. You need to decrease --max-batch-prefill-tokens}:
   * its warm-up failed; TGI 1.1 and earlier raised it for any warm-up exception, later ones for a CUDA OOM.
   */
  TGI_PREFILL_TOKENS_TOO_MANY,
  /**
   * Text Generation Inference's launcher saw its shard or download process die of SIGKILL: {@code Shard process was
   * signaled to shutdown with signal 9} / {@code Download process was signaled to shutdown with signal 9} (all
   * launcher versions). Inside a container that is the kernel's OOM killer in the memory cgroup (the weights pass
   * through host RAM while loading) unless something else sent the kill; the launcher itself survives, so the
   * container exits 1, not OOMKilled. Signal 7 (SIGBUS, a /dev/shm too small) is not this.
   */
  TGI_PROCESS_SIGKILLED,
  /**
   * The container's shared memory ({@code /dev/shm}: 64 MiB unless the pod mounts a memory-backed emptyDir there) ran
   * out while GPU worker processes exchanged data. NCCL's shm transport: {@code NCCL WARN Error: failed to extend
   * /dev/shm/nccl-XXXXXX to 9637892 bytes} (2.12 on; 2.19 on add {@code , error: No space left on device (28)}),
   * {@code NCCL WARN Call to posix_fallocate failed : No space left on device} (2.11 and before, include/shm.h),
   * {@code NCCL WARN Error while creating shared memory segment ... (size N)} (never {@code attaching to}, which is
   * a segment another rank removed); both also without the prefix, as the {@code Last error:} line NCCL 2.19 on adds to
   * {@code ncclSystemError}. PyTorch's workers: {@code Unexpected bus error encountered in worker. This
   * might be caused by insufficient shared memory (shm)}, {@code DataLoader worker (pid N) is killed by signal: Bus
   * error}, {@code unable to write to file </torch_...>: No space left on device (28)}. Ray's raylet: {@code System
   * memory request exceeds memory available in /dev/shm}. TGI's launcher: {@code Shard process was signaled to
   * shutdown with signal 7} (SIGBUS; its {@code Download process} too).
   */
  SHARED_MEMORY_EXHAUSTED,
  /**
   * The GPU workers' NCCL communication failed or hung (tensor or pipeline parallelism, in one pod or across pods).
   * PyTorch's watchdog: {@code Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE,
   * ..., Timeout(ms)=600000) ran for 600004 milliseconds before timing out.} (1.9 on; 1.8 {@code Caught collective
   * operation timeout: WorkNCCL(...)}). An NCCL result as PyTorch raises it, {@code NCCL error in:
   * ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3}, as vLLM's pynccl
   * raises it, {@code RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)}, and
   * as torch.cuda.nccl raises it, {@code NCCL Error 2: unhandled system error}: NCCL's strings {@code unhandled cuda
   * error}, {@code unhandled system error}, {@code internal error}, {@code invalid argument}, {@code invalid usage},
   * {@code remote process exited or there was a network error} (ncclRemoteError; older NCCL calls it a system
   * error). PyTorch's line after it ({@code ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.},
   * {@code ncclUnhandledCudaError: Call to CUDA function failed.}, {@code ncclInternalError: Internal check failed.},
   * {@code ncclInvalidArgument: ...}, {@code ncclInvalidUsage: ...}, {@code ncclRemoteError: A call failed possibly
   * due to a network error or a remote process exiting prematurely.}), and NCCL's own reasons for it that name the
   * cause: {@code Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000}, {@code Bootstrap : no socket
   * interface found}, {@code peer access is not supported between these two devices}. NCCL's out-of-memory and
   * /dev/shm lines are the device-memory and shared-memory kinds, not this.
   */
  NCCL_COLLECTIVE_FAILED,
  /**
   * torch's Gloo group (the CPU side of the workers' distributed init) found no local address for the host name and
   * binds loopback: {@code Warning: Unable to resolve hostname to a (local) address. Using the loopback address as
   * fallback. Manually set the network interface to bind to with GLOO_SOCKET_IFNAME.} Harmless on one node; across
   * nodes the other ranks are then told 127.0.0.1 and cannot connect ({@code Gloo connectFullMesh failed with ...
   * remote=[127.0.0.1]:port}, an {@link #NCCL_COLLECTIVE_FAILED} line). Never an incident alone.
   */
  GLOO_LOOPBACK_FALLBACK,
  /**
   * A row of {@code ls -l /dev/shm} naming a segment NCCL created there ({@code -rw------- 1 root root 0 Oct 11 09:30
   * nccl-onFp46}, NCCL's {@code nccl-XXXXXX} template). A running job holds some; segments of several start times
   * beside NCCL's {@code unhandled system error} are what crashed runs left in a /dev/shm that outlives the container
   * (a memory emptyDir survives restarts). Never an incident alone.
   */
  NCCL_SHM_SEGMENT_LISTED,
  /**
   * vLLM's engine needs CUDA unified virtual addressing (pinned host memory) and found it unavailable: {@code
   * RuntimeError: UVA is not available} (V1's {@code UvaBuffer}, {@code vllm/v1/worker/gpu/buffer_utils.py}). vLLM's
   * {@code is_uva_available()} is {@code is_pin_memory_available()}, which is false when {@code in_wsl()}: {@code
   * "microsoft" in " ".join(platform.uname()).lower()}, any field of uname, the host name (the pod's) included.
   */
  VLLM_UVA_UNAVAILABLE,
  /**
   * vLLM decided it runs under WSL and does not pin host memory: {@code Using 'pin_memory=False' as WSL is detected.
   * This may slow down the performance.} (a warning of its platform interface, cache engine or utils, every
   * version since 0.2). Only a sign of {@link #VLLM_UVA_UNAVAILABLE}'s cause, never an incident alone.
   */
  VLLM_WSL_DETECTED,
  /**
   * The model's files could not be fetched from the Hugging Face Hub (huggingface_hub, transformers, vLLM, TGI and
   * KAITO's presets all download through huggingface_hub). The Hub refused the token: {@code Cannot access gated repo
   * for url ...} (GatedRepoError), transformers' {@code You are trying to access a gated repo.}, the Hub's own {@code
   * Access to model X is restricted ...} and {@code Your request to access model X is awaiting a review from the repo
   * authors.}, {@code Invalid credentials in Authorization header}. The id was not found (or is private and no token
   * was sent): {@code Repository Not Found for url: ...}, transformers' {@code ... is not a local folder and is not a
   * valid model identifier listed on 'https://huggingface.co/models'}. vLLM (0.7 on) could resolve the model neither on
   * the Hub nor as a local directory with a config: {@code ValueError: Invalid repository ID or local directory
   * specified: 'X'.} (it swallows the Hub's answer, so any of these causes, or a mounted path without its config).
   * The Hub was not reached: transformers' {@code We
   * couldn't connect to 'https://huggingface.co' to load this file}, huggingface_hub's {@code An error happened while
   * trying to locate the file on the Hub and we cannot find the requested files in the local cache}
   * (LocalEntryNotFoundError), requests' {@code HTTPSConnectionPool(host='huggingface.co', port=443): Max retries
   * exceeded}. The disk it downloads to is full: Python's {@code OSError: [Errno 28] No space left on device}, hf-xet's
   * {@code IO Error: No space left on device (os error 28)} (on {@code /dev/shm} it is shared memory instead); a weights
   * file that is not whole ({@code safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge},
   * {@code MetadataIncompleteBuffer}; {@code PytorchStreamReader failed reading zip archive}).
   */
  MODEL_DOWNLOAD_FAILED,
  /**
   * The model server's version does not know the model's architecture: vLLM's {@code Model architectures
   * ['Gemma3ForConditionalGeneration'] are not supported for now. Supported architectures: ...} (0.2 on; 0.9 on inside
   * a pydantic {@code ValidationError}), transformers' {@code The checkpoint you are trying to load has model type
   * `gemma3` but Transformers does not recognize this architecture.} (an image older than the model).
   */
  MODEL_ARCHITECTURE_UNSUPPORTED,
  /** {@code Failed to initialize NVML} without a version-mismatch reason. */
  NVML_INIT_FAILED,
  /** {@code Driver/library version mismatch} (NVML). */
  DRIVER_LIBRARY_MISMATCH,
  /** {@code nvidia-container-cli: requirement error}. */
  CONTAINER_CLI_REQUIREMENT,
  /**
   * {@code CUDA driver version is insufficient for CUDA runtime version}, and the same error by its CUDA names
   * {@code cudaErrorInsufficientDriver} (runtime API) and {@code CUDA_ERROR_INSUFFICIENT_DRIVER} (driver API); and
   * error 222 {@code the provided PTX was compiled with an unsupported toolchain} ({@code cudaErrorUnsupportedPtxVersion},
   * {@code CUDA_ERROR_UNSUPPORTED_PTX_VERSION}): the image's kernels come from a newer CUDA than the driver knows.
   */
  CUDA_DRIVER_INSUFFICIENT,
  /**
   * The CUDA driver library the container loads and the node's kernel driver do not fit: CUDA error 803 {@code system
   * has unsupported display driver / cuda driver combination} ({@code cudaErrorSystemDriverMismatch},
   * {@code CUDA_ERROR_SYSTEM_DRIVER_MISMATCH}), and 804 {@code forward compatibility was attempted on non supported HW}
   * ({@code cudaErrorCompatNotSupportedOnDevice}, {@code CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE}): the image's CUDA
   * forward-compatibility package (/usr/local/cuda/compat) is for another driver, or the GPU cannot use it.
   */
  CUDA_COMPAT_MISMATCH,
  /**
   * PyTorch {@code The NVIDIA driver on your system is too old (found version 12040)}, raised as a RuntimeError
   * or, at lazy CUDA initialisation, as {@code UserWarning: CUDA initialization: ...}: the driver supports an
   * older CUDA than the one PyTorch was built with.
   */
  DRIVER_TOO_OLD,
  /**
   * {@code libcudart.so.13: cannot open shared object file}: the program was built for a CUDA runtime major
   * the image does not ship (a CUDA 13 wheel in a CUDA 12 image, say).
   */
  CUDA_RUNTIME_LIBRARY_MISSING,
  /**
   * The NVIDIA container runtime's hook could not set the GPU container up ({@link ContainerHookError}): it could not
   * use the node's driver ({@code nvidia-container-cli[.real]: initialization error: nvml error: driver not loaded},
   * {@code ...: driver error: failed to process request}, {@code detection error: nvml error: unknown error}), mount
   * its files or devices ({@code mount error: file creation failed: .../usr/bin/nvidia-smi: file exists}, {@code mount
   * error: failed to add device rules: ...}), find the devices it was given ({@code device error: 1: unknown device}),
   * use the node's cgroups ({@code container error: cgroup subsystem devices not found}) or run ldconfig
   * ({@code ldcache error: open failed: /sbin/ldconfig.real: no such file or directory}).
   */
  CONTAINER_HOOK_ERROR,
  /**
   * CUDA error 802 at initialisation: {@code system not yet initialized} (the CUDA runtime's string, quoted by the
   * GPU Operator's CUDA validator {@code Failed to allocate device vector A (error code system not yet initialized)!},
   * PyTorch's {@code Error 802: system not yet initialized}, NCCL's {@code Cuda failure 802}), also by its names
   * {@code cudaErrorSystemNotReady} and {@code CUDA_ERROR_SYSTEM_NOT_READY}. On an NVSwitch system (HGX A100/H100/H200,
   * B200) the driver is loaded and nvidia-smi works, but CUDA waits for the NVIDIA Fabric Manager, which is not
   * running or not of the driver's version.
   */
  CUDA_SYSTEM_NOT_READY,
  /**
   * CUDA error 3 at initialisation: the driver loads, but CUDA cannot initialise the GPU. The CUDA runtime's string
   * {@code initialization error} as the CUDA samples print it ({@code Failed to allocate device vector A (error code
   * initialization error)!}, the vectorAdd the GPU Operator's CUDA validator runs), PyTorch's {@code CUDA error:
   * initialization error} and {@code CUDA driver error: initialization error}, NCCL's {@code Cuda failure
   * 'initialization error'}, and its names {@code cudaErrorInitializationError} (runtime API) and
   * {@code CUDA_ERROR_NOT_INITIALIZED} (driver API). The kernel module cannot drive the GPU: the open kernel module on
   * a GPU before Turing, or a driver branch that does not support the GPU. The NVIDIA container runtime's own
   * {@code nvidia-container-cli: initialization error} is its hook's ({@link #CONTAINER_HOOK_ERROR}), not this.
   */
  CUDA_INIT_FAILED,
  /**
   * The runtime says the GPU's architecture (compute capability) cannot run what it was asked to: vLLM's {@code Bfloat16
   * is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5.},
   * {@code GPUs with compute capability below 7.0 are not supported.} and {@code The quantization method fp8 is not
   * supported for the current GPU. Minimum capability: 89. Current capability: 86.}; TGI's {@code GPU with CUDA
   * capability 7 0 is not supported for Flash Attention V2}; flash-attn's {@code FlashAttention only supports Ampere GPUs
   * or newer.}; Triton's {@code type fp8e4nv not supported in this architecture}; and a build without the GPU's
   * architecture: CUDA's {@code no kernel image is available for execution on the device}
   * ({@code cudaErrorNoKernelImageForDevice}), PyTorch's {@code ... with CUDA capability sm_120 is not compatible with
   * the current PyTorch installation.}; flashinfer's JIT build without a compiler, {@code Could not find nvcc and default
   * cuda_home='/usr/local/cuda' doesn't exist} (its wheel ships no kernels for the GPU: most often an older generation).
   */
  GPU_ARCH_UNSUPPORTED,
  /**
   * containerd has no NVIDIA runtime handler for the pod's RuntimeClass: the kubelet's {@code Failed to create pod
   * sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured}
   * (also the GPU Operator's {@code nvidia-cdi} and {@code nvidia-legacy} handlers). The NVIDIA Container Toolkit has
   * not configured that node, or the pod landed on a node without it. Docker's CRI (dockershim up to Kubernetes 1.23,
   * cri-dockerd since) says {@code RuntimeHandler "nvidia" not supported}: it runs no RuntimeClass handler at all.
   */
  NVIDIA_RUNTIME_NOT_CONFIGURED,
  /**
   * A driver installer (the GPU Operator's driver container, nvidia-installer, modprobe) could not build or load
   * the NVIDIA kernel module for the node's kernel: {@code Could not resolve Linux kernel version} (the driver
   * container finds no packages for the kernel), the kernel build's {@code modpost: GPL-incompatible module nvidia.ko
   * uses GPL-only symbol '...'} (a kernel newer than the driver supports), nvidia-installer's {@code An error occurred
   * while performing the step: "Building kernel modules"} and {@code Unable to load the kernel module 'nvidia.ko'},
   * modprobe's {@code could not insert 'nvidia'}.
   */
  DRIVER_INSTALL_FAILED,
  /**
   * nvidia-smi cannot reach the kernel driver: {@code NVIDIA-SMI has failed because it couldn't communicate with the
   * NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.} (all driver branches), as the GPU
   * Operator's driver validation or a node shell prints it. The NVIDIA kernel module is not loaded.
   */
  NVIDIA_SMI_NO_DRIVER,
  /**
   * The node's NVIDIA vGPU (GRID) driver says it holds no license, in its own words: {@code nvidia-smi -q}'s {@code
   * License Status : Unlicensed} (NVML's states, as nvidia-smi and DCGM print them: {@code Unlicensed (Unrestricted)} in
   * the grace period, {@code Unlicensed (Restricted)} once throttled, {@code Unlicensed}) under {@code vGPU Software
   * Licensed Product}, and the licensing daemon's syslog lines {@code nvidia-gridd: Valid GRID license not found. GPU
   * features and performance are restricted.} ({@code ... will be restricted.} in older releases) and {@code
   * nvidia-gridd: Failed to acquire license ...}. A state of the node's driver, wherever nvidia-smi ran.
   */
  GRID_UNLICENSED,
  /**
   * CUDA refuses the GPU for its license: error 102 {@code device doesn't have valid Grid license}
   * ({@code cudaErrorDeviceNotLicensed}, {@code CUDA_ERROR_DEVICE_NOT_LICENSED}), an application on an unlicensed vGPU.
   */
  CUDA_DEVICE_NOT_LICENSED,
  /**
   * The application in the container finds no GPU: PyTorch {@code RuntimeError: No CUDA GPUs are available},
   * {@code Found no NVIDIA driver on your system}, CUDA's {@code no CUDA-capable device is detected}
   * ({@code cudaErrorNoDevice}, {@code CUDA_ERROR_NO_DEVICE}), or the driver library was not mounted
   * ({@code libcuda.so.1: cannot open shared object file}); vLLM's {@code CUDA platform is not available because
   * no GPU is found} (NVML loaded and counted none); Ollama's {@code msg="no compatible GPUs were discovered"}, or
   * its {@code msg="inference compute" id=cpu library=cpu} ({@code id=0} before 0.12) when it kept no GPU (it then serves on the CPU, so the
   * pod runs on and answers slowly); the banner of NVIDIA's NGC images (Triton,
   * PyTorch, NeMo) {@code WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.}
   * (their entrypoint found no driver library in the container).
   */
  NO_GPU_IN_CONTAINER,
  /**
   * NVML's GPU-is-lost state (the state after Xid 79, the GPU fell off the bus): {@code nvml: GPU is lost},
   * {@code ERROR_GPU_IS_LOST}, nvidia-smi's {@code Unable to determine the device handle for GPU ...: GPU is lost}.
   */
  GPU_LOST,
  /**
   * The NVIDIA device plugin took a GPU out of its allocatable devices: {@code 'nvidia.com/gpu' device marked
   * unhealthy: GPU-...}, or {@code ...; marking all devices as unhealthy} when it lost its NVML event stream.
   */
  DEVICE_MARKED_UNHEALTHY,
  /**
   * CUDA reports a hardware fault of the GPU the process runs on: {@code uncorrectable ECC error encountered}
   * (cudaErrorECCUncorrectable, {@code CUDA_ERROR_ECC_UNCORRECTABLE}; the kernel's Xid 48, or 94/95 on A100 and later)
   * and {@code uncorrectable NVLink error detected during the execution} (cudaErrorNvlinkUncorrectable,
   * {@code CUDA_ERROR_NVLINK_UNCORRECTABLE}), as PyTorch ({@code RuntimeError: CUDA error: ...}) or NCCL ({@code NCCL
   * WARN Cuda failure '...'}) print them.
   */
  CUDA_UNCORRECTABLE_ERROR,
  /**
   * CUDA reports that a kernel of the process itself faulted, which the node's kernel log records as an application
   * Xid (13, 31, 43): {@code an illegal memory access was encountered} (cudaErrorIllegalAddress, {@code
   * CUDA_ERROR_ILLEGAL_ADDRESS}, 700), {@code device-side assert triggered} (cudaErrorAssert, 710), {@code an illegal
   * instruction was encountered} (715), {@code misaligned address} (716), {@code unspecified launch failure}
   * (cudaErrorLaunchFailure, {@code CUDA_ERROR_LAUNCH_FAILED}, 719), as PyTorch ({@code RuntimeError: CUDA error:
   * ...}, {@code torch.AcceleratorError: CUDA error: ...}), Triton ({@code Triton Error [CUDA]: ...}) or NCCL ({@code
   * NCCL WARN Cuda failure '...'}) print them. The workload's software, unless the GPU also reports a hardware fault.
   */
  CUDA_APPLICATION_FAULT,
  /**
   * The DCGM exporter's own failure: {@code Error starting nv-hostengine: DCGM initialization error},
   * {@code Failed to watch metrics: Error watching fields: ...} and {@code Error watching fields: ...} (2.x-3.x),
   * {@code Failed to watch DCGM fields ... error="error watching fields: ..."} and {@code DCGM collector for
   * entity type 'GPU' cannot be initialized} (4.x), {@code Host engine connection invalid}.
   */
  DCGM_EXPORTER_FAILED,
  /**
   * vLLM found no platform to run on: {@code No platform detected, vLLM is running on UnspecifiedPlatform}, the
   * DEBUG reason {@code CUDA platform is not available because: NVML Shared Library Not Found} (no NVIDIA driver
   * library in the container), and what an unspecified platform raises later ({@code RuntimeError: Failed to
   * infer device type}, {@code Device string must not be empty}). A CUDA build says this when the container has
   * no NVIDIA driver library; a build for another accelerator says it too, harmlessly, before its plugin takes over.
   */
  VLLM_NO_PLATFORM,
  /**
   * vLLM names the platform it runs on: {@code Automatically detected platform cuda.}, or an out-of-tree
   * plugin's {@code Platform plugin ascend is activated}.
   */
  VLLM_PLATFORM_DETECTED,
  /**
   * vLLM could not read its own package version ({@code The vLLM package was not found, so its version could
   * not be inspected. This may cause platform detection to fail.}): an install without package metadata.
   */
  VLLM_VERSION_UNKNOWN,
  /**
   * A model server says where it listens ({@link ServerListenAddress}): uvicorn's {@code Uvicorn running on
   * http://0.0.0.0:8000}, vLLM's {@code Starting vLLM API server on http://0.0.0.0:8000}, Ollama's {@code Listening on
   * 127.0.0.1:11434}, Triton's {@code Started HTTPService at 0.0.0.0:8000}. Informational: evidence for a probe's failure.
   */
  SERVER_LISTENING,
  /**
   * vLLM captures CUDA graphs, the last step of its start-up, after the weights and the KV cache took their share of
   * gpu_memory_utilization: V0's {@code Capturing cudagraphs for decoding.} ({@code Capturing the model for CUDA graphs.}
   * before 0.6), V1's {@code Capturing CUDA graphs (mixed prefill-decode, PIECEWISE)} and {@code Capturing CUDA graph
   * shapes}. Informational: an allocator OOM right after it is the graphs' memory.
   */
  VLLM_CUDA_GRAPH_CAPTURE,

  /**
   * The NVIDIA device plugin sees no GPU: {@code No devices found. Waiting indefinitely.},
   * {@code Incompatible strategy detected auto}, {@code If this is a GPU node, did you configure the
   * NVIDIA Container Toolkit?} (0.15+; up to 0.14 {@code ... did you set the docker default runtime to `nvidia`?}),
   * {@code failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND} (0.12-0.14) or {@code ...: could not load NVML library}
   * (up to 0.11, and 0.15's plugin manager) (k8s-device-plugin, GPU feature discovery);
   * it advertises no {@code nvidia.com/gpu}.
   */
  DEVICE_PLUGIN_NO_DEVICES,
  /**
   * The NVIDIA device plugin found the driver's NVML library in its container: {@code Detected NVML platform: found
   * NVML library} (its platform factory). Informational: a later NVML failure of the same plugin is then not
   * a library missing from its container.
   */
  DEVICE_PLUGIN_NVML_FOUND,
  /**
   * The NVIDIA device plugin or GPU feature discovery stops at start-up, in its own words: {@code error starting
   * plugins: ...} (with {@code invalid MIG configuration} when its MIG strategy does not fit the GPUs' layout), the
   * MIG strategy single's own complaints ({@code panic: More than one MIG device type present on node}, {@code No MIG
   * devices present on node}, {@code Unsupported MIG device found} up to 0.11; GFD's warning {@code Invalid
   * configuration detected for mig-strategy=single: ...}, after which it labels the node MIG-INVALID),
   * {@code unable to load config: ...} (its config file, the time-slicing, MPS or deviceListStrategy settings, does not
   * parse for its version), {@code failed to create FS watcher for /var/lib/kubelet/device-plugins/: too many open
   * files} (the node's inotify limit). It registers no {@code nvidia.com/gpu} and restarts.
   */
  DEVICE_PLUGIN_START_FAILED,
  /**
   * Python in the container may not write where it must: {@code PermissionError: [Errno 13] Permission denied:
   * '/.cache'} (a cache or config directory under a HOME the pod's user cannot write, OpenShift's arbitrary UID, a
   * runAsUser), {@code OSError: [Errno 30] Read-only file system: '/root/.cache/...'} (readOnlyRootFilesystem); NVIDIA
   * NIM's {@code RuntimeError: Unable to write to NIM_CACHE_PATH (/mnt/models/cache)} (a read-only volume at its cache
   * path, such as the model store KServe mounts read-only).
   */
  FILESYSTEM_NOT_WRITABLE;

  /**
   * The GPU allocator ran out of device memory (the device path of an OOM). vLLM's zero cache blocks is not: its
   * budget check failed before anything was allocated (KvCacheInsufficient).
   */
  public boolean deviceOom() {
    return this == CUDA_OOM || this == CUDA_ERROR_OOM || this == CUDA_MALLOC_OOM;
  }

  /**
   * The line says what the software runs on (vLLM's platform, its package version, where a server listens), not that
   * anything failed:
   * evidence for other lines, never an incident of its own.
   */
  public boolean informational() {
    return this == VLLM_PLATFORM_DETECTED || this == VLLM_VERSION_UNKNOWN || this == SERVER_LISTENING
        || this == VLLM_CUDA_GRAPH_CAPTURE || this == DEVICE_PLUGIN_NVML_FOUND || this == GLOO_LOOPBACK_FALLBACK
        || this == VLLM_WSL_DETECTED || this == NCCL_SHM_SEGMENT_LISTED;
  }

  /** The container's CUDA/NVML and the node's driver (or the image's own CUDA runtime) do not fit. */
  public boolean driverMismatch() {
    return this == DRIVER_LIBRARY_MISMATCH || this == CONTAINER_CLI_REQUIREMENT || this == CUDA_DRIVER_INSUFFICIENT
        || this == DRIVER_TOO_OLD || this == CUDA_RUNTIME_LIBRARY_MISSING || this == CUDA_COMPAT_MISMATCH;
  }
}
