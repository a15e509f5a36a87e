package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gpudoctor.facts.GpuMetric;
import io.gpudoctor.facts.GpuMetricSample;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.XidError;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Prometheus text exposition of a DCGM exporter scrape: strict, line by line, MiB. */
class PrometheusExpositionTest {
  private static final String FB_FREE = """
      # HELP DCGM_FI_DEV_FB_FREE Framebuffer memory free (in MiB).
      # TYPE DCGM_FI_DEV_FB_FREE gauge
      DCGM_FI_DEV_FB_FREE{gpu="0",UUID="GPU-48aeb943-9458-4282-da24-e5f49e0db44b",pci_bus_id="00000001:00:00.0",device="nvidia0",modelName="NVIDIA A100 80GB PCIe",Hostname="aks-gpunp-12345678-vmss000000",DCGM_FI_DRIVER_VERSION="550.54.15",container="vllm",namespace="default",pod="workspace-phi-4-mini-0"} 312
      """;

  @TempDir Path dir;

  private record Parsed(List<String> samples, List<String> problems) {}

  private static Parsed parse(String text) {
    List<String> samples = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    ExpositionParser.parse(text, new ExpositionParser.Sink() {
      @Override
      public void sample(String name, Map<String, String> labels, double value, Long ts, int line) {
        samples.add(line + " " + name + labels + " " + value + (ts == null ? "" : " @" + ts));
      }

      @Override
      public void problem(int line, String reason) {
        problems.add("line " + line + ": " + reason);
      }
    });
    return new Parsed(samples, problems);
  }

