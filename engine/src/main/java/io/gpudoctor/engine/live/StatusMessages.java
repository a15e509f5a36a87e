package io.gpudoctor.engine.live;

import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The one-line message of an API server error: its {@code Status} object's message, as kubectl prints it. */
final class StatusMessages {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private StatusMessages() {}

  static String of(int code, byte[] body) {
    String message = "";
    try {
      JsonNode status = JSON.readTree(body);
      if (status != null && status.path("message").isString()) message = status.path("message").asString();
    } catch (RuntimeException e) {
      message = new String(body, StandardCharsets.UTF_8).strip();
    }
    int nl = message.indexOf('\n');
    if (nl >= 0) message = message.substring(0, nl);
    if (message.length() > 300) message = message.substring(0, 300) + "...";
    return "HTTP " + code + (message.isEmpty() ? "" : ": " + message);
  }
}
