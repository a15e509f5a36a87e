package io.gpudoctor.facts;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a model server says it listens, from its start-up line: uvicorn's {@code Uvicorn running on
 * http://0.0.0.0:8000 (Press CTRL+C to quit)} (vLLM's OpenAI server, and most Python servers), vLLM's own {@code
 * Starting vLLM API server on http://0.0.0.0:8000} ({@code ... API server 0 on ...} with several API servers),
 * Ollama's {@code msg="Listening on 127.0.0.1:11434 (version 0.5.7)"} and Triton's {@code Started HTTPService at
 * 0.0.0.0:8000}. {@code host} is as written: {@code 0.0.0.0}, {@code [::]}, {@code 127.0.0.1}, {@code localhost}.
 */
public record ServerListenAddress(String host, int port) {
  private static final String HOST = "(\\[[0-9a-fA-F:]*\\]|[A-Za-z0-9.-]+)";
  private static final List<Pattern> STARTS = List.of(
      Pattern.compile("Uvicorn running on https?://" + HOST + ":(\\d{1,5})"),
      Pattern.compile("Starting vLLM API server (?:\\d+ )?on https?://" + HOST + ":(\\d{1,5})"),
      Pattern.compile("msg=\"Listening on " + HOST + ":(\\d{1,5})"),
      Pattern.compile("Started HTTPService at " + HOST + ":(\\d{1,5})"));

  /** A cheap first test: the line may be a start-up line of one of the servers. */
  public static boolean mentions(String line) {
    return line.contains("running on http") || line.contains("API server") || line.contains("Listening on ")
        || line.contains("Started HTTPService at ");
  }

  /** The address the line says the server listens on, or null. */
  public static ServerListenAddress of(String line) {
    if (line == null || !mentions(line)) return null;
    for (Pattern p : STARTS) {
      Matcher m = p.matcher(line);
      if (m.find()) return new ServerListenAddress(m.group(1), Integer.parseInt(m.group(2)));
    }
    return null;
  }

  /** Bound to the loopback interface only: nothing outside the container (a kubelet's probe, a Service) reaches it. */
  public boolean loopbackOnly() {
    return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]");
  }

  public String address() {
    return host + ":" + port;
  }
}
