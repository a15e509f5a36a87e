package io.gpudoctor.facts;

import java.time.Instant;

/**
 * An Xid the driver reported for a GPU, as DCGM shows it ({@code DCGM_FI_DEV_XID_ERRORS}, value
 * = the last Xid, with {@code err_code}/{@code err_msg}). Which codes are hardware faults and
 * which are the application's own is rule knowledge (observability.drl), not decided here.
 *
 * @param at when the value was first seen in the evidence (null for an untimed scrape line)
 */
public record XidError(
    int code, String message, GpuIdentity gpu, String namespace, String pod, Instant at, Provenance provenance) {

  public String gpuKey() {
    return gpu.key();
  }

  public String node() {
    return gpu.node();
  }

  public String podKey() {
    return pod == null || pod.isBlank() ? null : ObjectKeys.key(namespace, pod);
  }

  public String quote() {
    return "Xid " + code + (message == null || message.isBlank() ? "" : " \"" + message + "\"") + " on " + gpu.quote()
        + (podKey() == null ? "" : " (pod " + podKey() + ")") + (at == null ? "" : " at " + at);
  }

  public Evidence evidence() {
    return provenance.quote(quote());
  }
}
