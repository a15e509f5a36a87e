package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerHookError;
import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ServerListenAddress;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Classifies one container-log line by the exact wordings PyTorch, vLLM, TGI, HAMi, NVML, the NVIDIA
 * container runtime, the device plugin, the DCGM exporter and CUDA emit (domain 5.4, 5.6). A line says
 * one thing; the first match wins, most specific first. Sizes are returned in MiB. Every line of every
 * text file passes through here, so the tests are plain substring tests and a regex only extracts.
 */
final class LogClassifier {
  /** What a line says, with the sizes and the requested share of GPU memory it states. */
  record Classified(LogSignalKind kind, Double triedMiB, Double totalMiB, Double freeMiB, Double requestedUtilization,
      Double processMiB) {
    Classified(LogSignalKind kind, Double triedMiB, Double totalMiB, Double freeMiB, Double requestedUtilization) {
      this(kind, triedMiB, totalMiB, freeMiB, requestedUtilization, null);
    }

    /** The fact of this line, logged by {@code owner} at {@code at} (null without --timestamps). */
    LogSignal signal(ContainerLogFormat.LogOwner owner, Instant at, String line, Provenance where) {
      return new LogSignal(owner.namespace(), owner.pod(), owner.container(), owner.previous(), kind, at, line,
          triedMiB, totalMiB, freeMiB, requestedUtilization, processMiB, where);
    }
  }

  private static final String SIZE = "([\\d.]+) ?([KMGT]iB)";
  // torch >= 2.1: "Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 14.57 GiB of which 1.58 GiB is free."
  private static final Pattern TRIED = Pattern.compile("Tried to allocate " + SIZE);
  private static final Pattern CAPACITY_NEW = Pattern.compile("has a total capacity of " + SIZE + " of which " + SIZE + " is free");
  // torch >= 2.1 then lists the device's processes ("Process 81034 has 30.57 GiB memory in use.", host PIDs in a
  // container, so its own may be among them) and what the failing one holds itself.
  private static final Pattern THIS_PROCESS = Pattern.compile("this process has " + SIZE + " memory in use");
  // older torch: "(GPU 0; 15.78 GiB total capacity; 14.56 GiB already allocated; 3.19 MiB free; ...)"
  private static final Pattern CAPACITY_OLD = Pattern.compile(SIZE + " total capacity;");
  private static final Pattern FREE_OLD = Pattern.compile(SIZE + " free;");
  // vLLM >= 0.9.1: "Free memory on device (6.9/8.0 GiB) on startup is less than desired GPU memory utilization (0.9, 7.2 GiB)";
  // later builds name the device: "Free memory on device cuda:0 (12.18/23.56 GiB) ...".
  private static final Pattern VLLM_FREE = Pattern.compile(
      "Free memory on device (?:\\S+ )?\\(([\\d.]+)/([\\d.]+) GiB\\) on startup is less than desired GPU memory utilization"
          + "(?: \\(([\\d.]+), ?[\\d.]+ GiB\\))?");
  // llama.cpp/ggml: "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 144.00 MiB on device 4: cudaMalloc failed: out of memory".
  private static final Pattern GGML_ALLOCATING = Pattern.compile("allocating " + SIZE + " on device \\d+");
  // containerd's CRI plugin (1.x and 2.x): no runtime for "nvidia" is configured; a pasted event may escape the quotes.
  private static final Pattern NO_NVIDIA_RUNTIME = Pattern.compile("no runtime for \\\\?\"nvidia[\\w.-]*\\\\?\" is configured");
  // Docker's CRI (dockershim in the kubelet up to 1.23, cri-dockerd since) runs no RuntimeClass handler at all:
  // RuntimeHandler "nvidia" not supported.
  private static final Pattern DOCKER_NO_NVIDIA_HANDLER = Pattern.compile("RuntimeHandler \\\\?\"nvidia[\\w.-]*\\\\?\" not supported");
  private static final Pattern TGI_SIGBUS = Pattern.compile("(?:Shard|Download) process was signaled to shutdown with signal 7\\b");
  private static final Pattern NCCL_SHM_EXTEND = Pattern.compile("NCCL WARN Error: failed to extend \\S*nccl-\\S+ to \\d+ bytes");
  // `ls -l /dev/shm`: a row of a segment NCCL created there (shmutils' mkstemp template nccl-XXXXXX).
  private static final Pattern NCCL_SEGMENT_ROW = Pattern.compile(
      "^\\s*[-l][-rwxsStT]{9}[.+@]?\\s+\\d+\\s+\\S+\\s+\\S+\\s+[\\d.,]+[KMGT]?\\s+\\w{3}\\s+\\d{1,2}\\s+(?:\\d{1,2}:\\d{2}|\\d{4})\\s+(?:/dev/shm/)?nccl-[A-Za-z0-9]{6}\\s*$");
  private static final Pattern TGI_SIGKILL = Pattern.compile("(?:Shard|Download) process was signaled to shutdown with signal 9\\b");
  private static final Pattern NO_GPU_BLOCKS = Pattern.compile("# (?:GPU|cuda) blocks: 0,");
  // HAMi-core (vGPU shim) allocator check: "Device 0 OOM 3171158016 / 3145728000" (bytes after the allocation / limit).
  private static final Pattern HAMI_OOM = Pattern.compile("HAMI-core ERROR[^\\]]*\\]: Device \\d+ OOM (\\d+) / (\\d+)");
  // The CUDA runtime's soname carries its major: a build for CUDA 13 looks for libcudart.so.13.
  private static final Pattern CUDART_MISSING = Pattern.compile("libcudart\\.so\\.\\d+(?:\\.\\d+)*: cannot open shared object file");
  // k8s-device-plugin (server.go, all versions): "'%s' device marked unhealthy: %s" with the resource name.
  private static final Pattern MARKED_UNHEALTHY = Pattern.compile("'[a-z0-9.-]+/[a-z0-9.-]+' device marked unhealthy: ");

