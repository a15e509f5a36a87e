package io.gpudoctor.engine.collect;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Parse throughput of the exposition parser on a generated DCGM scrape of about 50 MB (not a test:
 * run it by hand). {@code ./mvnw -B -q -o -pl engine -am test-compile} then
 * {@code java -cp engine/target/test-classes:engine/target/classes io.gpudoctor.engine.collect.ExpositionParserBench}.
 */
public final class ExpositionParserBench {
  private ExpositionParserBench() {}

  public static void main(String[] args) {
    int targetBytes = args.length > 0 ? Integer.parseInt(args[0]) : 50 * 1024 * 1024;
    String text = scrape(targetBytes);
    long bytes = text.getBytes(StandardCharsets.UTF_8).length;
    long[] samples = new long[1];
    ExpositionParser.Sink sink = new ExpositionParser.Sink() {
      @Override
      public void sample(String name, Map<String, String> labels, double value, Long ts, int line) {
        samples[0]++;
      }

      @Override
      public void problem(int line, String reason) {
        throw new IllegalStateException("line " + line + ": " + reason);
      }
    };
    for (int i = 0; i < 3; i++) ExpositionParser.parse(text, sink); // warm-up
    int runs = 5;
    samples[0] = 0;
    long t0 = System.nanoTime();
    for (int i = 0; i < runs; i++) ExpositionParser.parse(text, sink);
    double seconds = (System.nanoTime() - t0) / 1e9 / runs;
    System.out.printf("%.1f MB, %d samples per pass, %.3f s per pass, %.1f MB/s%n",
        bytes / 1e6, samples[0] / runs, seconds, bytes / 1e6 / seconds);
  }

  /** A scrape of many 8-GPU nodes, in dcgm-exporter's label layout (domain 3.2). */
  static String scrape(int targetBytes) {
    String[] fields = {"DCGM_FI_DEV_SM_CLOCK", "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_FB_FREE",
        "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_RESERVED", "DCGM_FI_DEV_XID_ERRORS", "DCGM_FI_DEV_POWER_USAGE"};
    StringBuilder sb = new StringBuilder(targetBytes + 4096);
    int node = 0;
    while (sb.length() < targetBytes) {
      for (String f : fields) {
        sb.append("# HELP ").append(f).append("_n").append(node).append(" field\n# TYPE ").append(f).append("_n").append(node).append(" gauge\n");
        for (int gpu = 0; gpu < 8; gpu++) {
          sb.append(f).append("_n").append(node).append("{gpu=\"").append(gpu)
              .append("\",UUID=\"GPU-48aeb943-9458-4282-da24-e5f49e0db4").append(String.format("%02d", gpu))
              .append("\",pci_bus_id=\"00000001:00:00.0\",device=\"nvidia").append(gpu)
              .append("\",modelName=\"NVIDIA A100 80GB PCIe\",Hostname=\"aks-gpunp-12345678-vmss").append(String.format("%06d", node))
              .append("\",DCGM_FI_DRIVER_VERSION=\"550.54.15\",container=\"vllm\",namespace=\"default\",pod=\"workspace-phi-4-mini-")
              .append(gpu).append("\"} ").append(1000 + gpu * 37 + node % 100).append('\n');
        }
      }
      node++;
    }
    return sb.toString();
  }
}
