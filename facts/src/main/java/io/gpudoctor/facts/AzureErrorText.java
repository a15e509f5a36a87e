package io.gpudoctor.facts;

import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Classifies an Azure error code and message and pulls out the quota fields, in every form the
 * research notes record (domain 5.3, 6.3): ARM {@code QuotaExceeded} (regional and family, the
 * family as a key or in the older display form "Standard NCASv3_T4 Family"), the generic ARM
 * "exceeding quota limits of|for <resource>" (vCPUs for Core, else another quota such as managed
 * clusters), {@code OperationNotAllowed ... quota}, AKS {@code ErrCode_InsufficientVCPUQuota}, Azure
 * Machine Learning's "family vCPU quota of N", the NAP (karpenter-provider-azure) reasons,
 * {@code SkuNotAvailable}, {@code ZonalAllocationFailed}, both {@code AllocationFailed} variants and
 * {@code OverconstrainedAllocationRequest}. Families come out as their quota key ({@link QuotaFamilies}).
 * AKS's refusals that are none of these are classified too, so that they are never read as quota: a pool
 * request the cluster's configuration forbids (node auto-provisioning beside the cluster autoscaler) and
 * an operation that conflicts with another one on the cluster or the pool (etag, in-progress, preempted).
 */
public final class AzureErrorText {
  private static final int F = Pattern.CASE_INSENSITIVE;
  // The code inside a wrapped message: azure-sdk-for-go "ERROR CODE: X", ARM JSON "code": "X", autorest Code="X".
  private static final Pattern EMBEDDED_CODE = Pattern.compile(
      "(?:ERROR CODE:\\s*|\"code\"\\s*:\\s*\"|Code=\")([A-Za-z_]+)");
  private static final Pattern CURRENT_LIMIT = Pattern.compile("Current Limit:\\s*(\\d+)", F);
  private static final Pattern CURRENT_USAGE = Pattern.compile("Current Usage:\\s*(\\d+)", F);
  private static final Pattern ADDITIONAL_REQUIRED = Pattern.compile("Additional Required:\\s*(\\d+)", F);
  private static final Pattern NEW_LIMIT = Pattern.compile("New Limit Required:\\s*(\\d+)", F);
  private static final Pattern LOCATION = Pattern.compile("Location:\\s*([A-Za-z0-9]+)");
  // "exceeding approved standardDLSv5Family Cores quota" / "exceeding approved Total Regional Cores quota"
  private static final Pattern APPROVED = Pattern.compile("exceeding approved (.+?) Cores quota", F);
   // ARM's generic quota check, for any resource it counts: "Operation results in exceeding quota limits of
  // Core. Maximum allowed: 450, Current in use: 449, Additional requested: 8." (compute), "... quota limits
  // for managed clusters. Maximum allowed: 20, Current usage: 20, Additional requested: 1." (AKS).
  private static final Pattern LIMITS_OF = Pattern.compile("exceeding quota limits (?:of|for) (.+?)\\.(?:\\s|$)", F);
  private static final Pattern LIMITS_NUMBERS = Pattern.compile(
      "Maximum allowed:\\s*(\\d+),\\s*Current (?:in use|usage):\\s*(\\d+),\\s*Additional requested:\\s*(\\d+)", F);
  /** The resources of the generic check that are vCPUs: Core (the regional total), LowPriorityCores, vCPUs. */
  private static final Pattern VCPU_RESOURCE = Pattern.compile("(?i).*(?:core|vcpu)s?");
  // Azure Machine Learning: "The specified subscription has a Standard NC family vCPU quota of 0 and cannot
  // accomodate for at least 1 requested managed compute nodes which maps to 12 vCPUs." (its spelling)
  private static final Pattern AML_FAMILY = Pattern.compile(
      "has an? (.+? family) vCPU quota of (\\d+) and cannot accom+odate for at least (\\d+) requested managed compute "
          + "nodes? which maps? to (\\d+) vCPUs", F);
  // "Insufficient vcpu quota requested 6, remaining 4 for family standardDCSv2Family for region westeurope."
  private static final Pattern INSUFFICIENT_VCPU = Pattern.compile(
      "Insufficient vcpu quota requested (\\d+), remaining (\\d+) for family (\\S+) for region ([A-Za-z0-9]+)", F);
  // "left regional vcpu quota 0, requested quota 2"
  private static final Pattern LEFT_REGIONAL = Pattern.compile("left regional vcpu quota (\\d+), requested quota (\\d+)", F);
  // NAP: "subscription level %s vCPU quota for %s has been reached (may try provision an alternative instance type)"
  private static final Pattern NAP_SUBSCRIPTION = Pattern.compile("subscription level (\\S+) vCPU quota for (\\S+) has been reached", F);
  // NAP: "regional %s vCPU quota limit for subscription has been reached."
  private static final Pattern NAP_REGIONAL = Pattern.compile("regional (\\S+ )?vCPU quota limit for subscription has been reached", F);
  private static final Pattern NAP_SPOT = Pattern.compile("reached the regional vCPU quota for spot", F);
  // "The requested size for resource '<id>' is currently not available in location '<loc>' zones '<zones>' for subscription"
  private static final Pattern SKU_NOT_AVAILABLE = Pattern.compile(
      "is currently not available in location '([^']*)'(?: zones '([^']*)')?", F);
  // AKS's check of a pool's size against what the subscription is offered in the region (az aks create, nodepool add):
  // "The VM size of Standard_NC24ads_A100_v4 is not allowed in your subscription in location 'westeurope'." (or
  // "of AgentPoolProfile:nodepool1"), then "For more details, please visit https://aka.ms/..." or "The available VM sizes are ...".
  private static final Pattern SIZE_NOT_ALLOWED = Pattern.compile(
      "The VM size of (\\S+) is not allowed in your subscription in location '([^']*)'", F);
  // NAP: "the requested SKU is unavailable for instance type %s in zone %s with capacity type %s"
  private static final Pattern NAP_SKU = Pattern.compile(
      "the requested SKU is unavailable for instance type (\\S+) in zone (\\S+) with capacity type (\\S+?),?\\s", F);
  private static final Pattern ZONAL = Pattern.compile("sufficient capacity for the requested VM size in this zone", F);
  private static final Pattern NAP_ZONAL = Pattern.compile("unable to allocate resources in the selected zone \\(([^)]*)\\)", F);
  private static final Pattern REGIONAL = Pattern.compile("sufficient capacity for the requested VM size in this region", F);
  private static final Pattern NAP_ALLOCATION = Pattern.compile("unable to allocate resources with selected VM size \\(([^)]*)\\)", F);
  private static final Pattern OVERCONSTRAINED = Pattern.compile("the condition is too restrictive", F);
  /** Compute's allocation, and the AKS resource provider's own ("ReconcileVMSSAgentPoolFailed", "InternalOperationError"). */
  private static final Pattern INTERNAL = Pattern.compile(
      "The VM allocation failed due to an internal error|We are unable to serve this request due to an internal error", F);
  /** AKS refuses a VM size for agent pools: "The VM SKUs chosen for agentpool(s) `X` are restricted by AKS." */
  public static final String AKS_RESTRICTED_SIZE = "are restricted by AKS";
  /** KAITO's ErrorInstanceTypesUnavailable (a terminal NodeClaim launch failure). */
  public static final String INSTANCE_TYPES_UNAVAILABLE = "all requested instance types were unavailable during launch";