  private LogClassifier() {}

  static Classified classify(String line) {
    Classified memory = memory(line);
    if (memory != null) return memory;
    if (modelDownloadFailed(line)) return kind(LogSignalKind.MODEL_DOWNLOAD_FAILED);
    if (line.contains("Model architectures [") && line.contains("are not supported for now")
        || line.contains("but Transformers does not recognize this architecture")) {
      return kind(LogSignalKind.MODEL_ARCHITECTURE_UNSUPPORTED);
    }
    LogSignalKind licence = gridLicence(line);
    if (licence != null) return kind(licence);
    LogSignalKind stack = gpuStack(line, line.toLowerCase(Locale.ROOT));
    if (stack != null) return kind(stack);
    if (ncclFailed(line)) return kind(LogSignalKind.NCCL_COLLECTIVE_FAILED);
    if (glooLoopback(line)) return kind(LogSignalKind.GLOO_LOOPBACK_FALLBACK);
    if (line.contains("nccl-") && NCCL_SEGMENT_ROW.matcher(line).find()) return kind(LogSignalKind.NCCL_SHM_SEGMENT_LISTED);
    if (line.contains("UVA is not available")) return kind(LogSignalKind.VLLM_UVA_UNAVAILABLE);
    if (line.contains("Using 'pin_memory=False' as WSL is detected")) return kind(LogSignalKind.VLLM_WSL_DETECTED);
    if (line.contains("[Errno 13] Permission denied: '") || line.contains("[Errno 30] Read-only file system: '")
        || nimCacheNotWritable(line)) {
      return kind(LogSignalKind.FILESYSTEM_NOT_WRITABLE);
    }
    if (line.contains("Capturing ") && (line.contains("Capturing cudagraphs") || line.contains("Capturing CUDA graph")
        || line.contains("Capturing the model for CUDA graphs"))) {
      return kind(LogSignalKind.VLLM_CUDA_GRAPH_CAPTURE);
    }
    return ServerListenAddress.of(line) != null ? kind(LogSignalKind.SERVER_LISTENING) : null;
  }

  /**
   * NVIDIA NIM's cache check ({@code nim-llm-check-cache-env}) before it downloads: {@code RuntimeError: Unable to write
   * to NIM_CACHE_PATH (/mnt/models/cache)}. The traceback's own source line ({@code raise RuntimeError(f"Unable to
   * write to NIM_CACHE_PATH ({cache_path})")}) names no path and is not the error.
   */
  private static boolean nimCacheNotWritable(String line) {
    int at = line.indexOf("Unable to write to NIM_CACHE_PATH (");
    return at >= 0 && !line.startsWith("{", at + "Unable to write to NIM_CACHE_PATH (".length());
  }

  /** cudaGetErrorString of the faults a kernel of the process raises itself (700, 710, 715, 716, 719). */
  private static final String[] CUDA_FAULTS = {
    "an illegal memory access was encountered", "device-side assert triggered", "an illegal instruction was encountered",
    "misaligned address", "unspecified launch failure"};

  /** The same errors by their runtime and driver API names. */
  private static final String[] CUDA_FAULT_NAMES = {
    "cudaErrorIllegalAddress", "CUDA_ERROR_ILLEGAL_ADDRESS", "cudaErrorAssert", "CUDA_ERROR_ASSERT",
    "cudaErrorIllegalInstruction", "CUDA_ERROR_ILLEGAL_INSTRUCTION", "cudaErrorMisalignedAddress",
    "CUDA_ERROR_MISALIGNED_ADDRESS", "cudaErrorLaunchFailure", "CUDA_ERROR_LAUNCH_FAILED"};

  /** {@link LogSignalKind#CUDA_APPLICATION_FAULT}: CUDA says a kernel of the process faulted. */
  private static boolean cudaApplicationFault(String line, String lower) {
    if (!lower.contains("cuda")) return false;
    for (String fault : CUDA_FAULTS) {
      if (line.contains(fault)) return true;
    }
    for (String name : CUDA_FAULT_NAMES) {
      if (line.contains(name)) return true;
    }
    return false;
  }

  /** NCCL's result strings ({@code ncclGetErrorString}), as PyTorch, vLLM and torch.cuda.nccl put them after "NCCL error". */
  private static final String[] NCCL_RESULTS = {
    "unhandled cuda error", "unhandled system error", "internal error", "invalid argument", "invalid usage",
    "remote process exited or there was a network error"};

  /** PyTorch's reading of an NCCL result, the line after its "NCCL error in:". */
  private static final String[] NCCL_RESULT_NAMES = {
    "ncclUnhandledCudaError: ", "ncclSystemError: ", "ncclInternalError: ", "ncclInvalidArgument: ", "ncclInvalidUsage: ",
    "ncclRemoteError: "};

