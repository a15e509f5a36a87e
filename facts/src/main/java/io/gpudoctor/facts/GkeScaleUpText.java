package io.gpudoctor.facts;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code FailedScaleUp} event GKE's cluster autoscaler records on a pod whose node scale-up
 * failed (k8s.io/gke-autoscaling, failed scale-up event logger): "Node scale up in zones %v
 * associated with this pod failed: %v. Pod is at risk of not being scheduled.", the reasons joined
 * with ", ", the whole cut at 250 characters. Each reason becomes an error of its kind with
 * {@code cloud} {@link AzureError#GCE}: they are Compute Engine's answers, not Azure's.
 */
public final class GkeScaleUpText {
  public static final String REASON = "FailedScaleUp";
  public static final String ORIGIN = "cluster-autoscaler (GKE)";
  private static final Pattern MESSAGE = Pattern.compile(
      "Node scale up in zones ?(.*?) associated with this pod failed: (.*?)(?:\\. Pod is at risk of not being scheduled\\.?|$)",
      Pattern.DOTALL);
  private static final Pattern ZONE = Pattern.compile("^([a-z]+-[a-z]+\\d+)-[a-z]$");

  private record Reason(Pattern text, AzureErrorKind kind) {}

  // The messages the logger maps its failure ids to; an id it has no message for is "Internal error".
  private static final List<Reason> REASONS = List.of(
      new Reason(Pattern.compile("GCE quota exceeded"), AzureErrorKind.QUOTA),
      new Reason(Pattern.compile("GCE out of resources|Reservation capacity exceeded"), AzureErrorKind.ZONAL_CAPACITY),
      new Reason(Pattern.compile("Internal error"), AzureErrorKind.ALLOCATION_INTERNAL),
      new Reason(Pattern.compile("Some nodes in node group .{0,120}? failed to appear in time"), AzureErrorKind.PROVISIONING_TIMEOUT),
      new Reason(Pattern.compile("IP space exhausted|Service Account was deleted|Unsupported Compact Placement Config"
          + "|Node group \"[^\"]*\" already exists|Invalid TPU (?:topology|configuration)|Invalid Reservation"
          + "|Reservation not ready|Reservation not found or incorrectly shared|Reservation incompatible with node group"),
          AzureErrorKind.CONFIGURATION));

  private GkeScaleUpText() {}

  public static boolean matches(String message) {
    return message != null && MESSAGE.matcher(message).find();
  }

  /** One error per reason the message gives; none when it is not this event's message. */
  public static List<AzureError> parse(String message, Instant at, Provenance provenance) {
    List<AzureError> errors = new ArrayList<>();
    Matcher m = message == null ? null : MESSAGE.matcher(message);
    if (m == null || !m.find()) return errors;
    String text = message.substring(m.start(), m.end()).strip();
    String zones = m.group(1).strip();
    String region = region(zones);
    for (Reason r : REASONS) {
      if (!r.text().matcher(m.group(2)).find()) continue;
      errors.add(new AzureError(REASON, text, r.kind(), null, null, region, zones.isEmpty() ? null : zones, null, null,
          null, null, null, null, null, ORIGIN, null, null, at, provenance, AzureError.GCE, null, false));
    }
    return errors;
  }

  /** The region of the first zone ({@code us-central1-c} is in {@code us-central1}), or null. */
  private static String region(String zones) {
    String first = zones.split(",")[0].strip();
    Matcher z = ZONE.matcher(first);
    return z.matches() ? z.group(1) : null;
  }
}
