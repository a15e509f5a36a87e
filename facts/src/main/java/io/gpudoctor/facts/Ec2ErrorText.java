package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * EC2's instance-launch errors (RunInstances / CreateFleet), in the words EC2 gives them, as
 * Karpenter on AWS ("creating instance, ... with fleet error(s), VcpuLimitExceeded: You have ..."),
 * an Auto Scaling group's activity ("Could not launch On-Demand Instances. VcpuLimitExceeded - You
 * have ...") and the cluster autoscaler that reads it relay them. The wording names the code, so the
 * code is the one the wording belongs to. They are {@code cloud} {@link AzureError#AWS}: the same
 * mechanisms as Azure's (quota, capacity, an instance type not offered in the zone), not Azure's errors.
 */
public final class Ec2ErrorText {
  /**
   * Where each message begins: its fixed first words, then what varies. A text without any of the
   * words is passed by a substring search; one regex of the alternatives, with no first word in
   * common, tried every branch at every character of every pasted file and cost 4% of a replay
   * (references/performance.md).
   */
  private record Start(String words, String rest) {}

  private static final List<Start> STARTS = List.of(
      new Start("You have requested more vCPU capacity than your current vCPU limit", ""),
      new Start("We currently do not have sufficient ", "\\S+ capacity"),
      new Start("Max spot instance count exceeded", ""),
      new Start("Your requested instance type (", ""),
      new Start("There is no Spot capacity available that matches your request", ""));

  /** Where each message begins, as a regex; PastedAzureErrors starts a pasted message there. */
  public static final String MESSAGE_START = String.join("|",
      STARTS.stream().map(s -> Pattern.quote(s.words()) + s.rest()).toList());

  private static final Pattern MENTIONED = Pattern.compile(MESSAGE_START);

  /** Whether the text holds the start of one of EC2's launch error messages: what a reader looks for first. */
  public static boolean mentions(String text) {
    for (Start start : STARTS) {
      if (text.contains(start.words())) return MENTIONED.matcher(text).find();
    }
    return false;
  }

  private record Wording(Pattern text, String code, AzureErrorKind kind) {}

  private static final List<Wording> WORDINGS = List.of(
      // The On-Demand vCPU limit of the instance type's bucket ("Running On-Demand G and VT instances", "... P instances").
      new Wording(Pattern.compile("You have requested more vCPU capacity than your current vCPU limit of (\\d+) allows for "
          + "the instance bucket"), "VcpuLimitExceeded", AzureErrorKind.QUOTA),
      new Wording(Pattern.compile("Max spot instance count exceeded"), "MaxSpotInstanceCountExceeded", AzureErrorKind.QUOTA),
      new Wording(Pattern.compile("We currently do not have sufficient (\\S+) capacity in the Availability Zone you requested "
          + "\\(([^)]+)\\)"), "InsufficientInstanceCapacity", AzureErrorKind.ZONAL_CAPACITY),
      new Wording(Pattern.compile("We currently do not have sufficient (\\S+) capacity"), "InsufficientInstanceCapacity",
          AzureErrorKind.REGIONAL_CAPACITY),
      // Spot: no pool of the request has capacity now (CreateFleet's InsufficientInstanceCapacity for Spot).
      new Wording(Pattern.compile("There is no Spot capacity available that matches your request"), "InsufficientInstanceCapacity",
          AzureErrorKind.REGIONAL_CAPACITY),
      new Wording(Pattern.compile("Your requested instance type \\(([^)]+)\\) is not supported in your requested Availability "
          + "Zone \\(([^)]+)\\)"), "Unsupported", AzureErrorKind.SKU_NOT_AVAILABLE));
  private static final Pattern ZONE = Pattern.compile("^([a-z]{2}(?:-gov)?-[a-z]+-\\d+)[a-z]$");

  private Ec2ErrorText() {}

  /** The error, classified; null when the message holds none of EC2's launch wordings. */
  public static AzureError parse(String message, String origin, String nodeGroup, Instant at, Provenance provenance) {
    // Every wording starts with one of the STARTS: most messages (any warning event) are passed by a substring search.
    if (message == null || !mentions(message)) return null;
    for (Wording w : WORDINGS) {
      Matcher m = w.text().matcher(message);
      if (!m.find()) continue;
      boolean quota = w.kind() == AzureErrorKind.QUOTA;
      Integer limit = quota && m.groupCount() >= 1 ? Integer.valueOf(m.group(1)) : null;
      String vmSize = !quota && m.groupCount() >= 1 ? m.group(1) : null;
      String zone = !quota && m.groupCount() >= 2 ? m.group(2) : null;
      String tier = limit != null ? AzureError.TIER_FAMILY : null;
      return new AzureError(w.code(), message, w.kind(), tier, null, region(zone), zone, vmSize, limit, null, null, null,
          null, null, origin, null, nodeGroup, at, provenance, AzureError.AWS, limit != null ? AzureError.VCPUS : null, false);
    }
    return null;
  }

  /** The region of an Availability Zone ({@code us-east-1a} is in {@code us-east-1}), or null. */
  private static String region(String zone) {
    if (zone == null) return null;
    Matcher m = ZONE.matcher(zone.strip());
    return m.find() ? m.group(1) : null;
  }
}