  /** {@link LogSignalKind#NCCL_COLLECTIVE_FAILED}: a collective timed out, NCCL returned an error, or NCCL said why. */
  private static boolean ncclFailed(String line) {
    if (line.contains("collective operation timeout: WorkNCCL(")) return true;
    if (line.contains("NCCL error") || line.contains("NCCL Error")) {
      for (String result : NCCL_RESULTS) {
        if (line.contains(result)) return true;
      }
      return false;
    }
    if (line.contains("nccl")) {
      for (String name : NCCL_RESULT_NAMES) {
        if (line.contains(name)) return true;
      }
    }
    return line.contains("Duplicate GPU detected : rank")
        || line.contains("Bootstrap : no socket interface found")
        || line.contains("peer access is not supported between these two devices")
        // PyTorch's heartbeat monitor over the NCCL watchdog (2.2 on): the watchdog itself hung in a collective.
        || line.contains("ProcessGroupNCCL's watchdog got stuck for ")
        || line.contains("Heartbeat monitor timed out!") && line.contains("ProcessGroupNCCL")
        // torch's Gloo group, the CPU side of the same distributed init (vLLM and SGLang create one beside NCCL's):
        // ProcessGroupGloo "Gloo connectFullMesh failed with <gloo's error>", whose tcp pair says "timed out
        // connecting: SO_ERROR: Connection refused, remote=[127.0.0.1]:port" (a line of its own when wrapped).
        || line.contains("Gloo connectFullMesh failed")
        || line.contains("timed out connecting: ") && line.contains("remote=[");
  }

  /**
   * {@link LogSignalKind#GLOO_LOOPBACK_FALLBACK}: torch's ProcessGroupGloo could not resolve the host name to a local
   * address and binds loopback (TORCH_WARN_ONCE in createDefaultDevice).
   */
  private static boolean glooLoopback(String line) {
    return line.contains("Unable to resolve hostname to a (local) address")
        || line.contains("Using the loopback address as fallback");
  }

  /** The allocator, KV-cache and start-up memory wordings. */
  private static Classified memory(String line) {
    if (line.contains("CUDA out of memory")) {
      Double tried = size(TRIED.matcher(line), 1);
      Matcher cap = CAPACITY_NEW.matcher(line);
      if (cap.find()) {
        return new Classified(LogSignalKind.CUDA_OOM, tried, mib(cap.group(1), cap.group(2)), mib(cap.group(3), cap.group(4)), null,
            size(THIS_PROCESS.matcher(line), 1));
      }
      return new Classified(LogSignalKind.CUDA_OOM, tried, size(CAPACITY_OLD.matcher(line), 1), size(FREE_OLD.matcher(line), 1), null);
    }
    // PyTorch's caching allocator when the device refuses (torch >= 2.1): "Allocation on device 0 would exceed allowed memory. (out of memory)"
    if (line.contains("would exceed allowed memory. (out of memory)")) return kind(LogSignalKind.CUDA_OOM);
    if (line.contains("CUDA error: out of memory")) return kind(LogSignalKind.CUDA_ERROR_OOM);
    if (cudaMallocOom(line)) return new Classified(LogSignalKind.CUDA_MALLOC_OOM, size(GGML_ALLOCATING.matcher(line), 1), null, null, null);
    if (line.contains("HAMI-core ERROR") && line.contains(" OOM ")) {
      Matcher hami = HAMI_OOM.matcher(line);
      if (hami.find()) return new Classified(LogSignalKind.VGPU_LIMIT_OOM, null, bytesToMib(hami.group(2)), null, null);
    }
    if (line.contains("No available memory for the cache blocks") || noKvCacheLeft(line)) return kind(LogSignalKind.VLLM_NO_CACHE_BLOCKS);
    if (line.contains("is larger than the maximum number of tokens that can be stored in KV cache")
        || line.contains("To serve at least one request with the models's max seq len")
        || line.contains("To serve at least one request with the model's max seq len")) {
      return kind(LogSignalKind.VLLM_KV_CACHE_TOO_SMALL);
    }
    if (line.contains("to less than max local gpu count") || line.contains("is less than than max local gpu count")
        || line.contains("The number of required GPUs exceeds the total number of available GPUs")
        || line.contains("must be divisible by tensor parallel size")) {
      return kind(LogSignalKind.VLLM_PARALLELISM_MISMATCH);
    }
    if (line.contains("Free memory on device")) {
      Matcher free = VLLM_FREE.matcher(line);
      if (free.find()) {
        return new Classified(LogSignalKind.VLLM_FREE_MEMORY_BELOW_UTILIZATION, null,
            mib(free.group(2), "GiB"), mib(free.group(1), "GiB"), free.group(3) == null ? null : number(free.group(3)));
      }
    }
    if (line.contains("not runnable due to low free GPU memory")) return kind(LogSignalKind.NIM_PROFILE_LOW_FREE_MEMORY);
    if (line.contains("Could not find a profile that is currently runnable")) return kind(LogSignalKind.NIM_NO_RUNNABLE_PROFILE);
    if (line.contains("Free GPUs: <None>")) return kind(LogSignalKind.NIM_NO_FREE_GPU);
    // vLLM 0.6-0.10 worker memory profiling (the assertion's second sentence changed across versions).
    if (line.contains("Error in memory profiling. Initial free memory")) return kind(LogSignalKind.VLLM_MEMORY_PROFILING_CHANGED);
    // TGI launcher: "{Shard,Download} process was signaled to shutdown with signal 9" (9 only: 7 is SIGBUS, shared memory).
    if (line.contains("process was signaled to shutdown with signal 9") && TGI_SIGKILL.matcher(line).find()) {
      return kind(LogSignalKind.TGI_PROCESS_SIGKILLED);
    }
    if (line.contains("Not enough memory to handle") && line.contains("prefill tokens")) {
      return kind(LogSignalKind.TGI_PREFILL_TOKENS_TOO_MANY);
    }
    if (sharedMemoryExhausted(line)) return kind(LogSignalKind.SHARED_MEMORY_EXHAUSTED);
    return null;
  }

