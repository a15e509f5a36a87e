package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Karpenter's word that the node of a NodeClaim lacks a resource the claim requested. Its
 * initialization controller keeps the claim's {@code Initialized} condition not True, reason
 * {@code ResourceNotRegistered}, message {@code Resource "nvidia.com/gpu" was requested but not
 * registered}, while the node's allocatable shows none of it (karpenter core initialization.go:
 * the v1alpha5 Machine of v0.28-v0.31, then the NodeClaim of v0.32+ and v1, the same wording; AKS
 * node auto-provisioning runs the same core). Read from the claim's object, its describe, or the
 * message pasted bare; {@code claim} is null when the text names none.
 */
public record ClaimResourceMissing(String claim, String resource, String message, Provenance provenance) {
  private static final Pattern WORDING = Pattern.compile("Resource \\\\?\"([A-Za-z0-9][A-Za-z0-9./_-]*)\\\\?\" was requested but not registered");

  /** Whether the text holds the wording (cheap: most texts do not). */
  public static boolean mentions(String text) {
    return text != null && text.contains("was requested but not registered");
  }

  /** The claim's missing resource the text states, or null. JSON's escaped quotes ({@code \"}) are read too. */
  public static ClaimResourceMissing of(String claim, String text, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = WORDING.matcher(text);
    if (!m.find()) return null;
    return new ClaimResourceMissing(claim, m.group(1), "Resource \"" + m.group(1) + "\" was requested but not registered", at);
  }

  public boolean gpuResource() {
    return GpuResources.isGpuResource(resource);
  }

  public Evidence evidence() {
    return provenance.quote((claim == null ? "" : "nodeclaim " + claim + ": ") + message);
  }
}