  private static final Set<String> QUOTA_CODES = Set.of("quotaexceeded", "errcode_insufficientvcpuquota",
      "insufficientvcpuquota", "subscriptionquotareached", "regionalquotareached");
  /** Codes that name vCPU quota themselves. */
  private static final Set<String> NAP_VCPU_CODES = Set.of("errcode_insufficientvcpuquota", "insufficientvcpuquota",
      "subscriptionquotareached", "regionalquotareached");
  private static final Set<String> SKU_CODES = Set.of("skunotavailable");
  private static final Set<String> ZONAL_CODES = Set.of("zonalallocationfailed", "zonalallocationfailure");
  // ARM: OverconstrainedAllocationRequest, OverconstrainedZonalAllocationRequest (a zonal request);
  // NAP (karpenter-provider-azure) create-error reasons: Overconstrained[Zonal]AllocationFailure.
  private static final Set<String> OVERCONSTRAINED_CODES = Set.of("overconstrainedallocationrequest",
      "overconstrainedzonalallocationrequest", "overconstrainedzonalallocationfailure", "overconstrainedallocationfailure");

  private static final Set<String> KNOWN_OTHER_CODES = Set.of("operationnotallowed", "allocationfailed",
      "allocationfailure", "insufficientcapacityerror", "invalidtemplatedeployment");
  /**
   * AKS's concurrency codes: the agent pool's stored record changed under the write ({@code OriginalEtagNotExpect},
   * {@code EtagMismatch}), or a later operation preempted this one ({@code AKSOperationPreempted[ByDelete]}).
   */
  private static final Set<String> CONFLICT_CODES = Set.of("originaletagnotexpect", "etagmismatch", "aksoperationpreempted",
      "aksoperationpreemptedbydelete");
  // AKS (https://aka.ms/aks-pending-operation): "Operation is not allowed: Another operation (Updating) is in progress,
  // please wait for it to finish before starting a new operation.", "... Another agentpool operation (nodepool1 - Creating)
  // is in progress ...", "Managed cluster operation not allowed: Another operation (X) is in progress on agent pool (Y)",
  // EtagMismatch's "Operation is not allowed: Another operation is in progress"; the newer "Operation is not allowed because
  // there's an in progress update managed cluster operation (operation ID: ...)"; AKSOperationPreempted's "This operation has
  // been preempted by another operation with ID <id>" and "This operation has been preempted by Deleting operation."; az aks
  // start while another operation runs: "managed cluster is in Provisioning State(Updating) and Power State(Running),
  // starting cannot be performed".
  private static final Pattern CONFLICT = Pattern.compile(
      "Another (?:agentpool )?operation (?:\\([^)]*\\) )?is in progress|Operation is not allowed because there's an in progress"
          + "|This operation has been preempted by|is in Provisioning State\\(\\w+\\) and Power State\\(\\w+\\), \\w+ cannot be performed",
      F);
  /**
   * AKS's validation of a pool request on a cluster with node auto-provisioning (NAP) in Auto mode: {@code
   * (OperationNotAllowed) .properties.nodeProvisioningProfile.mode cannot be Auto while any AgentPools have
   * .properties.enableAutoScaling enabled}. The cluster's configuration refuses it; not quota, SKU or capacity.
   */
  public static final String NAP_WITH_AUTOSCALER = "nodeProvisioningProfile.mode cannot be Auto while any AgentPools have";
  /** The AKS resource provider's wrapper names the pool whose write failed: "Failed to save agent pool wsc15a5e295 ...". */
  private static final Pattern SAVED_POOL = Pattern.compile("Failed to save agent pool ([a-z][a-z0-9]{0,11})\\b");
  /**
   * The codes as Azure, AKS, NAP and Karpenter spell them, each one the classification above knows by its name alone. A
   * token named bare in prose is read as an error only when it is exactly one of these.
   */
  private static final Set<String> CODE_NAMES = Set.of("QuotaExceeded", "ErrCode_InsufficientVCPUQuota",
      "InsufficientVCPUQuota", "SubscriptionQuotaReached", "RegionalQuotaReached", "SkuNotAvailable", "SKUNotAvailable",
      "ZonalAllocationFailed", "ZonalAllocationFailure", "OverconstrainedAllocationRequest",
      "OverconstrainedZonalAllocationRequest", "OverconstrainedZonalAllocationFailure", "OverconstrainedAllocationFailure",
      "AllocationFailure", "InsufficientCapacityError", "VMExtensionProvisioningError", "OriginalEtagNotExpect",
      "EtagMismatch", "AKSOperationPreempted", "AKSOperationPreemptedByDelete");