  /**
   * vLLM's own profiling says no KV cache is left, the lines before its "No available memory for the cache blocks"
   * (often all a pasted log keeps): V0 0.6-0.7 {@code the rest of the memory reserved for KV Cache is -1.05GiB.} and
   * {@code # cuda blocks: 0, # CPU blocks: 4681} ({@code # GPU blocks: 0} in earlier builds), V1 {@code Available KV
   * cache memory: -1.37 GiB}. A positive amount or a non-zero block count is the normal start-up line.
   */
  private static boolean noKvCacheLeft(String line) {
    return line.contains("reserved for KV Cache is -") || line.contains("Available KV cache memory: -")
        || NO_GPU_BLOCKS.matcher(line).find();
  }

  /** {@link LogSignalKind#SHARED_MEMORY_EXHAUSTED}: NCCL, PyTorch, Ray and TGI run out of the container's /dev/shm. */
  private static boolean sharedMemoryExhausted(String line) {
    if (line.contains("NCCL WARN")) {
      return line.contains("failed to extend") && NCCL_SHM_EXTEND.matcher(line).find()
          || line.contains("Call to posix_fallocate failed") && line.contains("No space left on device")
          || line.contains("Error while creating shared memory segment");
    }
    // NCCL's own wording without its WARN prefix: the "Last error:" NCCL 2.19 on appends to ncclSystemError (and
    // PyTorch's DistBackendError) quotes it alone on the next line.
    return line.contains("Error while creating shared memory segment /dev/shm/")
        || line.contains("failed to extend /dev/shm/nccl-")
        || line.contains("This might be caused by insufficient shared memory (shm)")
        || line.contains("is killed by signal: Bus error")
        || line.contains("unable to write to file </torch_") && line.contains("No space left on device")
        || line.contains("System memory request exceeds memory available in /dev/shm")
        || line.contains("No space left on device") && line.contains("/dev/shm")
        || line.contains("signaled to shutdown with signal 7") && TGI_SIGBUS.matcher(line).find();
  }

  /**
   * {@link LogSignalKind#MODEL_DOWNLOAD_FAILED}: huggingface_hub's and transformers' errors, whatever the endpoint
   * (HF_ENDPOINT may name a mirror); requests' connection error only for the Hub's own host.
   */
  private static boolean modelDownloadFailed(String line) {
    return line.contains("Cannot access gated repo for url")
        || line.contains("You are trying to access a gated repo")
        || line.contains("Access to model ") && line.contains(" is restricted")
        || line.contains("is awaiting a review from the repo authors")
        || line.contains("Invalid credentials in Authorization header")
        || line.contains("Repository Not Found for url:")
        || line.contains("is not a local folder and is not a valid model identifier")
        || line.contains("Invalid repository ID or local directory specified")
        // Python's OSError and hf-xet's (Rust) IO error when the disk the download writes to is full.
        || line.contains("No space left on device") && (line.contains("[Errno 28]") || line.contains("(os error 28)"))
        || line.contains("We couldn't connect to '") && line.contains("to load this file")
        || line.contains("An error happened while trying to locate the file on the Hub")
        || line.contains("HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded")
        // huggingface_hub's warning before it writes a file the disk cannot hold.
        || line.contains("Not enough free disk space to download the file")
        || hubHttpError(line)
        || corruptWeights(line);
  }

  /**
   * requests' HTTPError as huggingface_hub raises it for a refused call: {@code 401 Client Error: Unauthorized for url:
   * https://huggingface.co/api/models/...} (no token, or a wrong one, for a gated or private model) and {@code 429
   * Client Error: Too Many Requests for url: ...} (the Hub's rate limit), for the Hub's API or file URLs; reqwest's
   * {@code HTTP status client error (429 Too Many Requests) for url (...)} the same from a Rust loader.
   */
  private static boolean hubHttpError(String line) {
    return (line.contains("401 Client Error: Unauthorized for url: ") || line.contains("429 Client Error: Too Many Requests for url: ")
        // Rust's reqwest, as Rust loaders of the Hub (hf-hub, ModelExpress) relay it.
        || line.contains("HTTP status client error (401 Unauthorized) for url (")
        || line.contains("HTTP status client error (429 Too Many Requests) for url ("))
        && (line.contains("huggingface.co") || line.contains("/api/models/") || line.contains("/resolve/"));
  }

