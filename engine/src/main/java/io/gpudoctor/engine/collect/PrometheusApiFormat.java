package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A Prometheus HTTP API answer ({@code /api/v1/query} vector, {@code /api/v1/query_range} matrix),
 * as curl, {@code az rest} or gpu-doctor's own collector saved it:
 * {@code {"status":"success","data":{"resultType":"matrix","result":[{"metric":{...},"values":[[t,"v"],...]}]}}}.
 * Series must keep {@code __name__} (a plain DCGM selector, not an aggregation) so the field is known.
 */
final class PrometheusApiFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    JsonNode t = document.tree();
    return t.isObject() && t.path("status").isString()
        && (t.path("data").isObject() && t.path("data").has("resultType") || t.has("errorType"));
  }

  @Override
  public void read(Document document, BundleBuilder out) throws NotReadable {
    JsonNode t = document.tree();
    String status = t.path("status").asString();
    if (!"success".equals(status)) {
      throw new NotReadable("Prometheus answered status " + status + ": " + Trees.text(t, "errorType") + ": "
          + Trees.text(t, "error"));
    }
    JsonNode data = t.path("data");
    String type = data.path("resultType").asString("");
    boolean matrix = type.equals("matrix");
    if (!matrix && !type.equals("vector")) {
      throw new NotReadable("Prometheus resultType '" + type + "' carries no series (vector or matrix expected)");
    }
    JsonNode result = data.path("result");
    if (!result.isArray()) throw new NotReadable("Prometheus answer without a data.result list");
    Provenance listAt = document.provenance().child("data").child("result");
    for (int i = 0; i < result.size(); i++) {
      Provenance at = listAt.child(i);
      try {
        series(result.get(i), matrix, at, out);
      } catch (NotReadable e) {
        out.unreadable(document.locate(at), e.reason());
      }
    }
    out.used(Topics.METRICS, document.path());
  }

  private static void series(JsonNode item, boolean matrix, Provenance at, BundleBuilder out) throws NotReadable {
    JsonNode metric = item.path("metric");
    if (!metric.isObject()) throw new NotReadable("series without a metric object");
    Map<String, String> labels = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : metric.properties()) labels.put(e.getKey(), e.getValue().asString(""));
    String name = labels.get("__name__");
    if (name == null) throw new NotReadable("series without __name__: query a plain DCGM_FI_* selector");
    DcgmSeries series = DcgmSeries.of(name, labels);
    if (series == null) return;
    if (matrix) {
      JsonNode values = item.path("values");
      if (!values.isArray()) throw new NotReadable("matrix series without values");
      for (int j = 0; j < values.size(); j++) point(values.get(j), series, at.child("values").child(j), out);
    } else {
      point(item.path("value"), series, at.child("value"), out);
    }
  }

  /** {@code [<unix seconds, fractional>, "<value>"]}. */
  private static void point(JsonNode pair, DcgmSeries series, Provenance at, BundleBuilder out) throws NotReadable {
    if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isNumber() || !pair.get(1).isString()) {
      throw new NotReadable("a sample is not [<unix time>, \"<value>\"] at " + at.pointer());
    }
    BigDecimal seconds = pair.get(0).decimalValue();
    Instant time = Instant.ofEpochSecond(seconds.longValue(),
        seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
    series.value(parse(pair.get(1).asString(), at), time, at, out);
  }

  private static double parse(String v, Provenance at) throws NotReadable {
    switch (v) {
      case "NaN": return Double.NaN;
      case "+Inf": return Double.POSITIVE_INFINITY;
      case "-Inf": return Double.NEGATIVE_INFINITY;
      default:
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new NotReadable("sample value '" + v + "' is not a number at " + at.pointer());
    }
  }
}