  private AzureErrorText() {}

  /** Whether the token is exactly the name of a code that says by itself what the error is (case and all). */
  public static boolean knownCode(String token) {
    return token != null && CODE_NAMES.contains(token);
  }

  /** Whether the text holds AKS's refusal of a pool request for the cluster's configuration, or an operation conflict. */
  public static boolean mentionsRefusal(String text) {
    return text != null && (text.contains(NAP_WITH_AUTOSCALER) || CONFLICT.matcher(text).find());
  }

  /**
   * The error, classified; null when neither the code nor the message is an Azure allocation error
   * gpu-doctor knows (a NodeClaim that is merely not launched yet says nothing about Azure).
   */
  public static AzureError parse(String code, String message, String origin, String workspace, String nodeGroup,
      Instant at, Provenance provenance) {
    String text = message == null ? "" : message;
    // Karpenter on AWS and the autoscaler's ASGs relay EC2's own words: those are EC2's errors, not Azure's.
    AzureError ec2 = Ec2ErrorText.parse(text, origin, nodeGroup, at, provenance);
    if (ec2 != null) return ec2;
    String c = code == null ? "" : code.trim();
    Matcher embedded = EMBEDDED_CODE.matcher(text);
    String inner = embedded.find() ? embedded.group(1) : null;
    String lc = c.toLowerCase(Locale.ROOT);
    String lcInner = inner == null ? "" : inner.toLowerCase(Locale.ROOT);
    // A generic wrapper reason (Karpenter's LaunchFailed) gives way to the Azure code inside the message.
    boolean known = QUOTA_CODES.contains(lc) || SKU_CODES.contains(lc) || ZONAL_CODES.contains(lc)
        || OVERCONSTRAINED_CODES.contains(lc) || KNOWN_OTHER_CODES.contains(lc) || CONFLICT_CODES.contains(lc);
    Matcher saved = nodeGroup == null ? SAVED_POOL.matcher(text) : null;
    String group = saved != null && saved.find() ? saved.group(1) : nodeGroup;
    Builder b = new Builder(inner != null && !known ? inner : c, text, origin, workspace, group, at, provenance);

    // A failed bootstrap may be wrapped in an internal error ("SubCode: CniDownloadTimeoutVMExtensionError"): the VM exists.
    if (CseExitCode.mentions(text) || lc.equals("vmextensionprovisioningerror")) return b.kind(AzureErrorKind.NODE_BOOTSTRAP).build();
    if (INTERNAL.matcher(text).find()) return b.kind(AzureErrorKind.ALLOCATION_INTERNAL).build();
    // A refusal for the cluster's configuration or a concurrent operation names no quota: OperationNotAllowed is not quota by its code.
    if (text.contains(NAP_WITH_AUTOSCALER)) return b.kind(AzureErrorKind.CONFIGURATION).build();
    if (CONFLICT_CODES.contains(lc) || CONFLICT_CODES.contains(lcInner) || CONFLICT.matcher(text).find()) {
      return b.kind(AzureErrorKind.OPERATION_CONFLICT).build();
    }
    if (isQuota(lc, lcInner, text)) return quota(b, text, lc);
    Matcher m;
    if (SKU_CODES.contains(lc) || SKU_CODES.contains(lcInner) || (m = SKU_NOT_AVAILABLE.matcher(text)).find()
        || NAP_SKU.matcher(text + " ").find() || text.contains(AKS_RESTRICTED_SIZE) || text.contains("is not allowed in your subscription")
        && SIZE_NOT_ALLOWED.matcher(text).find()) {
      b.kind(AzureErrorKind.SKU_NOT_AVAILABLE);
      m = SIZE_NOT_ALLOWED.matcher(text);
      if (m.find()) {
        b.region = m.group(2);
        if (m.group(1).regionMatches(true, 0, "Standard_", 0, 9)) b.vmSize = m.group(1);
      }
      m = SKU_NOT_AVAILABLE.matcher(text);
      if (m.find()) {
        b.region = m.group(1);
        b.zone = m.group(2);
      }
      m = NAP_SKU.matcher(text + " ");
      if (m.find()) {
        b.vmSize = m.group(1);
        b.zone = m.group(2);
      }
      return b.build();
    }
    if (OVERCONSTRAINED_CODES.contains(lc) || OVERCONSTRAINED_CODES.contains(lcInner) || OVERCONSTRAINED.matcher(text).find()) {
      return b.kind(AzureErrorKind.OVERCONSTRAINED).build();
    }
    if (ZONAL_CODES.contains(lc) || ZONAL_CODES.contains(lcInner) || ZONAL.matcher(text).find()
        || NAP_ZONAL.matcher(text).find()) {
      m = NAP_ZONAL.matcher(text);
      if (m.find()) b.zone = m.group(1);
      return b.kind(AzureErrorKind.ZONAL_CAPACITY).build();
    }
    if (REGIONAL.matcher(text).find() || (m = NAP_ALLOCATION.matcher(text)).find() || lc.equals("allocationfailure")) {
      m = NAP_ALLOCATION.matcher(text);
      if (m.find()) b.vmSize = m.group(1);
      return b.kind(AzureErrorKind.REGIONAL_CAPACITY).build();
    }
    if (text.contains(INSTANCE_TYPES_UNAVAILABLE)) return b.kind(AzureErrorKind.INSTANCE_TYPES_UNAVAILABLE).build();
    // Karpenter's own classification: its event carries the provider's message, which said nothing more specific.
    if (lc.equals("insufficientcapacityerror")) return b.kind(AzureErrorKind.INSTANCE_TYPES_UNAVAILABLE).build();
    return null;
  }

