package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.LogSignalKind;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Classifies one container-log line by the exact wordings PyTorch, vLLM, NVML, the NVIDIA
 * container runtime and CUDA emit (domain 5.4, 5.6). A line says one thing; the first match wins,
 * most specific first. Sizes are returned in MiB.
 */
final class LogClassifier {
  record Classified(LogSignalKind kind, Double triedMiB, Double totalMiB, Double freeMiB) {}

  private static final String SIZE = "([\\d.]+) ?([KMGT]iB)";
  // torch >= 2.1: "Tried to allocate 1.95 GiB. GPU 0 has a total capacity of 14.57 GiB of which 1.58 GiB is free."
  private static final Pattern TRIED = Pattern.compile("Tried to allocate " + SIZE);
  private static final Pattern CAPACITY_NEW = Pattern.compile("has a total capacity of " + SIZE + " of which " + SIZE + " is free");
  // older torch: "(GPU 0; 15.78 GiB total capacity; 14.56 GiB already allocated; 3.19 MiB free; ...)"
  private static final Pattern CAPACITY_OLD = Pattern.compile(SIZE + " total capacity;");
  private static final Pattern FREE_OLD = Pattern.compile(SIZE + " free;");
  // vLLM: "Free memory on device (6.9/8.0 GiB) on startup is less than desired GPU memory utilization (0.9, 7.2 GiB)"
  private static final Pattern VLLM_FREE = Pattern.compile(
      "Free memory on device (?:\\S+ )?\\(([\\d.]+)/([\\d.]+) GiB\\) on startup is less than desired GPU memory utilization");

  private LogClassifier() {}

  static Classified classify(String line) {
    if (line.contains("CUDA out of memory")) {
      Double tried = size(TRIED.matcher(line), 1);
      Matcher cap = CAPACITY_NEW.matcher(line);
      if (cap.find()) {
        return new Classified(LogSignalKind.CUDA_OOM, tried, mib(cap.group(1), cap.group(2)), mib(cap.group(3), cap.group(4)));
      }
      return new Classified(LogSignalKind.CUDA_OOM, tried, size(CAPACITY_OLD.matcher(line), 1), size(FREE_OLD.matcher(line), 1));
    }
    if (line.contains("CUDA error: out of memory")) return kind(LogSignalKind.CUDA_ERROR_OOM);
    if (line.contains("No available memory for the cache blocks")) return kind(LogSignalKind.VLLM_NO_CACHE_BLOCKS);
    if (line.contains("is larger than the maximum number of tokens that can be stored in KV cache")
        || line.contains("To serve at least one request with the models's max seq len")
        || line.contains("To serve at least one request with the model's max seq len")) {
      return kind(LogSignalKind.VLLM_KV_CACHE_TOO_SMALL);
    }
    Matcher free = VLLM_FREE.matcher(line);
    if (free.find()) {
      return new Classified(LogSignalKind.VLLM_FREE_MEMORY_BELOW_UTILIZATION, null,
          mib(free.group(2), "GiB"), mib(free.group(1), "GiB"));
    }
    String lower = line.toLowerCase(Locale.ROOT);
    if (lower.contains("driver/library version mismatch")) return kind(LogSignalKind.DRIVER_LIBRARY_MISMATCH);
    if (lower.contains("nvidia-container-cli: requirement error")) return kind(LogSignalKind.CONTAINER_CLI_REQUIREMENT);
    if (lower.contains("cuda driver version is insufficient")) return kind(LogSignalKind.CUDA_DRIVER_INSUFFICIENT);
    if (lower.contains("failed to initialize nvml")) return kind(LogSignalKind.NVML_INIT_FAILED);
    if (line.contains("No devices found. Waiting indefinitely") || line.contains("Incompatible strategy detected")
        || line.contains("If this is a GPU node, did you configure the NVIDIA Container Toolkit?")) {
      return kind(LogSignalKind.DEVICE_PLUGIN_NO_DEVICES);
    }
    return null;
  }

  private static Classified kind(LogSignalKind kind) {
    return new Classified(kind, null, null, null);
  }

  private static Double size(Matcher m, int group) {
    return m.find() ? mib(m.group(group), m.group(group + 1)) : null;
  }

  static Double mib(String number, String unit) {
    double v;
    try {
      v = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      return null;
    }
    return switch (unit) {
      case "KiB" -> v / 1024;
      case "MiB" -> v;
      case "GiB" -> v * 1024;
      case "TiB" -> v * 1024 * 1024;
      default -> null;
    };
  }
}
