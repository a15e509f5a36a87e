package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpudoctor.facts.LogSignalKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The GPU stack's and the serving engines' wordings, across the versions that emit them. */
class LogClassifierTest {

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      DRIVER_TOO_OLD | RuntimeError: The NVIDIA driver on your system is too old (found version 12040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.
      DRIVER_TOO_OLD | /usr/local/lib/python3.12/dist-packages/torch/cuda/__init__.py:174: UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 12080). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx
      CUDA_DRIVER_INSUFFICIENT | RuntimeError: CUDA error: cudaErrorInsufficientDriver: CUDA driver version is insufficient for CUDA runtime version
      CUDA_DRIVER_INSUFFICIENT | llama_cpp.cuInit failed: CUDA_ERROR_INSUFFICIENT_DRIVER
      CUDA_COMPAT_MISMATCH | RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination
      CUDA_COMPAT_MISMATCH | cuInit failed: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE
      CUDA_COMPAT_MISMATCH | Error 804: forward compatibility was attempted on non supported HW
      CUDA_RUNTIME_LIBRARY_MISSING | ImportError: libcudart.so.13: cannot open shared object file: No such file or directory
      CUDA_RUNTIME_LIBRARY_MISSING | OSError: libcudart.so.12.4: cannot open shared object file: No such file or directory
      CONTAINER_HOOK_ERROR | Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown
      CONTAINER_HOOK_ERROR | stderr: nvidia-container-cli.real: initialization error: driver error: failed to process request: unknown
      CONTAINER_HOOK_ERROR | nvidia-container-cli: initialization error: cuda error: no cuda-capable device is detected: unknown
      CONTAINER_HOOK_ERROR | Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: mount error: file creation failed: /run/containerd/io.containerd.runtime.v2.task/k8s.io/3c1f/rootfs/usr/bin/nvidia-smi: file exists: unknown
      CONTAINER_HOOK_ERROR | nvidia-container-cli: device error: /var/run/nvidia-container-devices: unknown device: unknown
      CONTAINER_HOOK_ERROR | stderr: nvidia-container-cli: container error: cgroup subsystem devices not found: unknown
      CONTAINER_HOOK_ERROR | nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: unknown
      DRIVER_LIBRARY_MISMATCH | nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown
      CUDA_SYSTEM_NOT_READY | Failed to allocate device vector A (error code system not yet initialized)!
      NVIDIA_SMI_NO_DRIVER | NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.
      CUDA_SYSTEM_NOT_READY | UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)
      CUDA_SYSTEM_NOT_READY | cuInit failed: CUDA_ERROR_SYSTEM_NOT_READY
      CUDA_SYSTEM_NOT_READY | cudaGetDeviceCount returned 802 (cudaErrorSystemNotReady)
      CUDA_INIT_FAILED | nvidia-cuda-validator-6g7lr cuda-validation Failed to allocate device vector A (error code initialization error)!
      CUDA_INIT_FAILED | RuntimeError: CUDA error: initialization error
      CUDA_INIT_FAILED | RuntimeError: CUDA driver error: initialization error
      CUDA_INIT_FAILED | node-3:44710:44710 [0] misc/cudawrap.cc:36 NCCL WARN Cuda failure 3 'initialization error'
      CUDA_INIT_FAILED | cudaGetDeviceCount returned 3 (cudaErrorInitializationError)
      CUDA_INIT_FAILED | cuInit failed: CUDA_ERROR_NOT_INITIALIZED
      DEVICE_PLUGIN_NVML_FOUND | I0408 09:14:22.781053       1 factory.go:104] Detected NVML platform: found NVML library
      DEVICE_PLUGIN_START_FAILED | panic: More than one MIG device type present on node
      DEVICE_PLUGIN_START_FAILED | panic: No MIG devices present on node
      DEVICE_PLUGIN_START_FAILED | panic: Unsupported MIG device found: mig-1c.2g.10gb
      DEVICE_PLUGIN_START_FAILED | W0714 10:19:52.118274       1 mig-strategy.go:131] Invalid configuration detected for mig-strategy=single: more than one MIG device type present on node
      DEVICE_PLUGIN_START_FAILED | 2021/03/02 10:19:52 WARNING: Invalid configuration detected for mig-strategy=single: devices with MIG enabled and disable detected
      DEVICE_PLUGIN_START_FAILED | E0714 10:19:52.201562       1 main.go:132] error starting plugins: error getting plugins: failed to construct NVML resource managers: error building device map: error building device map from config.resources: all devices on the node must be configured with the same migEnabled value
      GPU_ARCH_UNSUPPORTED | ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla V100-PCIE-16GB GPU has compute capability 7.0. You can use float16 instead by explicitly setting the `dtype` flag in CLI, for example: --dtype=half.
      GPU_ARCH_UNSUPPORTED | RuntimeError: GPUs with compute capability below 7.0 are not supported.
      GPU_ARCH_UNSUPPORTED | ValueError: The quantization method gptq_marlin is not supported for the current GPU. Minimum capability: 80. Current capability: 75.
      GPU_ARCH_UNSUPPORTED | ImportError: GPU with CUDA capability 7 5 is not supported for Flash Attention V2
      GPU_ARCH_UNSUPPORTED | RuntimeError: FlashAttention only supports Ampere GPUs or newer.
      GPU_ARCH_UNSUPPORTED | triton.compiler.errors.CompilationError: at 12:8: type fp8e4nv not supported in this architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')
      GPU_ARCH_UNSUPPORTED | RuntimeError: CUDA error: no kernel image is available for execution on the device
      GPU_ARCH_UNSUPPORTED | UserWarning: NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.
      GPU_ARCH_UNSUPPORTED | (Worker pid=2210) ERROR 07-14 10:18:12 [multiproc_executor.py:671] RuntimeError: Could not find nvcc and default cuda_home='/usr/local/cuda' doesn't exist
      SHARED_MEMORY_EXHAUSTED | vllm-tp2-0:212:298 [1] misc/shmutils.cc:88 NCCL WARN Error: failed to extend /dev/shm/nccl-WU88OE to 9637892 bytes, error: No space left on device (28)
      SHARED_MEMORY_EXHAUSTED | ubuntu:9621:9691 [6] misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 bytes
      SHARED_MEMORY_EXHAUSTED | [3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device
      SHARED_MEMORY_EXHAUSTED | [3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1462445a6f01cbfc-1-2-3 (size 9637888)
      SHARED_MEMORY_EXHAUSTED | ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).
      SHARED_MEMORY_EXHAUSTED | RuntimeError: DataLoader worker (pid 1234) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.
      SHARED_MEMORY_EXHAUSTED | RuntimeError: unable to write to file </torch_18692_1954506624_0>: No space left on device (28)
      SHARED_MEMORY_EXHAUSTED | [2026-03-25 05:44:29,435 W 39 39] (raylet) store_runner.cc:83: System memory request exceeds memory available in /dev/shm. The request is for 10200547328 bytes, and the amount available is 9663676416 bytes.
      SHARED_MEMORY_EXHAUSTED | 2023-08-17T15:30:05.109285Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 7 rank=2
      SHARED_MEMORY_EXHAUSTED | Error: Download process was signaled to shutdown with signal 7
      VLLM_PARALLELISM_MISMATCH | RuntimeError: please set tensor_parallel_size (2) to less than max local gpu count (1)
      VLLM_PARALLELISM_MISMATCH | AssertionError: please set tensor_parallel_size to less than max local gpu count
      VLLM_PARALLELISM_MISMATCH | RuntimeError: please ensure that world_size (4) is less than than max local gpu count (2)
      VLLM_PARALLELISM_MISMATCH | ValueError: The number of required GPUs exceeds the total number of available GPUs in the placement group.
      VLLM_PARALLELISM_MISMATCH | ValueError: Total number of attention heads (40) must be divisible by tensor parallel size (3).
      MODEL_DOWNLOAD_FAILED | safetensors_rust.SafetensorError: Error while deserializing header: HeaderTooLarge
      MODEL_DOWNLOAD_FAILED | safetensors_rust.SafetensorError: Error while deserializing header: header too large
      MODEL_DOWNLOAD_FAILED | ERROR 07-14 10:12:34 [core.py:586] safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer
      MODEL_DOWNLOAD_FAILED | RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory
      MODEL_DOWNLOAD_FAILED | Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.
      MODEL_DOWNLOAD_FAILED | OSError: You are trying to access a gated repo.
      MODEL_DOWNLOAD_FAILED | Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be authenticated to access it. Please log in.
      MODEL_DOWNLOAD_FAILED | Access to model meta-llama/Llama-2-70b-chat-hf is restricted and you are not in the authorized list. Visit https://huggingface.co/meta-llama/Llama-2-70b-chat-hf to ask for access.
      MODEL_DOWNLOAD_FAILED | Your request to access model meta-llama/Llama-3.3-70B-Instruct is awaiting a review from the repo authors.
      MODEL_DOWNLOAD_FAILED | Invalid credentials in Authorization header
      MODEL_DOWNLOAD_FAILED | Repository Not Found for url: https://huggingface.co/api/models/mistralai/Mistral-7B-Instruct-v0.4/revision/main.
      MODEL_DOWNLOAD_FAILED | OSError: mistralai/Mistral-7B-Instruct-v0.4 is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'
      MODEL_DOWNLOAD_FAILED | ValueError: Invalid repository ID or local directory specified: 'meta-llama/Llama-3.2-1B-Instruct'.
      MODEL_DOWNLOAD_FAILED | OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached files and it looks like microsoft/Phi-3-mini-4k-instruct is not the path to a directory containing a file named config.json.
      MODEL_DOWNLOAD_FAILED | huggingface_hub.errors.LocalEntryNotFoundError: An error happened while trying to locate the file on the Hub and we cannot find the requested files in the local cache. Please check your connection and try again or make sure your Internet connection is on.
      MODEL_DOWNLOAD_FAILED | requests.exceptions.ConnectionError: (MaxRetryError("HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with url: /api/models/microsoft/Phi-3-mini-4k-instruct/revision/main (Caused by NameResolutionError(\"<urllib3.connection.HTTPSConnection object at 0x7f2b1c3d4e50>: Failed to resolve 'huggingface.co' ([Errno -3] Temporary failure in name resolution)\"))"), '(Request ID: 1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b)')
      NO_GPU_IN_CONTAINER | RuntimeError: No CUDA GPUs are available
      NO_GPU_IN_CONTAINER | time=2026-07-21T09:36:01.231Z level=INFO source=gpu.go:377 msg="no compatible GPUs were discovered"
      NO_GPU_IN_CONTAINER | AssertionError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx
      NO_GPU_IN_CONTAINER | RuntimeError: CUDA error: no CUDA-capable device is detected
      NO_GPU_IN_CONTAINER | cudaGetDeviceCount failed: cudaErrorNoDevice
      NO_GPU_IN_CONTAINER | ggml_cuda_init: failed to initialize CUDA: CUDA_ERROR_NO_DEVICE
      NO_GPU_IN_CONTAINER | OSError: libcuda.so.1: cannot open shared object file: No such file or directory
      GPU_LOST | Pod Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = Unknown desc = Unable to retrieve list of available devices: error creating nvml.Device 2: nvml: GPU is lost, which is unexpected
      CUDA_UNCORRECTABLE_ERROR | RuntimeError: CUDA error: uncorrectable ECC error encountered
      CUDA_UNCORRECTABLE_ERROR | llama-70b-tp2-0:212:298 [1] include/alloc.h:125 NCCL WARN Cuda failure 'uncorrectable ECC error encountered'
      CUDA_UNCORRECTABLE_ERROR | RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution
      CUDA_UNCORRECTABLE_ERROR | cuMemAlloc failed: CUDA_ERROR_ECC_UNCORRECTABLE
      GPU_LOST | Unable to determine the device handle for GPU0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU
      GPU_LOST | E0714 10:19:52.118274       1 health.go:98] failed to get device handle: ERROR_GPU_IS_LOST
      DEVICE_MARKED_UNHEALTHY | I0714 10:19:52.118301       1 server.go:263] 'nvidia.com/gpu' device marked unhealthy: GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63
      DEVICE_MARKED_UNHEALTHY | 2021/03/02 10:19:52 'nvidia.com/mig-1g.10gb' device marked unhealthy: MIG-5b0f1d2e-8c3a-5e7f-9b1d-2a4c6e8f0a1b
      DEVICE_MARKED_UNHEALTHY | I0714 10:19:52.118274       1 health.go:160] Error waiting for event: ERROR_UNKNOWN; marking all devices as unhealthy
      DEVICE_PLUGIN_NO_DEVICES | E0714 10:19:52.118274       1 factory.go:87] failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND
      DEVICE_PLUGIN_NO_DEVICES | 2020/02/11 09:41:07 Failed to initialize NVML: could not load NVML library.
      DEVICE_PLUGIN_NO_DEVICES | 2020/02/11 09:41:07 If this is a GPU node, did you set the docker default runtime to `nvidia`?
      DEVICE_PLUGIN_NO_DEVICES | W0714 10:19:52.118274       1 rm.go:109] NVML not detected: could not load NVML library: libnvidia-ml.so.1: cannot open shared object file: No such file or directory
      DCGM_EXPORTER_FAILED | time="2026-07-14T10:19:52Z" level=fatal msg="Error starting nv-hostengine: DCGM initialization error"
      DCGM_EXPORTER_FAILED | time="2026-07-14T10:19:52Z" level=fatal msg="Failed to watch metrics: Error watching fields: The third-party Profiling module returned an unrecoverable error"
      DCGM_EXPORTER_FAILED | time="2026-07-14T10:19:52Z" level=warning msg="Cannot destroy field group." error="Host engine connection invalid/disconnected"
      DCGM_EXPORTER_FAILED | time="2020-11-03T08:14:07Z" level=fatal msg="Error watching fields: This request is serviced by a module of DCGM that is not currently loaded"
      DCGM_EXPORTER_FAILED | time="2023-04-08T10:50:53Z" level=fatal msg="Error watching fields: The third-party Profiling module returned an unrecoverable error"
      DCGM_EXPORTER_FAILED | time=2026-03-02T11:40:18.204Z level=ERROR msg="Failed to watch DCGM fields" field_ids="[100 101 140 150 155 156 203 204 250 251 252 1001 1002 1003 1004 1005]" error="error watching fields: Host engine is running as non-root"
      DCGM_EXPORTER_FAILED | time=2026-03-02T11:40:18.206Z level=ERROR msg="DCGM collector for entity type 'GPU' cannot be initialized; err: error watching fields: Host engine is running as non-root"
      NO_GPU_IN_CONTAINER | DEBUG 07-14 10:19:40 [__init__.py:78] CUDA platform is not available because no GPU is found.
      NO_GPU_IN_CONTAINER | EP Error /onnxruntime_src/onnxruntime/core/providers/cuda/cuda_execution_provider_info.cc:59 [ONNXRuntimeError] : 1 : FAIL : provider_options_utils.h:151 Parse Failed to parse provider option "device_id": CUDA failure 100: no CUDA-capable device is detected ; GPU=-1
      NO_GPU_IN_CONTAINER | it fails with `Parse Failed to parse provider option "device_id":` every time the session starts
      VLLM_NO_PLATFORM | INFO 07-14 10:19:40 [__init__.py:243] No platform detected, vLLM is running on UnspecifiedPlatform
      VLLM_NO_PLATFORM | DEBUG 07-14 10:19:40 [platforms/__init__.py:230] No platform detected, vLLM is running on UnspecifiedPlatform
      VLLM_NO_PLATFORM | DEBUG 07-14 10:19:40 [__init__.py:95] CUDA platform is not available because: NVML Shared Library Not Found
      VLLM_NO_PLATFORM | RuntimeError: Failed to infer device type
      VLLM_NO_PLATFORM | RuntimeError: Failed to infer device type, please set the environment variable `VLLM_LOGGING_LEVEL=DEBUG` to turn on verbose logging to help debug the issue.
      VLLM_NO_PLATFORM | RuntimeError: Device string must not be empty
      VLLM_PLATFORM_DETECTED | INFO 07-14 10:19:40 [__init__.py:244] Automatically detected platform cuda.
      VLLM_PLATFORM_DETECTED | INFO 02-19 16:02:59 __init__.py:174] Platform plugin ascend is activated
      VLLM_VERSION_UNKNOWN | WARNING 07-14 10:19:38 [__init__.py:25] The vLLM package was not found, so its version could not be inspected. This may cause platform detection to fail.
      NVML_INIT_FAILED | Error: Failed to initialize NVML
      VGPU_LIMIT_OOM | [HAMI-core ERROR (pid:214 thread=140213 allocator.c:49)]: Device 0 OOM 3171158016 / 3145728000
      CUDA_OOM | torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)
      VLLM_MEMORY_PROFILING_CHANGED | AssertionError: Error in memory profiling. Initial free memory 23.4375 GiB, current free memory 23.4375 GiB. This happens when other processes sharing the same container release GPU memory while vLLM is profiling during initialization.
      VLLM_MEMORY_PROFILING_CHANGED | AssertionError: Error in memory profiling. Initial free memory 21.9 GiB, current free memory 22.4 GiB. This happens when the GPU memory was not properly cleaned up before initializing the vLLM instance.
      TGI_PREFILL_TOKENS_TOO_MANY | RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`
      CUDA_APPLICATION_FAULT | ERROR 07-14 10:18:41 [core.py:586] RuntimeError: CUDA error: an illegal memory access was encountered
      CUDA_APPLICATION_FAULT | torch.AcceleratorError: CUDA error: an illegal memory access was encountered
      CUDA_APPLICATION_FAULT | RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered
      CUDA_APPLICATION_FAULT | llama-70b-tp2-0:212:298 [1] include/alloc.h:125 NCCL WARN Cuda failure 'an illegal memory access was encountered'
      CUDA_APPLICATION_FAULT | RuntimeError: CUDA error: device-side assert triggered
      CUDA_APPLICATION_FAULT | RuntimeError: CUDA error: unspecified launch failure
      CUDA_APPLICATION_FAULT | RuntimeError: CUDA error: misaligned address
      CUDA_APPLICATION_FAULT | terminate called after throwing an instance of 'c10::Error' what():  CUDA error: an illegal instruction was encountered
      CUDA_APPLICATION_FAULT | [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMemcpyAsync(dst, src, size, cudaMemcpyDeviceToHost, stream): an illegal memory access was encountered (/src/tensorrt_llm/cpp/tensorrt_llm/runtime/bufferManager.cpp:158)
      CUDA_APPLICATION_FAULT | cuCtxSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS
      NCCL_COLLECTIVE_FAILED | [rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.
      NCCL_COLLECTIVE_FAILED | (RayWorkerVllm pid=5085) [E ProcessGroupNCCL.cpp:475] [Rank 4] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=20518, OpType=ALLREDUCE, NumelIn=106496, NumelOut=106496, Timeout(ms)=1800000) ran for 1800270 milliseconds before timing out.
      NCCL_COLLECTIVE_FAILED | [E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.
      NCCL_COLLECTIVE_FAILED | torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3
      NCCL_COLLECTIVE_FAILED | RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.11.4
      NCCL_COLLECTIVE_FAILED | torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5
      NCCL_COLLECTIVE_FAILED | (VllmWorker rank=1 pid=212) ERROR 07-14 10:18:20 [multiproc_executor.py:527] RuntimeError: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details)
      NCCL_COLLECTIVE_FAILED | RuntimeError: NCCL error: remote process exited or there was a network error
      NCCL_COLLECTIVE_FAILED | RuntimeError: NCCL Error 1: unhandled cuda error
      NCCL_COLLECTIVE_FAILED | ncclInternalError: Internal check failed.
      NCCL_COLLECTIVE_FAILED | [rank0]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. It can be also caused by unexpected exit of a remote peer.
      NCCL_COLLECTIVE_FAILED | ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.
      NCCL_COLLECTIVE_FAILED | Duplicate GPU detected : rank 0 and rank 1 both on CUDA device 1000
      NCCL_COLLECTIVE_FAILED | [rank0]: Bootstrap : no socket interface found
      NCCL_COLLECTIVE_FAILED | llama-70b-tp2-0:212:298 [1] NCCL WARN Cuda failure 'peer access is not supported between these two devices'
      NIM_PROFILE_LOW_FREE_MEMORY | {"level": "INFO", "time": "11-18 10:02:31.412", "file_path": "/usr/local/lib/python3.10/dist-packages/vllm_nvext/hub/ngc_profile.py", "line_number": "222", "message": "Detected additional 1 compatible profile(s) that are currently not runnable due to low free GPU memory.", "exc_info": "None", "stack_info": "None"}
      NIM_NO_RUNNABLE_PROFILE | ERROR 07-26 09:44:00.18 utils.py:21] Could not find a profile that is currently runnable with the detected hardware. Please check the system information below and make sure you have enough free GPUs.
      NIM_NO_FREE_GPU | - Free GPUs: <None>
      SERVER_LISTENING | (APIServer pid=1) INFO 03-01 09:45:20 [api_server.py:1971] Starting vLLM API server 0 on http://0.0.0.0:8000
      SERVER_LISTENING | INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)
      SERVER_LISTENING | time=2026-11-18T10:02:11.604Z level=INFO source=routes.go:1259 msg="Listening on 127.0.0.1:11434 (version 0.6.5)"
      SERVER_LISTENING | I1118 10:02:11.604173 1 http_server.cc:4696] Started HTTPService at 0.0.0.0:8000
      TGI_PREFILL_TOKENS_TOO_MANY | 2026-07-14T10:19:52.375021Z ERROR warmup{max_input_length=1024 max_prefill_tokens=4096}:warmup: text_generation_client: router/client/src/lib.rs:33: Server error: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`
      SHARED_MEMORY_EXHAUSTED | Error while creating shared memory segment /dev/shm/nccl-F9ffgB (size 9637888)
      NO_GPU_IN_CONTAINER | WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.
      NO_GPU_IN_CONTAINER | time=2026-03-29T05:19:48.483Z level=INFO source=types.go:60 msg="inference compute" id=cpu library=cpu compute="" name=cpu description=cpu libdirs=ollama driver="" pci_id="" type="" total="7.8 GiB" available="3.9 GiB"
      NO_GPU_IN_CONTAINER | time=2026-07-21T09:36:01.231Z level=INFO source=types.go:130 msg="inference compute" id=0 library=cpu variant="" compute="" driver=0.0 name="" total="27.4 GiB" available="25.9 GiB"
      MODEL_DOWNLOAD_FAILED | requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/api/models/bigcode/starcoder
      MODEL_DOWNLOAD_FAILED | requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://huggingface.co/api/models/Qwen/Qwen2.5-7B-Instruct/revision/main
      MODEL_DOWNLOAD_FAILED | WARN dynamo_llm::hub: ModelExpress download failed for model 'Qwen/Qwen3-0.6B': Error: request error: HTTP status client error (429 Too Many Requests) for url (https://huggingface.co/api/models/Qwen/Qwen3-0.6B/revision/main)
      MODEL_DOWNLOAD_FAILED | UserWarning: Not enough free disk space to download the file. The expected file size is: 4976.70 MB. The target location /model-cache/models--meta-llama--Llama-3.1-8B/blobs only has 3069.12 MB free disk space.
      GPU_ARCH_UNSUPPORTED | WARN text_generation_launcher: Could not import Flash Attention enabled models: GPU with CUDA capability 7 0 is not supported
      VLLM_CUDA_GRAPH_CAPTURE | INFO 11-20 10:14:12 model_runner.py:1415] Capturing cudagraphs for decoding. This may lead to unexpected consequences if the model is not static.
      VLLM_CUDA_GRAPH_CAPTURE | (EngineCore_0 pid=311) INFO 09-02 10:14:12 [gpu_model_runner.py:2567] Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 100%|██████████| 67/67 [00:03<00:00, 19.3it/s]
      DEVICE_PLUGIN_START_FAILED | E1120 09:12:01.201562       1 main.go:123] error starting plugins: error getting plugins: failed to construct NVML resource managers: error building device map: error building device map from config.resources: invalid MIG configuration: at least one device with migEnabled=true was not configured correctly: error visiting device: device 2 has an invalid MIG configuration
      DEVICE_PLUGIN_START_FAILED | E1120 10:01:44.552108       1 main.go:128] unable to load config: unable to finalize config: unable to parse config file: error parsing config file: unmarshal error: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go struct field PluginCommandLineFlags.flags.plugin.deviceListStrategy of type string
      DEVICE_PLUGIN_START_FAILED | E1120 10:01:44.552108       1 main.go:173] failed to create FS watcher for /var/lib/kubelet/device-plugins/: too many open files
      DEVICE_PLUGIN_NO_DEVICES | 2018/03/01 10:02:11 Failed to start nvml with error:  could not load NVML library.
      FILESYSTEM_NOT_WRITABLE | PermissionError: [Errno 13] Permission denied: '/.cache'
      FILESYSTEM_NOT_WRITABLE | OSError: [Errno 30] Read-only file system: '/root/.cache/huggingface'
      FILESYSTEM_NOT_WRITABLE | RuntimeError: Unable to write to NIM_CACHE_PATH (/mnt/models/cache)
      NVIDIA_RUNTIME_NOT_CONFIGURED | Warning  FailedCreatePodSandBox  12s  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = RuntimeHandler "nvidia" not supported
      NCCL_COLLECTIVE_FAILED | [rank1]:[F ProcessGroupNCCL.cpp:1169] [PG 2 Rank 1] [PG 2 Rank 1] ProcessGroupNCCL's watchdog got stuck for 600 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api, or other deadlock-prone behaviors.
      NCCL_COLLECTIVE_FAILED | [rank1]:[E ProcessGroupNCCL.cpp:1316] [PG 2 Rank 1] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=138
      NCCL_COLLECTIVE_FAILED | [rank8]:[E ProcessGroupGloo.cpp:144] Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error
      NCCL_COLLECTIVE_FAILED | RuntimeError: Gloo connectFullMesh failed with [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:152] timed out connecting: SO_ERROR: Connection refused, remote=[127.0.0.1]:14215
      NCCL_COLLECTIVE_FAILED |   timed out connecting: SO_ERROR: Connection refused, remote=[127.0.0.1]:14215
      GLOO_LOOPBACK_FALLBACK | [rank0]:[W427 03:10:15.652192062 ProcessGroupGloo.cpp:715] Warning: Unable to resolve hostname to a (local) address. Using the loopback address as fallback. Manually set the network interface to bind to with GLOO_SOCKET_IFNAME. (function operator())
      NCCL_SHM_SEGMENT_LISTED | -rw-------  1 root root    0 Oct 11 09:30 nccl-onFp46
      NCCL_SHM_SEGMENT_LISTED | -rw------- 1 root root 9637888 Oct 13 09:06 /dev/shm/nccl-Qe81Lx
      VLLM_UVA_UNAVAILABLE | (EngineCore_DP0 pid=212) ERROR 09-03 12:31:21 [core.py:708] RuntimeError: UVA is not available
      VLLM_WSL_DETECTED | WARNING 02-02 13:25:27 [interface.py:465] Using 'pin_memory=False' as WSL is detected. This may slow down the performance.
      VLLM_WSL_DETECTED | WARNING 01-21 01:28:57 cache_engine.py:96] Using 'pin_memory=False' as WSL is detected. This may slow down the performance.
      """)
  void everyWordingOfEveryVersionIsClassified(LogSignalKind kind, String line) {
    assertThat(LogClassifier.classify(line)).isNotNull().extracting(LogClassifier.Classified::kind).isEqualTo(kind);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // the plugin's health line is an Xid fact (KernelXidLines), not a second signal
      "I0714 10:19:52.118274       1 health.go:210] XidCriticalError: Xid=48 on Device=GPU-7f3a9c2e; marking device as unhealthy.",
      "I0714 10:19:40.001122       1 main.go:317] Retrieving plugins.",
      // a 401 of another host than the Hub's is not the model's download; a config error of another program is no plugin's
      "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://registry.example.com/v2/token",
      "unable to load config: open /etc/app/app.yaml: no such file or directory",
      // Ollama found its GPU
      "time=2026-07-21T09:36:01.412Z level=INFO source=types.go:130 msg=\"inference compute\" id=GPU-7f3a9c2e-41b8-4d6e-9a0c-5e2b8d1f4a63 library=cuda variant=v12 compute=7.5 driver=12.8 name=\"Tesla T4\" total=\"14.6 GiB\" available=\"14.5 GiB\"",
      // huggingface_hub 0.26+ downloads without a token and says so; the download goes on
      "Warning: You are sending unauthenticated requests to the HF Hub. Please set a HF_TOKEN to enable higher rate limits and faster downloads.",
      "INFO 07-14 10:18:21 [weight_utils.py:296] Using model weights format ['*.safetensors']",
      "INFO 07-14 10:19:40 [cuda.py:240] Using Flash Attention backend on V1 engine.",
      "time=\"2026-07-14T10:19:52Z\" level=info msg=\"Starting dcgm-exporter\"",
      "Warning: Failed to watch metrics in the dashboard",
      "The driver is fine; no GPU was lost this week",
      "[HAMI-core Msg(214:140213:libvgpu.c:836)]: Initializing.....",
      "INFO 07-14 10:19:40 [worker.py:294] Memory profiling takes 4.81 seconds",
      // dcgm-exporter 2.1.2+ skips the profiling fields it cannot watch and serves the rest
      "time=\"2026-07-14T10:19:52Z\" level=info msg=\"Not collecting DCP metrics: This request is serviced by a module of DCGM that is not currently loaded\"",
      "time=2026-07-14T10:19:52.204Z level=INFO msg=\"Not collecting DCP metrics: Error getting supported metrics: This request is serviced by a module of DCGM that is not currently loaded\"",
      "time=\"2026-07-14T10:19:52Z\" level=warning msg=\"Skipping line 21 ('DCGM_FI_PROF_GR_ENGINE_ACTIVE'): metric not enabled\"",
      // a CPU build of vLLM on a GPU machine names its own platform next
      "DEBUG 07-14 10:19:40 [__init__.py:85] CUDA platform is not available because vLLM is built with CPU.",
      // the caller's device id, not a missing GPU; and the AMD providers count HIP devices
      "Failed to parse provider option \"device_id\": Invalid device ID: 2, must be between 0 (inclusive) and 1 (exclusive).",
      "Failed to parse provider option \"device_id\": HIP failure 100: no ROCm-capable device is detected ; GPU=-1",
      // CUDA's 600 is an asynchronous "not ready yet" of a query, not the system's 802
      "cudaStreamQuery returned cudaErrorNotReady (600): device not ready",
      // vLLM falls back to another attention backend on pre-Ampere GPUs: no failure
      "INFO 07-14 10:18:12 [cuda.py:281] Cannot use FlashAttention-2 backend for Volta and Turing GPUs.",
      "Failed to allocate device vector A (error code CUDA-capable device(s) is/are busy or unavailable)!",
      // a segment another rank already removed, in a /dev/shm with room: not its size
      "g148:14937:69361 [0] misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)",
      // Ray falls back to /tmp and serves on, slower: a warning of the size, no failure
      "WARNING services.py:1889 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance!",
      // PyTorch's advice after a CUDA error repeats no fault
      "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
      "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
      // NCCL and vLLM say which NCCL they use and how; PyTorch's advice on NCCL's settings is no failure
      "INFO 07-14 10:18:19 [pynccl.py:70] vLLM is using nccl==2.26.2",
      "INFO 07-14 10:18:19 [utils.py:1126] Found nccl from library libnccl.so.2",
      "WARNING 07-14 10:18:21 [custom_all_reduce.py:137] Custom allreduce is disabled because your platform lacks GPU P2P capability or P2P test failed. To silence this warning, specify disable_custom_all_reduce=True explicitly.",
      "[W ProcessGroupNCCL.cpp:1856] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS=1 has no effect for point-to-point collectives. (function operator())",
      "llama-70b-tp2-0:212:212 [0] NCCL INFO Bootstrap : Using eth0:10.244.1.17<0>",
      // NCCL chose its transports, shared memory among them
      "vllm-tp2-0:212:298 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via SHM/direct/direct",
      "2023-08-17T15:30:05.109285Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 4 rank=0",
      // the traceback's source line of NIM's check names no path
      "    raise RuntimeError(f\"Unable to write to NIM_CACHE_PATH ({cache_path})\")",
      // Docker refuses a handler that is not NVIDIA's: not the GPU stack's
      "Failed to create pod sandbox: rpc error: code = Unknown desc = RuntimeHandler \"kata\" not supported",
      // "initialization error" alone is no CUDA error: a program's own words, or the hook's (classified as the hook's)
      "ERROR: plugin initialization error, retrying in 5s",
      // the heartbeat monitor of another vendor's process group (Ascend's HCCL) is no NCCL hang
      "[rank1]:[E ProcessGroupHCCL.cpp:1402] [PG 0 Rank 1] Heartbeat monitor timed out! Process will be terminated after dumping debug info.",
      // a listing of another file, and NCCL's segment named in a log line, are no rows of a /dev/shm listing
      "-rw-------  1 root root    0 Oct 11 09:30 psm_5030d6c2",
      "vllm-tp2-0:212:298 [0] NCCL INFO Allocated 5767524 bytes of shared memory in /dev/shm/nccl-ClyoFp",
      // a client's own "timed out connecting" names no Gloo peer
      "ERROR: timed out connecting to the metrics endpoint, retrying",
      // a node's MIG labels, as kubectl describe node shows them, say which strategy and layout it has, not that they clash
      "                    nvidia.com/mig.strategy=single",
      "                    nvidia.com/mig.config=all-balanced"})
  void neighbouringLinesAreNotClassified(String line) {
    assertThat(LogClassifier.classify(line)).isNull();
  }

  @Test
  void vllmsFreeMemoryLineCarriesTheRequestedUtilization() {
    LogClassifier.Classified c = LogClassifier.classify("ValueError: Free memory on device (21.37/23.72 GiB) on startup is less "
        + "than desired GPU memory utilization (0.95, 22.54 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.");
    assertThat(c.kind()).isEqualTo(LogSignalKind.VLLM_FREE_MEMORY_BELOW_UTILIZATION);
    assertThat(c.requestedUtilization()).isEqualTo(0.95);
    assertThat(c.totalMiB()).isCloseTo(23.72 * 1024, within(0.001));
    assertThat(c.freeMiB()).isCloseTo(21.37 * 1024, within(0.001));
    LogClassifier.Classified named = LogClassifier.classify("ValueError: Free memory on device cuda:0 (12.18/23.56 GiB) on startup "
        + "is less than desired GPU memory utilization (0.9, 21.2 GiB).");
    assertThat(named.requestedUtilization()).isEqualTo(0.9);
    assertThat(named.freeMiB()).isCloseTo(12.18 * 1024, within(0.001));
  }

  @Test
  void pytorchsOutOfMemoryCarriesWhatTheFailingProcessHeldItself() {
    LogClassifier.Classified c = LogClassifier.classify("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 384.00 MiB. "
        + "GPU 0 has a total capacity of 14.57 GiB of which 211.75 MiB is free. Process 2204413 has 9.10 GiB memory in use. "
        + "Process 2205871 has 5.26 GiB memory in use. Including non-PyTorch memory, this process has 5.26 GiB memory in use. "
        + "Of the allocated memory 4.91 GiB is allocated by PyTorch, and 221.10 MiB is reserved by PyTorch but unallocated.");
    assertThat(c.kind()).isEqualTo(LogSignalKind.CUDA_OOM);
    assertThat(c.totalMiB()).isCloseTo(14.57 * 1024, within(0.001));
    assertThat(c.freeMiB()).isCloseTo(211.75, within(0.001));
    assertThat(c.processMiB()).as("this process's, not the first process listed").isCloseTo(5.26 * 1024, within(0.001));
    assertThat(LogClassifier.classify("RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.78 GiB total "
        + "capacity; 14.56 GiB already allocated; 3.19 MiB free; 14.60 GiB reserved in total by PyTorch)").processMiB()).isNull();
  }

  @Test
  void aFreeMemoryLineCutBeforeTheUtilizationKeepsTheSizes() {
    LogClassifier.Classified cut = LogClassifier.classify("ValueError: Free memory on device (6.9/8.0 GiB) on startup is less than "
        + "desired GPU memory utilization");
    assertThat(cut.kind()).isEqualTo(LogSignalKind.VLLM_FREE_MEMORY_BELOW_UTILIZATION);
    assertThat(cut.requestedUtilization()).isNull();
    assertThat(cut.totalMiB()).isEqualTo(8.0 * 1024);
  }

  @Test
  void hamisOomLineGivesTheVgpuLimitInMib() {
    LogClassifier.Classified c = LogClassifier.classify("[HAMI-core ERROR (pid:214 thread=140213 allocator.c:49)]: Device 0 OOM 3171158016 / 3145728000");
    assertThat(c.totalMiB()).isEqualTo(3000.0);
    assertThat(c.triedMiB()).isNull();
    assertThat(c.kind().deviceOom()).as("the physical GPU's telemetry cannot confirm a vGPU share's exhaustion").isFalse();
  }

  @Test
  void thePluginFindingNvmlIsEvidenceNotAnIncident() {
    assertThat(LogSignalKind.DEVICE_PLUGIN_NVML_FOUND.informational()).isTrue();
    LogClassifier.Classified none = LogClassifier.classify("2022/12/13 04:17:38 Detected non-NVML platform: could not load NVML library");
    assertThat(none == null ? null : none.kind()).as("the platform check that found none is no finding of NVML")
        .isNotEqualTo(LogSignalKind.DEVICE_PLUGIN_NVML_FOUND);
  }

  @Test
  void theContainerHooksInitializationErrorIsNotCudasError3() {
    assertThat(LogClassifier.classify("stderr: nvidia-container-cli: initialization error: nvml error: driver not loaded: unknown").kind())
        .isEqualTo(LogSignalKind.CONTAINER_HOOK_ERROR);
    assertThat(LogSignalKind.CUDA_INIT_FAILED.driverMismatch()).as("the kernel module and the GPU, not the image's CUDA").isFalse();
  }

  @Test
  void theDriverMismatchFamilyHoldsTheNewWordingsAndNotTheDriverlessOnes() {
    assertThat(LogSignalKind.DRIVER_TOO_OLD.driverMismatch()).isTrue();
    assertThat(LogSignalKind.CUDA_RUNTIME_LIBRARY_MISSING.driverMismatch()).isTrue();
    assertThat(LogSignalKind.CUDA_COMPAT_MISMATCH.driverMismatch()).isTrue();
    assertThat(LogSignalKind.CUDA_SYSTEM_NOT_READY.driverMismatch()).as("the fabric manager, not the versions").isFalse();
    assertThat(LogSignalKind.GPU_ARCH_UNSUPPORTED.driverMismatch()).isFalse();
    assertThat(LogSignalKind.CONTAINER_HOOK_ERROR.driverMismatch()).isFalse();
    assertThat(LogSignalKind.NO_GPU_IN_CONTAINER.driverMismatch()).isFalse();
    assertThat(LogSignalKind.NVML_INIT_FAILED.driverMismatch()).isFalse();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
      GRID_UNLICENSED | ~        License Status                    : Unlicensed (Restricted)~
      GRID_UNLICENSED | License Status : Unlicensed (Unrestricted)
      GRID_UNLICENSED | ~        License Status                    : Unlicensed~
      GRID_UNLICENSED | May 22 02:46:38 aks-nva10-41829376-vmss000000 nvidia-gridd: Valid GRID license not found. GPU features and performance are restricted. To enable full functionality please configure licensing details.
      GRID_UNLICENSED | Mar 16 23:02:11 aks-nva10-41829376-vmss000000 nvidia-gridd[1873]: Valid GRID license not found. GPU features and performance will be restricted. To enable full functionality please configure licensing details.
      GRID_UNLICENSED | Jun 05 16:36:02 gpu-vm-7 nvidia-gridd: Failed to acquire NVIDIA GRID Virtual Workstation license.
      GRID_UNLICENSED | Mar 16 23:02:41 aks-nva10-41829376-vmss000000 nvidia-gridd[1873]: Failed to acquire license from 10.0.0.4
      CUDA_DEVICE_NOT_LICENSED | RuntimeError: CUDA error: device doesn't have valid Grid license
      CUDA_DEVICE_NOT_LICENSED | cudaGetDeviceCount returned 102 (cudaErrorDeviceNotLicensed)
      CUDA_DEVICE_NOT_LICENSED | cuInit failed: CUDA_ERROR_DEVICE_NOT_LICENSED
      """)
  void theVgpuDriversAndCudasLicenceWordingsAreClassified(LogSignalKind kind, String line) {
    assertThat(LogClassifier.classify(line)).extracting(LogClassifier.Classified::kind).isEqualTo(kind);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "        License Status                    : Licensed (Expiry: 2026-3-17 1:2:3 GMT)",
      "Oct 5 15:05:17 localhost nvidia-gridd: License acquired successfully. (Info: https://10.0.0.4:443; NVIDIA Virtual Compute Server)",
      "Oct 5 15:04:45 localhost nvidia-gridd: Started (16224)",
      "WARN  license check: Failed to acquire license token from the model registry",
      "    vGPU Software Licensed Product",
      "        Product Name                      : NVIDIA Virtual Compute Server"})
  void licensedStatesAndOtherLicencesAreNotClassified(String line) {
    assertThat(LogClassifier.classify(line)).isNull();
  }

  @Test
  void glooLoopbackAndWslWarningsAreEvidenceNotIncidents() {
    assertThat(LogSignalKind.GLOO_LOOPBACK_FALLBACK.informational()).isTrue();
    assertThat(LogSignalKind.VLLM_WSL_DETECTED.informational()).isTrue();
    assertThat(LogSignalKind.VLLM_UVA_UNAVAILABLE.informational()).isFalse();
  }
}