  private static boolean isQuota(String lc, String lcInner, String text) {
    if (QUOTA_CODES.contains(lc) || QUOTA_CODES.contains(lcInner)) return true;
    boolean notAllowed = lc.equals("operationnotallowed") || lcInner.equals("operationnotallowed");
    String t = text.toLowerCase(Locale.ROOT);
    if (notAllowed && t.contains("quota")) return true;
    return APPROVED.matcher(text).find() || LIMITS_OF.matcher(text).find() || AML_FAMILY.matcher(text).find()
        || INSUFFICIENT_VCPU.matcher(text).find() || LEFT_REGIONAL.matcher(text).find()
        || NAP_SUBSCRIPTION.matcher(text).find() || NAP_REGIONAL.matcher(text).find() || NAP_SPOT.matcher(text).find();
  }

  private static AzureError quota(Builder b, String text, String lc) {
    b.kind(AzureErrorKind.QUOTA);
    b.currentLimit = number(CURRENT_LIMIT, text);
    b.currentUsage = number(CURRENT_USAGE, text);
    b.additionalRequired = number(ADDITIONAL_REQUIRED, text);
    b.newLimitRequired = number(NEW_LIMIT, text);
    Matcher m = LOCATION.matcher(text);
    if (m.find()) b.region = m.group(1);
    m = APPROVED.matcher(text);
    if (m.find()) {
      String quota = m.group(1).trim();
      // "Total Regional Cores", and for spot "Total Regional Low-priority Cores".
      if (quota.toLowerCase(Locale.ROOT).startsWith("total regional")) {
        b.regionalVcpus();
      } else {
        b.familyVcpus(quota);
      }
    }
    m = LIMITS_OF.matcher(text);
    if (m.find()) {
      String resource = m.group(1).trim();
      Matcher numbers = LIMITS_NUMBERS.matcher(text);
      if (numbers.find()) {
        b.currentLimit = Integer.valueOf(numbers.group(1));
        b.currentUsage = Integer.valueOf(numbers.group(2));
        b.additionalRequired = Integer.valueOf(numbers.group(3));
      }
      if (!VCPU_RESOURCE.matcher(resource).matches()) {
        b.quotaResource = resource;
        return b.kind(AzureErrorKind.OTHER_QUOTA).build();
      }
      b.regionalVcpus();
    }
    m = INSUFFICIENT_VCPU.matcher(text);
    if (m.find()) {
      b.familyVcpus(m.group(3));
      b.requested = Integer.valueOf(m.group(1));
      b.remaining = Integer.valueOf(m.group(2));
      b.region = m.group(4);
    }
    m = AML_FAMILY.matcher(text);
    if (m.find()) {
      b.familyVcpus(m.group(1));
      b.currentLimit = Integer.valueOf(m.group(2));
      b.additionalRequired = Integer.valueOf(m.group(4));
      // The message gives the limit, not the usage; under a limit of 0 nothing can be in use.
      if (b.currentLimit == 0) b.currentUsage = 0;
    }
    m = LEFT_REGIONAL.matcher(text);
    if (m.find()) {
      b.regionalVcpus();
      b.remaining = Integer.valueOf(m.group(1));
      b.requested = Integer.valueOf(m.group(2));
    }
    m = NAP_SUBSCRIPTION.matcher(text);
    if (m.find()) {
      b.tier = AzureError.TIER_FAMILY;
      b.vmSize = m.group(2);
    }
    if (NAP_REGIONAL.matcher(text).find() || NAP_SPOT.matcher(text).find() || lc.equals("regionalquotareached")) {
      b.tier = AzureError.TIER_REGIONAL;
    }
    if (b.tier == null && lc.equals("subscriptionquotareached")) b.tier = AzureError.TIER_FAMILY;
    // NAP's reasons and the AKS pre-flight code are vCPU quota by their name; a bare QuotaExceeded is not said to be.
    if (NAP_VCPU_CODES.contains(lc) || NAP_SUBSCRIPTION.matcher(text).find() || NAP_REGIONAL.matcher(text).find()
        || NAP_SPOT.matcher(text).find()) {
      b.quotaResource = AzureError.VCPUS;
    }
    return b.build();
  }

