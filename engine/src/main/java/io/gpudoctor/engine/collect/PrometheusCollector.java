package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.GpuMetric;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Topics;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the DCGM series of an incident window from a Prometheus server ({@code --prometheus-url}):
 * one {@code GET /api/v1/query_range} per field with {@code start}, {@code end} and {@code step},
 * never anything but GET. Each answer is read by the same reader as a saved query result. A server
 * that cannot be reached gives one failed read with a one-line reason, and the diagnosis goes on
 * without telemetry (so device-memory conclusions stay unconfirmed).
 */
public final class PrometheusCollector {
  /** Managed Prometheus and the upstream default both scrape every 30 s; finer steps repeat samples. */
  public static final Duration DEFAULT_STEP = Duration.ofSeconds(30);
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
  /** Without a declared window, this much history before the capture is read; the rules pick the incident window in it. */
  public static final Duration DEFAULT_LOOKBACK = Duration.ofHours(6);

  private final URI base;
  private final Duration timeout;
  private final HttpClient client;

  public PrometheusCollector(URI base, Duration timeout) {
    String s = base.toString();
    this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
    this.timeout = timeout;
    this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
  }

  /** The fields gpu-doctor reads, over {@code [start, end]}. */
  public FetchedEvidence fetch(Instant start, Instant end, Duration step) {
    List<FetchedEvidence.Answer> answers = new ArrayList<>();
    List<Read> reads = new ArrayList<>();
    for (GpuMetric metric : GpuMetric.values()) {
      URI uri = queryRange(metric.seriesName(), start, end, step);
      String command = "GET " + uri;
      try {
        HttpResponse<byte[]> response = client.send(
            HttpRequest.newBuilder(uri).GET().timeout(timeout).header("Accept", "application/json").build(),
            HttpResponse.BodyHandlers.ofByteArray());
        if (response.statusCode() != 200) {
          reads.add(new Read(Topics.METRICS, command, ReadStatus.FAILED,
              "Prometheus answered HTTP " + response.statusCode() + ": " + ShortMessages.shorten(
                  new String(response.body(), StandardCharsets.UTF_8))));
          continue;
        }
        answers.add(new FetchedEvidence.Answer(command, response.body()));
      } catch (HttpTimeoutException e) {
        reads.add(unreachable(command, "no answer within " + timeout.toSeconds() + " s"));
        break;
      } catch (IOException e) {
        reads.add(unreachable(command, ShortMessages.of(e)));
        break; // the server is not there: asking for the other fields would only repeat the wait
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        reads.add(unreachable(command, "interrupted"));
        break;
      }
    }
    return new FetchedEvidence(answers, reads);
  }

  private Read unreachable(String command, String why) {
    return new Read(Topics.METRICS, command, ReadStatus.FAILED, "cannot reach Prometheus at " + base + ": " + why);
  }

  URI queryRange(String promql, Instant start, Instant end, Duration step) {
    return URI.create(base + "/api/v1/query_range?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
        + "&start=" + start.getEpochSecond() + "&end=" + end.getEpochSecond() + "&step=" + step.toSeconds() + "s");
  }
}
