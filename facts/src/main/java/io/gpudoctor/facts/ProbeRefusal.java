package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A kubelet probe that found nothing listening where it knocked (pkg/kubelet/prober): {@code Unhealthy}, {@code
 * Readiness probe failed: Get "http://10.244.1.17:8080/health": dial tcp 10.244.1.17:8080: connect: connection refused}
 * (HTTP), {@code ... dial tcp 10.244.1.17:8080: connect: connection refused} (TCP). Connection refused is a closed
 * port, not a slow server: a server that accepts and answers late times out instead.
 *
 * @param probe {@code Readiness}, {@code Liveness} or {@code Startup}
 */
public record ProbeRefusal(String probe, String ip, int port) {
  // The event recorder folds repeats of differing messages into "(combined from similar events): <message>".
  private static final Pattern REFUSED = Pattern.compile("^(?:\\(combined from similar events\\): )?(Readiness|Liveness|Startup) "
      + "probe failed: .*dial tcp (\\[[0-9a-fA-F:]*\\]|[0-9.]+):(\\d{1,5}): connect: connection refused");

  /** The refusal an Unhealthy event reports, or null. */
  public static ProbeRefusal of(KubeEvent e) {
    if (!"Unhealthy".equals(e.reason()) || !e.message().contains("connection refused")) return null;
    Matcher m = REFUSED.matcher(e.message());
    return m.find() ? new ProbeRefusal(m.group(1), m.group(2), Integer.parseInt(m.group(3))) : null;
  }

  public boolean toLoopback() {
    return ip.startsWith("127.") || ip.equals("[::1]");
  }
}