  private static Integer number(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }

  private static final class Builder {
    final String code;
    final String message;
    final String origin;
    final String workspace;
    final String nodeGroup;
    final Instant at;
    final Provenance provenance;
    AzureErrorKind kind = AzureErrorKind.OTHER;
    String tier;
    String family;
    String region;
    String zone;
    String vmSize;
    Integer currentLimit;
    Integer currentUsage;
    Integer additionalRequired;
    Integer newLimitRequired;
    Integer requested;
    Integer remaining;
    String quotaResource;

    /** A quota of the vCPUs of one VM family (keyed as the quota's family name). */
    void familyVcpus(String familyName) {
      tier = AzureError.TIER_FAMILY;
      quotaResource = AzureError.VCPUS;
      family = QuotaFamilies.key(familyName);
    }

    /** The region's total vCPU quota. */
    void regionalVcpus() {
      tier = AzureError.TIER_REGIONAL;
      quotaResource = AzureError.VCPUS;
    }

    Builder(String code, String message, String origin, String workspace, String nodeGroup, Instant at,
        Provenance provenance) {
      this.code = code;
      this.message = message;
      this.origin = origin;
      this.workspace = workspace;
      this.nodeGroup = nodeGroup;
      this.at = at;
      this.provenance = provenance;
    }

    Builder kind(AzureErrorKind k) {
      this.kind = k;
      return this;
    }

    AzureError build() {
      return new AzureError(code, message, kind, tier, family, region, zone, vmSize, currentLimit, currentUsage,
          additionalRequired, newLimitRequired, requested, remaining, origin, workspace, nodeGroup, at, provenance,
          AzureError.AZURE, quotaResource, false);
    }
  }
}
