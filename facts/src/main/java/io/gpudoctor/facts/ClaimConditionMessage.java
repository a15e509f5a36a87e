package io.gpudoctor.facts;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of Karpenter's NodeClaim condition messages that say where a launched claim is stuck, as
 * karpenter core writes them (the v1alpha5 Machine of v0.28-v0.31, the NodeClaim of v0.32+ and v1,
 * the same words; AKS node auto-provisioning runs the same core):
 * <ul>
 *   <li>{@link Kind#NODE_NOT_REGISTERED}: {@code Node not registered with cluster}, reason
 *       {@code NodeNotFound}, on Registered and Initialized while no node with the claim's provider
 *       id has joined (registration.go, initialization.go); the claim is deleted 15 minutes after
 *       launch and a new one made;</li>
 *   <li>{@link Kind#RESOURCE_NOT_REGISTERED}: {@code Resource "nvidia.com/gpu" was requested but not
 *       registered}, reason {@code ResourceNotRegistered}, on Initialized: the node joined and its
 *       allocatable lacks a resource the claim requested (initialization.go).</li>
 * </ul>
 * Read from the claim's object or describe, or pasted bare. {@code claim} is null when the text names
 * none; {@code resource} is null for NODE_NOT_REGISTERED. {@code gpuContext}: the text it was pasted in
 * names NVIDIA GPUs (a bare message says nothing of the claim's size). {@code azureContext}: the text names
 * Karpenter for Azure (AKS node auto-provisioning) as the provisioner: its API group and label prefix
 * {@code karpenter.azure.com}, its node class kind {@code AKSNodeClass}, or an {@code azure://} provider id.
 */
public record ClaimConditionMessage(String claim, Kind kind, String resource, String message, boolean gpuContext,
    boolean azureContext, Provenance provenance) {

  public enum Kind { NODE_NOT_REGISTERED, RESOURCE_NOT_REGISTERED }

  private static final String NOT_REGISTERED = "Node not registered with cluster";
  private static final Pattern RESOURCE = Pattern.compile(
      "Resource \\\\?\"([A-Za-z0-9][A-Za-z0-9./_-]*)\\\\?\" was requested but not registered");
  /**
   * What makes a text about NVIDIA GPUs: the resource, Karpenter for Azure's GPU labels, an N-series size. A word is
   * one not inside a longer ASCII word ({@code gpustack} is none); CJK text around it ({@code GPU节点}) does not join it,
   * as Java's {@code \b} (up to JDK 18) would have it.
   */
  private static final Pattern GPU_WORDS = Pattern.compile(
      "nvidia\\.com/|sku-gpu-|(?<![a-z0-9_])(?:standard_n[cdv]\\d|nvidia(?![a-z0-9_])|gpu(?![a-z0-9_]))",
      Pattern.CASE_INSENSITIVE);

  /** Karpenter for Azure's own names: API group and label prefix, node class kind, provider id scheme. */
  private static final Pattern AZURE_PROVIDER = Pattern.compile("karpenter\\.azure\\.com|\\bAKSNodeClass\\b|\\bazure:///");

  /** Whether the text holds either wording (cheap: most texts hold neither). */
  public static boolean mentions(String text) {
    return text != null && (text.contains("was requested but not registered") || text.contains(NOT_REGISTERED));
  }

  /** The message the text states, or null. JSON's escaped quotes ({@code \"}) are read too. */
  public static ClaimConditionMessage of(String claim, String text, boolean gpuContext, Provenance at) {
    return of(claim, text, gpuContext, false, at);
  }

  /** The message the text states, pasted in a text that does or does not name Karpenter for Azure; or null. */
  public static ClaimConditionMessage of(String claim, String text, boolean gpuContext, boolean azureContext, Provenance at) {
    if (!mentions(text)) return null;
    Matcher m = RESOURCE.matcher(text);
    if (m.find()) {
      return new ClaimConditionMessage(claim, Kind.RESOURCE_NOT_REGISTERED, m.group(1),
          "Resource \"" + m.group(1) + "\" was requested but not registered", gpuContext, azureContext, at);
    }
    if (!text.contains(NOT_REGISTERED)) return null;
    return new ClaimConditionMessage(claim, Kind.NODE_NOT_REGISTERED, null, NOT_REGISTERED, gpuContext, azureContext, at);
  }

  /** Whether a text names NVIDIA GPUs anywhere. */
  public static boolean namesGpus(String text) {
    return text != null && GPU_WORDS.matcher(text.toLowerCase(Locale.ROOT)).find();
  }

  /** Whether a text names Karpenter for Azure as the provisioner anywhere. */
  public static boolean namesAzureProvider(String text) {
    return text != null && AZURE_PROVIDER.matcher(text).find();
  }

  public boolean gpuResource() {
    return GpuResources.isGpuResource(resource);
  }

  public Evidence evidence() {
    return provenance.quote((claim == null ? "" : "nodeclaim " + claim + ": ") + message);
  }
}