  /**
   * A weights file that is not whole: safetensors' header errors ({@code HeaderTooLarge}, 0.6's {@code header too
   * large}, {@code MetadataIncompleteBuffer}, {@code incomplete metadata, file not fully covered}) and PyTorch's reader
   * of a cut {@code .bin} ({@code PytorchStreamReader failed reading zip archive: failed finding central directory}).
   */
  static boolean corruptWeights(String line) {
    return line.contains("Error while deserializing header: ") && (line.contains("HeaderTooLarge")
        || line.contains("header too large") || line.contains("MetadataIncompleteBuffer")
        || line.contains("incomplete metadata, file not fully covered"))
        || line.contains("PytorchStreamReader failed reading zip archive");
  }

  /**
   * A device allocation made through the CUDA API failed for memory: ggml's {@code cudaMalloc failed: out of memory}
   * (llama.cpp, Ollama's runner, llama-cpp-python; also its HIP build, which keeps the CUDA names), TensorRT-LLM's
   * {@code CUDA runtime error in ::cudaMalloc...(...): out of memory}, ONNX Runtime's {@code CUDA failure 2: out of
   * memory} (2 is cudaErrorMemoryAllocation), and the error's names in the runtime and driver APIs. Pinned host
   * memory ({@code cudaMallocHost}, {@code cudaHostAlloc}) is host RAM; ggml's {@code ggml_cuda_host_malloc} names
   * no CUDA call at all. llama.cpp's loader and graph allocator name the device buffer they could not get:
   * {@code error loading model: unable to allocate CUDA0 buffer}, {@code failed to allocate CUDA0 buffer of size N}
   * (Ollama relays the first as {@code llama runner process has terminated: ...}).
   */
  private static final Pattern GGML_DEVICE_BUFFER = Pattern.compile("(?:unable|failed) to allocate CUDA\\d+ buffer");

  private static boolean cudaMallocOom(String line) {
    if (line.contains("cudaMallocHost") || line.contains("cudaHostAlloc")) return false;
    return (line.contains("cudaMalloc") && line.contains("out of memory"))
        || line.contains("CUDA failure 2: out of memory")
        // cuBLAS could not allocate its handle's workspace on the device (PyTorch's first matmul on a full GPU)
        || line.contains("CUBLAS_STATUS_ALLOC_FAILED")
        // NCCL's CUDACHECK: "Cuda failure 'out of memory'" (2.19 on: "Cuda failure 2 'out of memory'")
        || line.contains("Cuda failure") && line.contains("'out of memory'")
        || line.contains("cudaErrorMemoryAllocation") || line.contains("CUDA_ERROR_OUT_OF_MEMORY")
        || line.contains("allocate CUDA") && GGML_DEVICE_BUFFER.matcher(line).find();
  }

  /**
   * The runtime's own statement that the GPU's compute capability cannot run the dtype, attention kernel or
   * quantization asked for (too old: bfloat16, FlashAttention 2 and Marlin need 8.0, FP8 8.9), or that its build
   * carries no kernels for the GPU's architecture (too new, or too old, for the wheel). vLLM's INFO "Cannot use
   * FlashAttention-2 backend for Volta and Turing GPUs." is a fallback it takes, not a failure. flashinfer's
   * "Could not find nvcc and default cuda_home='/usr/local/cuda' doesn't exist" is its JIT build of kernels its wheel
   * lacks for the GPU, in an image without a CUDA compiler: most often an older GPU (V100, T4) the runtime dropped.
   */
  private static boolean gpuArchUnsupported(String line, String lower) {
    return line.contains("is only supported on GPUs with compute capability of at least")
        || lower.contains("gpus with compute capability below") && lower.contains("are not supported")
        || line.contains("is not supported for the current GPU. Minimum capability:")
        || line.contains("is not supported for Flash Attention V2") && line.contains("CUDA capability")
        // TGI before 1.0: "Could not import Flash Attention enabled models: GPU with CUDA capability 7 0 is not supported"
        || line.contains("GPU with CUDA capability") && line.contains("is not supported")
        || line.contains("FlashAttention only supports Ampere GPUs or newer")
        || line.contains("not supported in this architecture") && line.contains("fp8")
        || lower.contains("no kernel image is available for execution on the device")
        || line.contains("cudaErrorNoKernelImageForDevice") || line.contains("CUDA_ERROR_NO_BINARY_FOR_GPU")
        || line.contains("is not compatible with the current PyTorch installation") && line.contains("CUDA capability sm_")
        // flashinfer JIT-compiles the kernels its wheel does not ship for the GPU (vLLM images carry no nvcc).
        || line.contains("Could not find nvcc and default cuda_home");
  }

  /**
   * {@link LogSignalKind#CUDA_INIT_FAILED}: CUDA error 3 ({@code initialization error}) as CUDA's own programs, PyTorch
   * and NCCL print it, or by its API names. The bare words are the container hook's too ({@code nvidia-container-cli:
   * initialization error: ...}, classified before this), so only CUDA's framings count.
   */
  private static boolean cudaInitFailed(String line) {
    return line.contains("(error code initialization error)")
        || line.contains("CUDA error: initialization error") || line.contains("CUDA driver error: initialization error")
        || line.contains("Cuda failure") && line.contains("'initialization error'")
        || line.contains("cudaErrorInitializationError") || line.contains("CUDA_ERROR_NOT_INITIALIZED");
  }

