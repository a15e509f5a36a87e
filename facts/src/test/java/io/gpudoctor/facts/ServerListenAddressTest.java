package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerListenAddressTest {

  @Test
  void eachServersStartLineNamesItsHostAndPort() {
    assertThat(ServerListenAddress.of("INFO 03-01 09:45:20 [api_server.py:1971] Starting vLLM API server 0 on http://0.0.0.0:8000"))
        .isEqualTo(new ServerListenAddress("0.0.0.0", 8000));
    assertThat(ServerListenAddress.of("INFO 04-30 17:52:43 [api_server.py:1090] Starting vLLM API server on http://0.0.0.0:8080"))
        .isEqualTo(new ServerListenAddress("0.0.0.0", 8080));
    assertThat(ServerListenAddress.of("INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)"))
        .isEqualTo(new ServerListenAddress("127.0.0.1", 8000));
    assertThat(ServerListenAddress.of("time=2025-02-12T12:12:03.367Z level=INFO source=routes.go:1237 msg=\"Listening on [::]:11434 (version 0.5.7)\""))
        .isEqualTo(new ServerListenAddress("[::]", 11434));
    assertThat(ServerListenAddress.of("I1118 10:02:11.604173 1 http_server.cc:4696] Started HTTPService at 0.0.0.0:8000"))
        .isEqualTo(new ServerListenAddress("0.0.0.0", 8000));
  }

  @Test
  void onlyTheLoopbackIsLoopbackOnly() {
    assertThat(new ServerListenAddress("127.0.0.1", 11434).loopbackOnly()).isTrue();
    assertThat(new ServerListenAddress("localhost", 8000).loopbackOnly()).isTrue();
    assertThat(new ServerListenAddress("[::1]", 8000).loopbackOnly()).isTrue();
    assertThat(new ServerListenAddress("0.0.0.0", 8000).loopbackOnly()).isFalse();
    assertThat(new ServerListenAddress("[::]", 11434).loopbackOnly()).isFalse();
  }

  @Test
  void linesThatNameNoListenerAreNone() {
    assertThat(ServerListenAddress.of("INFO:     Application startup complete.")).isNull();
    assertThat(ServerListenAddress.of("INFO 03-01 09:41:12 [api_server.py:1880] vLLM API server version 0.11.0")).isNull();
  }
}