  @Test
  void aDcgmScrapeGivesFrameBufferSamplesInMibPerGpu() {
    Bundles.write(dir, "dcgm.prom", FB_FREE);
    EvidenceBundle bundle = Bundles.read(dir);
    List<GpuMetricSample> samples = Bundles.facts(bundle, GpuMetricSample.class);
    assertThat(samples).singleElement().satisfies(s -> {
      assertThat(s.metric()).isEqualTo(GpuMetric.FB_FREE);
      assertThat(s.value()).isEqualTo(312.0);
      assertThat(s.unit()).isEqualTo("MiB");
      assertThat(s.gpuKey()).isEqualTo("aks-gpunp-12345678-vmss000000/gpu0");
      assertThat(s.gpu().uuid()).isEqualTo("GPU-48aeb943-9458-4282-da24-e5f49e0db44b");
      assertThat(s.gpu().modelName()).isEqualTo("NVIDIA A100 80GB PCIe");
      assertThat(s.podKey()).isEqualTo("default/workspace-phi-4-mini-0");
      assertThat(s.at()).isNull();
      assertThat(s.provenance().pointer()).isEqualTo("line 3");
    });
    assertThat(bundle.reads()).contains(Read.supplied(Topics.METRICS, "dcgm.prom"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void labelEscapesTimestampsAndSpecialValuesAreUnderstood() {
    Parsed p = parse("""
        # HELP m A metric with "quotes" in its help.
        # TYPE m gauge
        m{a="back\\\\slash",b="quote\\"d",c="new\\nline"} NaN
        m{a="x", b="y",} +Inf 1783937400000
        m -Inf
        m 1.5e3 -12
        """);
    assertThat(p.problems()).isEmpty();
    assertThat(p.samples()).containsExactly(
        "3 m{a=back\\slash, b=quote\"d, c=new\nline} NaN",
        "4 m{a=x, b=y} Infinity @1783937400000",
        "5 m{} -Infinity",
        "6 m{} 1500.0 @-12");
  }

  @Test
  void malformedLinesAreRejectedWithTheirNumberAndTheRestIsKept() {
    Parsed p = parse("""
        # TYPE DCGM_FI_DEV_FB_USED gauge
        DCGM_FI_DEV_FB_USED{gpu="0"} 100
        DCGM_FI_DEV_FB_USED{gpu="1" 200
        DCGM_FI_DEV_FB_USED{gpu="2"} twelve
        DCGM_FI_DEV_FB_USED{gpu="3",gpu="4"} 1
        DCGM_FI_DEV_FB_USED{gpu="5",bad="\\t"} 1
        9metric 1
        DCGM_FI_DEV_FB_USED{gpu="6"} 1 soon
        # TYPE DCGM_FI_DEV_FB_USED gauge
        # TYPE other summery
        DCGM_FI_DEV_FB_USED{gpu="7"} 0x10
        DCGM_FI_DEV_FB_USED{gpu="8"} 300
        """);
    assertThat(p.samples()).containsExactly("2 DCGM_FI_DEV_FB_USED{gpu=0} 100.0", "12 DCGM_FI_DEV_FB_USED{gpu=8} 300.0");
    assertThat(p.problems()).containsExactly(
        "line 3: expected ',' or '}' after the value of label gpu",
        "line 4: invalid sample value 'twelve'",
        "line 5: label gpu appears twice",
        "line 6: invalid escape '\\t' in the value of label bad",
        "line 7: invalid metric name starting with '9'",
        "line 8: invalid timestamp 'soon' (milliseconds since the epoch expected)",
        "line 9: second TYPE line for DCGM_FI_DEV_FB_USED",
        "line 10: unknown metric type 'summery' for other",
        "line 11: invalid sample value '0x10'");
  }

  @Test
  void aMalformedLineIsUnreadableAsFileAndLineWhileWellFormedSeriesOfTheFileAreRead() {
    Bundles.write(dir, "dcgm.prom", FB_FREE + "DCGM_FI_DEV_FB_USED{gpu=\"0\",Hostname=\"aks-gpunp-12345678-vmss000000\"} 80365\n"
        + "DCGM_FI_DEV_FB_USED{gpu=\"1\",Hostname=\"aks-gpunp-12345678-vmss000000\" 1\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.unreadable()).extracting(u -> u.path() + ": " + u.reason())
        .containsExactly("dcgm.prom:line 5: expected ',' or '}' after the value of label Hostname");
    assertThat(Bundles.facts(bundle, GpuMetricSample.class)).extracting(s -> s.metric() + " " + s.value())
        .containsExactly("FB_FREE 312.0", "FB_USED 80365.0");
  }

  @Test
  void aFileOfOnlyMalformedLinesListsEachLineAndIsNotUsed() {
    Bundles.write(dir, "scrape.txt", "# HELP DCGM_FI_DEV_FB_USED x\nDCGM_FI_DEV_FB_USED{gpu=0} 1\n");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.unreadable()).extracting(u -> u.path() + ": " + u.reason())
        .containsExactly("scrape.txt:line 2: expected '\"' to open the value of label gpu");
    assertThat(bundle.reads()).noneMatch(r -> r.command().equals("scrape.txt"));
  }

  @Test
  void xidGaugeGivesOneErrorPerSeriesWithItsCodeAndMessage() {
    Bundles.write(dir, "dcgm.prom", """
        # HELP DCGM_FI_DEV_XID_ERRORS Value of the last XID error encountered.
        # TYPE DCGM_FI_DEV_XID_ERRORS gauge
        DCGM_FI_DEV_XID_ERRORS{gpu="0",UUID="GPU-a",Hostname="aks-gpunp-1-vmss000000",err_code="79",err_msg="GPU has fallen off the bus"} 79
        DCGM_FI_DEV_XID_ERRORS{gpu="1",UUID="GPU-b",Hostname="aks-gpunp-1-vmss000000",err_code="0",err_msg=""} 0
        """);
    List<XidError> xids = Bundles.facts(Bundles.read(dir), XidError.class);
    assertThat(xids).singleElement().satisfies(x -> {
      assertThat(x.code()).isEqualTo(79);
      assertThat(x.message()).isEqualTo("GPU has fallen off the bus");
      assertThat(x.gpuKey()).isEqualTo("aks-gpunp-1-vmss000000/gpu0");
    });
  }

  @Test
  void exportedPodLabelsAndLowerCaseHostnameAttributeTheGpu() {
    Bundles.write(dir, "dcgm.prom", "DCGM_FI_DEV_FB_USED{gpu=\"2\",hostname=\"node-a\",exported_namespace=\"ml\","
        + "exported_pod=\"llm-0\",exported_container=\"server\",GPU_I_PROFILE=\"1g.10gb\",GPU_I_ID=\"3\"} 9000 1783937400000\n");
    GpuMetricSample s = Bundles.facts(Bundles.read(dir), GpuMetricSample.class).get(0);
    assertThat(s.podKey()).isEqualTo("ml/llm-0");
    assertThat(s.container()).isEqualTo("server");
    assertThat(s.gpuKey()).isEqualTo("node-a/gpu2/mig3");
    assertThat(s.at()).isEqualTo(Instant.ofEpochSecond(1783937400L));
  }

  @Test
  void aPrometheusMatrixGivesTimedSamplesAndInstancePlusGpuNamesTheGpu() {
    Bundles.write(dir, "range.json", """
        {"status":"success","data":{"resultType":"matrix","result":[
          {"metric":{"__name__":"DCGM_FI_DEV_FB_USED","gpu":"0","instance":"aks-gpunp-1-vmss000000","job":"dcgm-exporter"},
           "values":[[1783937400,"300"],[1783937430.5,"14822"]]},
          {"metric":{"__name__":"DCGM_FI_DEV_SM_CLOCK","gpu":"0","instance":"aks-gpunp-1-vmss000000"},"values":[[1783937400,"1590"]]}]}}
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.facts(bundle, GpuMetricSample.class)).extracting(s -> s.gpuKey() + " " + s.value() + " " + s.at())
        .containsExactly("aks-gpunp-1-vmss000000/gpu0 300.0 2026-07-13T10:10:00Z",
            "aks-gpunp-1-vmss000000/gpu0 14822.0 2026-07-13T10:10:30.500Z");
    assertThat(Bundles.facts(bundle, GpuMetricSample.class).get(1).provenance().pointer())
        .isEqualTo("/data/result/0/values/1");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.METRICS, "range.json"));
  }

  @Test
  void aPrometheusErrorOrAnAggregatedSeriesIsUnreadableWithTheReason() {
    Bundles.write(dir, "error.json", "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"invalid parameter \\\"query\\\"\"}");
    Bundles.write(dir, "sum.json", "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
        + "{\"metric\":{\"instance\":\"n\"},\"value\":[1783937400,\"5\"]}]}}");
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(bundle.unreadable()).extracting(u -> u.path() + ": " + u.reason()).containsExactly(
        "error.json: Prometheus answered status error: bad_data: invalid parameter \"query\"",
        "sum.json#/data/result/0: series without __name__: query a plain DCGM_FI_* selector");
  }

  @Test
  void anXidMatrixGivesOneErrorWhenTheValueChangesNotOnePerSample() {
    Bundles.write(dir, "xid.json", """
        {"status":"success","data":{"resultType":"matrix","result":[
          {"metric":{"__name__":"DCGM_FI_DEV_XID_ERRORS","gpu":"0","instance":"n1"},
           "values":[[1783937400,"0"],[1783937430,"13"],[1783937460,"13"],[1783937490,"43"]]}]}}
        """);
    assertThat(Bundles.facts(Bundles.read(dir), XidError.class)).extracting(x -> x.code() + "@" + x.at().getEpochSecond())
        .containsExactly("13@1783937430", "43@1783937490");
  }

  @Test
  void gibAndKibConvertToMib() {
    assertThat(LogClassifier.mib("1.95", "GiB")).isCloseTo(1996.8, within(0.001));
    assertThat(LogClassifier.mib("512", "KiB")).isEqualTo(0.5);
  }
}