  /** {@link LogSignalKind#DEVICE_PLUGIN_START_FAILED}: k8s-device-plugin's and GFD's fatal start-up errors. */
  private static boolean devicePluginStartFailed(String line, String lower) {
    return line.contains("error starting plugins: ")
        || line.contains("unable to load config: ") && (line.contains("config file") || line.contains("PluginCommandLineFlags")
            || line.contains("sharing") || line.contains("timeSlicing") || line.contains("deviceListStrategy"))
        || line.contains("create FS watcher for /var/lib/kubelet/device-plugins")
        || migStrategyInvalid(lower);
  }

  /**
   * The MIG strategy does not fit the node's MIG layout, in the words of every version: k8s-device-plugin's
   * migStrategySingle up to 0.11 panics ({@code panic: More than one MIG device type present on node}, {@code No MIG
   * devices present on node}, {@code Unsupported MIG device found: mig-...}), later ones return the device map's
   * errors ({@code more than one MIG device type present on node}, {@code all devices on the node must be configured
   * with the same migEnabled value}, {@code At least one device with migEnabled=true was not configured correctly}),
   * usually inside {@code error starting plugins: ...}; GPU feature discovery returned the same errors in its early
   * versions and later warns {@code Invalid configuration detected for mig-strategy=single: ...} (its labels then say MIG-INVALID
   * and a count of 0). {@code lower} is the line in lower case.
   */
  private static boolean migStrategyInvalid(String lower) {
    if (!lower.contains("mig")) return false;
    return lower.contains("more than one mig device type present on node")
        || lower.contains("no mig devices present on node")
        || lower.contains("unsupported mig device found")
        || lower.contains("invalid configuration detected for mig-strategy=")
        || lower.contains("all devices on the node must be configured with the same migenabled value")
        || lower.contains("at least one device with migenabled=true was not configured correctly");
  }

  /** The driver, container runtime, device plugin and exporter wordings; {@code lower} is the line in lower case. */
  private static LogSignalKind gpuStack(String line, String lower) {
    // Before the hook's initialization error: "initialization error: nvml error: driver/library version mismatch" is a mismatch.
    if (lower.contains("driver/library version mismatch")) return LogSignalKind.DRIVER_LIBRARY_MISMATCH;
    if (lower.contains("nvidia-container-cli: requirement error")) return LogSignalKind.CONTAINER_CLI_REQUIREMENT;
    if (ContainerHookError.in(line)) return LogSignalKind.CONTAINER_HOOK_ERROR;
    if (line.contains("no runtime for ") && NO_NVIDIA_RUNTIME.matcher(line).find()
        || line.contains("RuntimeHandler ") && DOCKER_NO_NVIDIA_HANDLER.matcher(line).find()) {
      return LogSignalKind.NVIDIA_RUNTIME_NOT_CONFIGURED;
    }
    if (driverInstallFailed(line)) return LogSignalKind.DRIVER_INSTALL_FAILED;
    if (line.contains("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver")) {
      return LogSignalKind.NVIDIA_SMI_NO_DRIVER;
    }
    if (lower.contains("cuda driver version is insufficient") || line.contains("cudaErrorInsufficientDriver")
        || line.contains("CUDA_ERROR_INSUFFICIENT_DRIVER")
        // CUDA error 222: kernels built by a newer toolkit than the node's driver can JIT (Triton, TensorRT, PyTorch)
        || line.contains("the provided PTX was compiled with an unsupported toolchain")
        || line.contains("cudaErrorUnsupportedPtxVersion") || line.contains("CUDA_ERROR_UNSUPPORTED_PTX_VERSION")) {
      return LogSignalKind.CUDA_DRIVER_INSUFFICIENT;
    }
    if (line.contains("The NVIDIA driver on your system is too old")) return LogSignalKind.DRIVER_TOO_OLD;
    if (lower.contains("unsupported display driver / cuda driver combination") || line.contains("cudaErrorSystemDriverMismatch")
        || line.contains("CUDA_ERROR_SYSTEM_DRIVER_MISMATCH")
        || lower.contains("forward compatibility was attempted on non supported hw")
        || line.contains("cudaErrorCompatNotSupportedOnDevice") || line.contains("CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE")) {
      return LogSignalKind.CUDA_COMPAT_MISMATCH;
    }
    if (gpuArchUnsupported(line, lower)) return LogSignalKind.GPU_ARCH_UNSUPPORTED;
    if (lower.contains("system not yet initialized") || line.contains("cudaErrorSystemNotReady")
        || line.contains("CUDA_ERROR_SYSTEM_NOT_READY")) {
      return LogSignalKind.CUDA_SYSTEM_NOT_READY;
    }
    if (cudaInitFailed(line)) return LogSignalKind.CUDA_INIT_FAILED;
    if (line.contains("libcudart.so.") && CUDART_MISSING.matcher(line).find()) return LogSignalKind.CUDA_RUNTIME_LIBRARY_MISSING;
    if (line.contains("GPU is lost") || line.contains("GPU_IS_LOST")) return LogSignalKind.GPU_LOST;
    if (line.contains("uncorrectable ECC error encountered") || line.contains("cudaErrorECCUncorrectable")
        || line.contains("CUDA_ERROR_ECC_UNCORRECTABLE") || line.contains("uncorrectable NVLink error detected")
        || line.contains("cudaErrorNvlinkUncorrectable") || line.contains("CUDA_ERROR_NVLINK_UNCORRECTABLE")) {
      return LogSignalKind.CUDA_UNCORRECTABLE_ERROR;
    }
    if (cudaApplicationFault(line, lower)) return LogSignalKind.CUDA_APPLICATION_FAULT;
    // NVML's library is not in the container (device plugin, GPU feature discovery). go-nvml names the return code
    // (ERROR_LIBRARY_NOT_FOUND); the older bindings said "could not load NVML library", which newer plugins repeat in
    // their "NVML not detected: could not load NVML library: libnvidia-ml.so.1: ..." warning.
    if ((lower.contains("failed to initialize nvml") || lower.contains("nvml not detected") || lower.contains("failed to start nvml"))
        && (line.contains("ERROR_LIBRARY_NOT_FOUND") || lower.contains("could not load nvml library"))) {
      return LogSignalKind.DEVICE_PLUGIN_NO_DEVICES;
    }
    if (dcgmExporterFailed(line, lower)) return LogSignalKind.DCGM_EXPORTER_FAILED;
    if (devicePluginStartFailed(line, lower)) return LogSignalKind.DEVICE_PLUGIN_START_FAILED;
    if (lower.contains("failed to initialize nvml")) return LogSignalKind.NVML_INIT_FAILED;
    if (line.contains("No CUDA GPUs are available") || line.contains("Found no NVIDIA driver on your system")
        || lower.contains("no cuda-capable device is detected") || line.contains("cudaErrorNoDevice")
        || line.contains("CUDA_ERROR_NO_DEVICE") || line.contains("libcuda.so.1: cannot open shared object file")
        // vLLM's DEBUG reason when NVML loaded (the driver's library is in the container) and counts no GPU.
        || line.contains("CUDA platform is not available because no GPU is found")
        // Ollama's discovery found no GPU it can use, and serves on the CPU.
        || line.contains("msg=\"no compatible GPUs were discovered\"")
        // Ollama's compute line names the CPU only when it kept no GPU (one line per GPU otherwise): "id=0 library=cpu"
        // before 0.12, "id=cpu library=cpu" since.
        || line.contains("msg=\"inference compute\"") && line.contains(" library=cpu ")
        // The start-up banner of NVIDIA's NGC images (Triton, PyTorch, NeMo, TensorRT-LLM): no driver in the container.
        || line.contains("The NVIDIA Driver was not detected.")
        || ortDeviceCountFailed(line, lower)) {
      return LogSignalKind.NO_GPU_IN_CONTAINER;
    }
    LogSignalKind vllm = vllmPlatform(line);
    if (vllm != null) return vllm;
    if ((line.contains("device marked unhealthy: ") && MARKED_UNHEALTHY.matcher(line).find())
        || line.contains("marking all devices as unhealthy")) {
      return LogSignalKind.DEVICE_MARKED_UNHEALTHY;
    }
    if (line.contains("Detected NVML platform: found NVML")) return LogSignalKind.DEVICE_PLUGIN_NVML_FOUND;
    // The plugin's hint after NVML failed: "did you set the docker default runtime to `nvidia`?" in older
    // plugins, "did you configure the NVIDIA Container Toolkit?" in newer ones.
    if (line.contains("No devices found. Waiting indefinitely") || line.contains("Incompatible strategy detected")
        || line.contains("If this is a GPU node, did you configure the NVIDIA Container Toolkit?")
        || line.contains("If this is a GPU node, did you set the docker default runtime to")) {
      return LogSignalKind.DEVICE_PLUGIN_NO_DEVICES;
    }
    return null;
  }

