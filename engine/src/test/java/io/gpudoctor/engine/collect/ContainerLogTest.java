package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.LogSignalKind;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Container logs: attribution from the path, the kubectl timestamp, and every wording of domain 5.4/5.6. */
class ContainerLogTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      CUDA_OOM | torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 14.57 GiB of which 1.58 GiB is free. Process 2493055 has 12.02 GiB memory in use.
      CUDA_OOM | RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.78 GiB total capacity; 14.56 GiB already allocated; 3.19 MiB free; 14.74 GiB reserved in total by PyTorch)
      CUDA_ERROR_OOM | RuntimeError: CUDA error: out of memory
      VLLM_NO_CACHE_BLOCKS | ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.
      VLLM_NO_CACHE_BLOCKS | INFO 02-26 09:54:05 worker.py:267] model weights take 5.20GiB; non_torch_memory takes 0.03GiB; PyTorch activation peak memory takes 1.42GiB; the rest of the memory reserved for KV Cache is -1.05GiB.
      VLLM_NO_CACHE_BLOCKS | INFO 02-26 09:54:05 executor_base.py:111] # cuda blocks: 0, # CPU blocks: 4681
      VLLM_NO_CACHE_BLOCKS | INFO 11-18 18:07:27 distributed_gpu_executor.py:57] # GPU blocks: 0, # CPU blocks: 2048
      VLLM_NO_CACHE_BLOCKS | (EngineCore_0 pid=212) INFO 07-14 10:19:47 [gpu_worker.py:276] Available KV cache memory: -1.37 GiB
      VLLM_KV_CACHE_TOO_SMALL | ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (23824). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.
      VLLM_KV_CACHE_TOO_SMALL | ERROR 07-14 10:19:58 [core.py:390] ValueError: To serve at least one request with the models's max seq len (118000), (6.30 GiB KV cache is needed, which is larger than the available KV cache memory (6.11 GiB).
      VLLM_FREE_MEMORY_BELOW_UTILIZATION | ValueError: Free memory on device (6.9/8.0 GiB) on startup is less than desired GPU memory utilization (0.9, 7.2 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.
      VLLM_FREE_MEMORY_BELOW_UTILIZATION | ValueError: Free memory on device cuda:0 (12.18/23.56 GiB) on startup is less than desired GPU memory utilization (0.9, 21.2 GiB).
      NVML_INIT_FAILED | Failed to initialize NVML: Unknown Error
      DRIVER_LIBRARY_MISMATCH | Failed to initialize NVML: Driver/library version mismatch
      CONTAINER_CLI_REQUIREMENT | nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or use an earlier cuda container: unknown
      CUDA_DRIVER_INSUFFICIENT | RuntimeError: CUDA driver version is insufficient for CUDA runtime version
      CUDA_DRIVER_INSUFFICIENT | E0714 10:19:22.118274 1 model_lifecycle.cc:638] failed to load 'llama3' version 1: Internal: unable to create stream: the provided PTX was compiled with an unsupported toolchain.
      CUDA_DRIVER_INSUFFICIENT | RuntimeError: CUDA error: the provided PTX was compiled with an unsupported toolchain.
      CUDA_MALLOC_OOM | ggml_backend_cuda_buffer_type_alloc_buffer: allocating 2304.00 MiB on device 1: cudaMalloc failed: out of memory
      CUDA_MALLOC_OOM | [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory (/src/tensorrt_llm/runtime/tllmBuffers.h:125)
      CUDA_MALLOC_OOM | onnxruntime::CudaCall CUDA failure 2: out of memory ; GPU=0 ; hostname=embedder-5d8f9 ; expr=cudaMalloc((void**)&p, size);
      CUDA_MALLOC_OOM | cudaErrorMemoryAllocation: out of memory
      CUDA_MALLOC_OOM | RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`
      CUDA_MALLOC_OOM | llama-70b-tp2-0:212:298 [1] include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'
      CUDA_MALLOC_OOM | llama-70b-tp2-0:212:298 [1] include/alloc.h:124 NCCL WARN Cuda failure 2 'out of memory'
      CUDA_MALLOC_OOM | llama_model_load: error loading model: unable to allocate CUDA0 buffer
      MODEL_DOWNLOAD_FAILED | OSError: [Errno 28] No space left on device
      MODEL_DOWNLOAD_FAILED | RuntimeError: Data processing error: CAS service error : IO Error: No space left on device (os error 28)
      SHARED_MEMORY_EXHAUSTED | OSError: [Errno 28] No space left on device: '/dev/shm/psm_4f1c9a2e'
      MODEL_ARCHITECTURE_UNSUPPORTED | ValueError: Model architectures ['Gemma3ForConditionalGeneration'] are not supported for now. Supported architectures: dict_keys(['AquilaModel', 'AquilaForCausalLM', 'ArcticForCausalLM'])
      MODEL_ARCHITECTURE_UNSUPPORTED | ValueError: The checkpoint you are trying to load has model type `qwen3` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.
      CUDA_MALLOC_OOM | Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer
      CUDA_MALLOC_OOM | ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 3271557120
      TGI_PROCESS_SIGKILLED | 2026-07-14T10:15:52.218210Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 9 rank=0
      TGI_PROCESS_SIGKILLED | Error: Download process was signaled to shutdown with signal 9
      DEVICE_PLUGIN_NO_DEVICES | E0519 10:01:02.223480       1 main.go:132] error starting plugins: error creating plugin manager: unable to create plugin manager: failed to create NVML resource manager: failed to initialize NVML: could not load NVML library: libnvidia-ml.so.1: cannot open shared object file: No such file or directory
      DEVICE_PLUGIN_NO_DEVICES | 2021/01/28 11:24:35 Failed to initialize NVML: could not load NVML library.
      DEVICE_PLUGIN_NO_DEVICES | 2021/01/28 11:24:35 If this is a GPU node, did you set the docker default runtime to `nvidia`?
      DRIVER_INSTALL_FAILED | Could not resolve Linux kernel version
      DRIVER_INSTALL_FAILED | ERROR: modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'rcu_read_unlock_strict'
      DRIVER_INSTALL_FAILED | ERROR: An error occurred while performing the step: "Building kernel modules". See /var/log/nvidia-installer.log for details.
      DRIVER_INSTALL_FAILED | ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel module was built against the wrong or improperly configured kernel sources
      DRIVER_INSTALL_FAILED | modprobe: ERROR: could not insert 'nvidia': Key was rejected by service
      NVIDIA_RUNTIME_NOT_CONFIGURED | Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured
      NVIDIA_RUNTIME_NOT_CONFIGURED | "message": "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for \"nvidia-cdi\" is configured",
      """)
  void everyWordingIsClassified(LogSignalKind kind, String line) {
    assertThat(LogClassifier.classify(line)).isNotNull().extracting(LogClassifier.Classified::kind).isEqualTo(kind);
  }

  @Test
  void pinnedHostMemoryAndOtherRuntimeHandlersAreNotGpuFailures() {
    // ggml falls back to pageable host memory; cudaMallocHost is host RAM.
    assertThat(LogClassifier.classify("warning: failed to allocate 1900.00 MiB of pinned memory: out of memory")).isNull();
    assertThat(LogClassifier.classify("ggml_cuda_host_malloc: failed to allocate 1900.00 MiB of pinned memory: out of memory")).isNull();
    assertThat(LogClassifier.classify("cudaMallocHost failed: out of memory")).isNull();
    assertThat(LogClassifier.classify("ggml_gallocr_reserve_n: failed to allocate CPU buffer of size 3271557120")).isNull();
    // SIGBUS of a shard is shared memory (/dev/shm), not an OOM kill.
    assertThat(LogClassifier.classify("ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 7 rank=1"))
        .extracting(LogClassifier.Classified::kind).isEqualTo(LogSignalKind.SHARED_MEMORY_EXHAUSTED);
    assertThat(LogClassifier.classify("failed to get sandbox runtime: no runtime for \"kata\" is configured")).isNull();
  }

  @Test
  void ggmlsAllocationSizeIsTheTriedSize() {
    LogClassifier.Classified c = LogClassifier.classify(
        "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 2.50 GiB on device 0: cudaMalloc failed: out of memory");
    assertThat(c.kind()).isEqualTo(LogSignalKind.CUDA_MALLOC_OOM);
    assertThat(c.triedMiB()).isEqualTo(2.5 * 1024);
  }

  @Test
  void ordinaryLinesAreNotClassified() {
    assertThat(LogClassifier.classify("INFO 07-14 10:11:11 [gpu_worker.py:232] Available KV cache memory: 5.83 GiB")).isNull();
    assertThat(LogClassifier.classify("INFO 02-26 09:54:05 executor_base.py:111] # cuda blocks: 1952, # CPU blocks: 2048")).isNull();
    assertThat(LogClassifier.classify("INFO worker.py:241] ... the rest of the memory reserved for KV Cache is 3.81GiB.")).isNull();
    assertThat(LogClassifier.classify("INFO CUDA driver version 12.4 detected")).isNull();
    assertThat(LogClassifier.classify("Proceeding with Linux kernel version 5.15.0-1068-azure")).isNull();
    assertThat(LogClassifier.classify("Building kernel modules")).isNull();
  }

  @Test
  void theTorchOomCapturesTriedTotalAndFreeInMib() {
    LogClassifier.Classified c = LogClassifier.classify("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.00 MiB. "
        + "GPU 0 has a total capacity of 79.25 GiB of which 8.94 MiB is free.");
    assertThat(c.triedMiB()).isEqualTo(12.0);
    assertThat(c.totalMiB()).isEqualTo(79.25 * 1024);
    assertThat(c.freeMiB()).isEqualTo(8.94);
    LogClassifier.Classified old = LogClassifier.classify("RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB "
        + "(GPU 0; 15.78 GiB total capacity; 14.56 GiB already allocated; 3.19 MiB free; 14.74 GiB reserved in total by PyTorch)");
    assertThat(old.triedMiB()).isEqualTo(20.0);
    assertThat(old.totalMiB()).isEqualTo(15.78 * 1024);
    assertThat(old.freeMiB()).isEqualTo(3.19);
    LogClassifier.Classified vllm = LogClassifier.classify("ValueError: Free memory on device (6.9/8.0 GiB) on startup is less "
        + "than desired GPU memory utilization (0.9, 7.2 GiB).");
    assertThat(vllm.freeMiB()).isEqualTo(6.9 * 1024);
    assertThat(vllm.totalMiB()).isEqualTo(8.0 * 1024);
  }

  @Test
  void aLogUnderLogsNamespacePodContainerIsAttributedAndKeepsTimestampAndExactText() {
    String oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 14.57 GiB of which 97.75 MiB is free.";
    Bundles.write(dir, "logs/inference/mistral-7b-0/vllm.previous.log",
        "2026-07-14T10:19:50.118274561Z INFO 07-14 10:19:50 [__init__.py:244] Automatically detected platform cuda.\n"
            + "2026-07-14T10:19:58.803118932Z " + oom + "\r\n");
    EvidenceBundle bundle = Bundles.read(dir);
    List<LogSignal> signals = Bundles.facts(bundle, LogSignal.class);
    assertThat(signals).extracting(LogSignal::kind)
        .containsExactlyInAnyOrder(LogSignalKind.VLLM_PLATFORM_DETECTED, LogSignalKind.CUDA_OOM);
    assertThat(signals).filteredOn(s -> s.kind() == LogSignalKind.CUDA_OOM).singleElement().satisfies(s -> {
      assertThat(s.podKey()).isEqualTo("inference/mistral-7b-0");
      assertThat(s.container()).isEqualTo("vllm");
      assertThat(s.previous()).isTrue();
      assertThat(s.kind()).isEqualTo(LogSignalKind.CUDA_OOM);
      assertThat(s.at()).isEqualTo(Instant.parse("2026-07-14T10:19:58.803118932Z"));
      assertThat(s.line()).isEqualTo(oom);
      assertThat(s.provenance().toString()).isEqualTo("logs/inference/mistral-7b-0/vllm.previous.log#line 2");
    });
    assertThat(bundle.reads()).contains(Read.supplied(Topics.LOGS, "logs/inference/mistral-7b-0/vllm.previous.log"));
  }

  @Test
  void aTimestampedLogElsewhereIsReadButNotAttributed() {
    Bundles.write(dir, "vllm-crash.txt", "2026-07-14T10:19:58.803118932Z RuntimeError: CUDA error: out of memory\n");
    Bundles.write(dir, "plain.log", "RuntimeError: CUDA error: out of memory\nnothing else\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.facts(bundle, LogSignal.class)).extracting(s -> s.podKey() + " " + s.at() + " " + s.provenance())
        .containsExactly("null null plain.log#line 1", "null 2026-07-14T10:19:58.803118932Z vllm-crash.txt#line 1");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void yamlIsNotMistakenForALog() {
    Bundles.write(dir, "target.yaml", "cluster: aks\ncapturedAt: \"2026-07-14T10:24:00Z\"\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.target().cluster()).isEqualTo("aks");
    assertThat(Bundles.facts(bundle, LogSignal.class)).isEmpty();
  }
}