  /** nvidia-smi -q's licence line of a vGPU (NVML's unlicensed states: Unlicensed, Unlicensed (Unrestricted), (Restricted)). */
  private static final Pattern UNLICENSED_STATUS = Pattern.compile("^\\s*License Status\\s*:\\s*Unlicensed\\b");

  /**
   * The node's vGPU (GRID) driver holds no license ({@link LogSignalKind#GRID_UNLICENSED}: nvidia-smi -q's {@code License
   * Status : Unlicensed...}, nvidia-gridd's {@code Valid GRID license not found} and {@code Failed to acquire license}),
   * or CUDA refuses the GPU for it (error 102, {@link LogSignalKind#CUDA_DEVICE_NOT_LICENSED}). {@code Licensed
   * (Expiry: ...)} and gridd's {@code License acquired successfully} are the healthy states.
   */
  private static LogSignalKind gridLicence(String line) {
    if (line.contains("License Status") && UNLICENSED_STATUS.matcher(line).find()) return LogSignalKind.GRID_UNLICENSED;
    // gridd's own sentence; its "Failed to acquire ..." is generic enough to need the daemon's name beside it.
    if (line.contains("Valid GRID license not found") || line.contains("nvidia-gridd")
        && (line.contains("Failed to acquire license") || line.contains("Failed to acquire NVIDIA"))) {
      return LogSignalKind.GRID_UNLICENSED;
    }
    if (line.contains("doesn't have valid Grid license") || line.contains("cudaErrorDeviceNotLicensed")
        || line.contains("CUDA_ERROR_DEVICE_NOT_LICENSED")) {
      return LogSignalKind.CUDA_DEVICE_NOT_LICENSED;
    }
    return null;
  }

  /**
   * The NVIDIA kernel module could not be built or loaded for the node's kernel: the GPU Operator driver container's
   * {@code Could not resolve Linux kernel version}, the kernel build's {@code modpost: GPL-incompatible module nvidia.ko
   * uses GPL-only symbol}, nvidia-installer's {@code An error occurred while performing the step: "Building kernel
   * modules"} and {@code Unable to load the kernel module 'nvidia.ko'}, modprobe's {@code could not insert 'nvidia'}
   * (also {@code nvidia_uvm}, {@code nvidia_modeset}).
   */
  private static boolean driverInstallFailed(String line) {
    return line.contains("Could not resolve Linux kernel version")
        || (line.contains("GPL-incompatible module nvidia") && line.contains("uses GPL-only symbol"))
        || line.contains("An error occurred while performing the step: \"Building kernel modules\"")
        || line.contains("Unable to load the kernel module 'nvidia")
        || line.contains("could not insert 'nvidia");
  }

  /**
   * The DCGM exporter could not start its host engine, watch its fields or keep its connection. The watch
   * error is DCGM's own ({@code dcgmWatchFields}) wrapped by go-dcgm: {@code Error watching fields: ...} up to
   * 3.x, {@code error watching fields: ...} from 4.x; the exporter logs it as {@code level=fatal msg="Failed to
   * watch metrics: Error watching fields: ..."} (2.1+, logrus), {@code level=fatal msg="Error watching fields: ..."}
   * (2.0.x), {@code level=ERROR msg="Failed to watch DCGM fields" ... error="error watching fields: ..."} and
   * {@code msg="DCGM collector for entity type 'GPU' cannot be initialized; err: ..."} (4.x, slog). DCGM's reasons
   * vary (a module not loaded, the profiling module failing, a host engine not run as root); that the watch failed
   * is the exporter's failure. Its {@code Not collecting DCP metrics: ...} (2.1.2+) is a skip, not a failure.
   */
  private static boolean dcgmExporterFailed(String line, String lower) {
    return line.contains("Error starting nv-hostengine") || lower.contains("error watching fields")
        || line.contains("Failed to watch DCGM fields") || line.contains("Host engine connection invalid")
        || (line.contains("DCGM collector for entity type") && line.contains("cannot be initialized"));
  }

  /**
   * ONNX Runtime's CUDA and TensorRT providers check {@code device_id} against {@code cudaGetDeviceCount}
   * (provider_options_utils.h, ORT 1.10 on): {@code Failed to parse provider option "device_id": CUDA failure 100:
   * no CUDA-capable device is detected}, often quoted cut after its first words. An id out of range
   * ({@code Invalid device ID: 2, must be between 0 (inclusive) and 1 (exclusive)}) is the caller's, and the
   * ROCm/MIGraphX providers count HIP devices, not NVIDIA ones.
   */
  private static boolean ortDeviceCountFailed(String line, String lower) {
    return line.contains("Failed to parse provider option \"device_id\"") && !line.contains("Invalid device ID")
        && !lower.contains("hip") && !lower.contains("migraphx") && !lower.contains("rocm");
  }

  /**
   * Which platform vLLM runs on (vllm/platforms/__init__.py, 0.7 on; INFO up to 0.10, DEBUG after).
   * None: {@code No platform detected, vLLM is running on UnspecifiedPlatform}; its DEBUG reason
   * {@code CUDA platform is not available because: NVML Shared Library Not Found} (no NVIDIA driver library in
   * the container; {@code ... because no GPU is found.} is a CUDA build seeing no GPU, and {@code ... because vLLM
   * is built with CPU.} a CPU build that then names its platform); what an
   * unspecified platform raises later, {@code RuntimeError: Failed to infer device type} (DeviceConfig) and
   * PyTorch's {@code Device string must not be empty}. One: {@code Automatically detected platform cuda.}, or an
   * out-of-tree plugin's {@code Platform plugin ascend is activated}. {@code The vLLM package was not found, so
   * its version could not be inspected} says the detection may fail for a reason of its own.
   */
  private static LogSignalKind vllmPlatform(String line) {
    if (line.contains("No platform detected, vLLM is running on UnspecifiedPlatform")
        || line.contains("CUDA platform is not available because: ")
        || line.contains("Failed to infer device type") || line.contains("Device string must not be empty")) {
      return LogSignalKind.VLLM_NO_PLATFORM;
    }
    if (line.contains("Automatically detected platform ")
        || (line.contains("Platform plugin ") && line.contains(" is activated"))) {
      return LogSignalKind.VLLM_PLATFORM_DETECTED;
    }
    if (line.contains("The vLLM package was not found, so its version could not be inspected")) {
      return LogSignalKind.VLLM_VERSION_UNKNOWN;
    }
    return null;
  }

  private static Classified kind(LogSignalKind kind) {
    return new Classified(kind, null, null, null, null);
  }

  private static Double size(Matcher m, int group) {
    return m.find() ? mib(m.group(group), m.group(group + 1)) : null;
  }

  private static Double number(String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Double bytesToMib(String bytes) {
    Double b = number(bytes);
    return b == null ? null : b / (1024 * 1024);
  }

  static Double mib(String number, String unit) {
    Double v = number(number);
    if (v == null) return null;
    return switch (unit) {
      case "KiB" -> v / 1024;
      case "MiB" -> v;
      case "GiB" -> v * 1024;
      case "TiB" -> v * 1024 * 1024;
      default -> null;
    };
  }
}
