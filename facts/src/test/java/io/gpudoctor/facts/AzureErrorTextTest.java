package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Every Azure error form of the research notes (domain 5.3, 6.3), parsed from its exact text. */
class AzureErrorTextTest {
  private static final Instant AT = Instant.parse("2026-05-12T09:40:00Z");
  private static final Provenance WHERE = Provenance.of("operation.json", "/error");

  private static AzureError parse(String code, String message) {
    return AzureErrorText.parse(code, message, "test", null, null, AT, WHERE);
  }

  @Test
  void regionalQuotaExceededGivesTheRegionalTierAndTheStatedMinimumNewLimit() {
    AzureError e = parse("QuotaExceeded", "Operation could not be completed as it results in exceeding approved Total "
        + "Regional Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, Current "
        + "Limit: 4, Current Usage: 4, Additional Required: 2, (Minimum) New Limit Required: 6. Submit a request for "
        + "Quota increase at https://aka.ms/ProdportalCRP/");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_REGIONAL);
    assertThat(e.family()).isNull();
    assertThat(e.region()).isEqualTo("eastus");
    assertThat(e.currentLimit()).isEqualTo(4);
    assertThat(e.currentUsage()).isEqualTo(4);
    assertThat(e.additionalRequired()).isEqualTo(2);
    assertThat(e.minimumNewLimit()).isEqualTo(6);
  }

  @Test
  void familyQuotaInOperationNotAllowedGivesTheFamilyTier() {
    AzureError e = parse("OperationNotAllowed", "Operation could not be completed as it results in exceeding approved "
        + "standardDLSv5Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, "
        + "Current Limit: 100, Current Usage: 56, Additional Required: 64, (Minimum) New Limit Required: 120.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_FAMILY);
    assertThat(e.family()).isEqualTo("standardDLSv5Family");
    assertThat(e.minimumNewLimit()).isEqualTo(120);
  }

  @Test
  void minimumNewLimitIsCurrentUsagePlusAdditionalRequiredWhenNotStated() {
    // ARM's own "(Minimum) New Limit Required" for these numbers is 120: usage + additional, not limit + additional.
    AzureError e = parse("OperationNotAllowed", "Operation could not be completed as it results in exceeding approved "
        + "standardNCADSA100v4Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: "
        + "eastus, Current Limit: 100, Current Usage: 56, Additional Required: 64.");

    assertThat(e.newLimitRequired()).isNull();
    assertThat(e.minimumNewLimit()).isEqualTo(120);
  }

  @Test
  void minimumNewLimitIsUnknownWhenTheMessageGivesNoUsage() {
    AzureError e = parse("QuotaExceeded", "Operation could not be completed as it results in exceeding approved "
        + "standardNCSv3Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: "
        + "westeurope, Current Limit: 6, Additional Required: 6.");

    assertThat(e.currentLimit()).isEqualTo(6);
    assertThat(e.minimumNewLimit()).as("the limit alone does not say what is in use").isNull();
  }

  @Test
  void quotaLimitsOfCoreGivesMaximumUsageAndAdditional() {
    AzureError e = parse("QuotaExceeded",
        "Operation results in exceeding quota limits of Core. Maximum allowed: 450, Current in use: 449, Additional requested: 8.");
    AzureError belowLimit = parse("OperationNotAllowed",
        "Operation results in exceeding quota limits of Core. Maximum allowed: 10, Current in use: 7, Additional requested: 4.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_REGIONAL);
    assertThat(e.minimumNewLimit()).isEqualTo(457);
    assertThat(belowLimit.currentLimit()).isEqualTo(10);
    assertThat(belowLimit.minimumNewLimit()).as("7 in use + 4 more").isEqualTo(11);
  }

  @Test
  void insufficientVcpuQuotaGivesRequestedRemainingFamilyAndRegion() {
    AzureError e = parse("ErrCode_InsufficientVCPUQuota",
        "Insufficient vcpu quota requested 6, remaining 4 for family standardDCSv2Family for region westeurope.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_FAMILY);
    assertThat(e.requested()).isEqualTo(6);
    assertThat(e.remaining()).isEqualTo(4);
    assertThat(e.family()).isEqualTo("standardDCSv2Family");
    assertThat(e.region()).isEqualTo("westeurope");
    assertThat(e.minimumNewLimit()).as("the limit itself is not in the message").isNull();
  }

  @Test
  void insufficientVcpuQuotaWithSurgeNoteAndLeftRegionalQuota() {
    AzureError surge = parse(null, "Insufficient vcpu quota requested 2, remaining 0 for family StandardDasv7Family for "
        + "region eastus. Surge nodes would also consume vcpu quota.");
    AzureError regional = parse(null, "left regional vcpu quota 0, requested quota 2");

    assertThat(surge.family()).as("the quota key az vm list-usage prints").isEqualTo("standardDasv7Family");
    assertThat(surge.vcpuQuota()).isTrue();
    assertThat(surge.region()).isEqualTo("eastus");
    assertThat(regional.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(regional.tier()).isEqualTo(AzureError.TIER_REGIONAL);
    assertThat(regional.remaining()).isZero();
    assertThat(regional.requested()).isEqualTo(2);
  }

  @Test
  void napQuotaReasonsGiveTheirTiers() {
    AzureError subscription = parse("SubscriptionQuotaReached", "subscription level on-demand vCPU quota for "
        + "Standard_NC24ads_A100_v4 has been reached (may try provision an alternative instance type)");
    AzureError regional = parse("RegionalQuotaReached", "regional on-demand vCPU quota limit for subscription has been "
        + "reached. To scale beyond this limit, please review the quota increase process here: "
        + "https://learn.microsoft.com/en-us/azure/quotas/regional-quota-requests");

    assertThat(subscription.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(subscription.tier()).isEqualTo(AzureError.TIER_FAMILY);
    assertThat(subscription.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(regional.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(regional.tier()).isEqualTo(AzureError.TIER_REGIONAL);
  }

  @Test
  void skuNotAvailableIsNeverQuota() {
    AzureError arm = parse("SkuNotAvailable", "The requested size for resource '/subscriptions/s/resourceGroups/MC_rg/"
        + "providers/Microsoft.Compute/virtualMachineScaleSets/aks-gpunp-36854149-vmss' is currently not available in "
        + "location 'eastus' zones '2' for subscription 's'. Please try another size or deploy to a different location or zones.");
    AzureError nap = parse("SKUNotAvailable", "the requested SKU is unavailable for instance type Standard_NC24ads_A100_v4 "
        + "in zone eastus-2 with capacity type on-demand, for more details please visit: https://aka.ms/azureskunotavailable");

    assertThat(arm.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(arm.region()).isEqualTo("eastus");
    assertThat(arm.zone()).isEqualTo("2");
    assertThat(nap.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(nap.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(nap.zone()).isEqualTo("eastus-2");
  }

  @Test
  void aksRefusingASizeTheSubscriptionIsNotOfferedIsSkuEligibilityNamingTheSizeWhenTheMessageDoes() {
    AzureError named = parse("BadRequest", "The VM size of Standard_NC24ads_A100_v4 is not allowed in your subscription in "
        + "location 'westeurope'. For more details, please visit https://aka.ms/aks/quotas-skus-regions");
    AzureError pool = parse("BadRequest", "The VM size of AgentPoolProfile:nodepool1 is not allowed in your subscription in "
        + "location 'eastus'. The available VM sizes are Standard_D16_v3,Standard_D16a_v4");

    assertThat(named.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(named.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(named.region()).isEqualTo("westeurope");
    assertThat(pool.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(pool.vmSize()).isNull();
    assertThat(pool.region()).isEqualTo("eastus");
  }

  @Test
  void zonalRegionalAndOverconstrainedAllocationAreCapacity() {
    assertThat(parse("ZonalAllocationFailed", "Allocation failed. We do not have sufficient capacity for the requested VM "
        + "size in this zone. Read more about improving likelihood of allocation success at https://aka.ms/allocation-guidance.").kind())
        .isEqualTo(AzureErrorKind.ZONAL_CAPACITY);
    assertThat(parse("AllocationFailed", "Allocation failed. We do not have sufficient capacity for the requested VM size in this region.").kind())
        .isEqualTo(AzureErrorKind.REGIONAL_CAPACITY);
    assertThat(parse("OverconstrainedAllocationRequest", "Create or update VMSS failed. Allocation failed. VM(s) with the "
        + "following constraints cannot be allocated, because the condition is too restrictive. Please remove some "
        + "constraints and try again. Constraints applied are: - Differencing (Ephemeral) Disks  - Networking Constraints "
        + "(such as Accelerated Networking or IPv6)  - VM Size").kind()).isEqualTo(AzureErrorKind.OVERCONSTRAINED);
    // Karpenter truncates a NodeClaim condition message: the code must carry it when the sentence is cut.
    assertThat(parse("LaunchFailed", "creating instance, agentPool.BeginCreateOrUpdate for \"ws7c1d2e9a4\" failed: PUT "
        + "https://management.azure.com/x\n----\nRESPONSE 409: 409 Conflict\nERROR CODE: OverconstrainedZonalAllocationRequest\n"
        + "----\n{\n  \"code\": \"OverconstrainedZonalAllocationRequest\",\n  \"message\": \"Allocation failed. VM(s) with the "
        + "following constraints cannot be allocated, because the condi").kind()).isEqualTo(AzureErrorKind.OVERCONSTRAINED);
    AzureError napZone = parse("ZonalAllocationFailure",
        "unable to allocate resources in the selected zone (eastus-1). (will try a different zone to fulfill your request)");
    assertThat(napZone.kind()).isEqualTo(AzureErrorKind.ZONAL_CAPACITY);
    assertThat(napZone.zone()).isEqualTo("eastus-1");
    AzureError napSize = parse("AllocationFailure", "unable to allocate resources with selected VM size "
        + "(Standard_NC24ads_A100_v4). (will try a different VM size to fulfill your request)");
    assertThat(napSize.kind()).isEqualTo(AzureErrorKind.REGIONAL_CAPACITY);
    assertThat(napSize.vmSize()).isEqualTo("Standard_NC24ads_A100_v4");
    assertThat(parse("LaunchFailed", "all requested instance types were unavailable during launch").kind())
        .isEqualTo(AzureErrorKind.INSTANCE_TYPES_UNAVAILABLE);
  }

  @Test
  void internalAllocationFailureIsNeitherQuotaNorCapacity() {
    AzureError e = parse("AllocationFailed",
        "The VM allocation failed due to an internal error. Please retry later or try deploying to a different location.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.ALLOCATION_INTERNAL);
    assertThat(e.kind().capacity()).isFalse();
  }

  @Test
  void theCodeInsideAWrappedSdkErrorIsFound() {
    AzureError e = parse("LaunchFailed", "creating instance, agentPool.BeginCreateOrUpdate for \"ws3943854b9\" failed: PUT "
        + "https://management.azure.com/x\n----\nRESPONSE 400: 400 Bad Request\nERROR CODE: SkuNotAvailable\n----\n{}");

    assertThat(e.code()).as("the Azure code, not Karpenter's wrapper reason").isEqualTo("SkuNotAvailable");
    assertThat(e.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
  }

  @Test
  void aMessageThatIsNoAllocationErrorIsNotAnAzureError() {
    assertThat(parse("NotLaunched", "Node not launched")).isNull();
    assertThat(parse("workspaceResourceStatusFailed", "check nodeClaim status timed out. nodeClaim ws3943854b9 is not ready")).isNull();
  }

  @Test
  void aksNodeGroupNamesMapToTheirPool() {
    assertThat(NodeGroupNames.pool("aks-gpunp-36854149-vmss")).isEqualTo("gpunp");
    assertThat(NodeGroupNames.pool("ws3943854b9")).isEqualTo("ws3943854b9");
    assertThat(NodeGroupNames.pool(null)).isNull();
  }

  @Test
  void theOlderDisplayFormOfAFamilyComesOutAsItsQuotaKey() {
    AzureError e = parse("QuotaExceeded", "Operation could not be completed as it results in exceeding approved Standard "
        + "NCASv3_T4 Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: westus2, "
        + "Current Limit: 0, Current Usage: 0, Additional Required: 8, (Minimum) New Limit Required: 8.");

    assertThat(e.tier()).isEqualTo(AzureError.TIER_FAMILY);
    assertThat(e.family()).isEqualTo("standardNCASv3_T4Family");
    assertThat(e.vcpuQuota()).isTrue();
    assertThat(e.minimumNewLimit()).isEqualTo(8);
  }

  @Test
  void totalRegionalLowPriorityCoresIsTheRegionalTierNotAFamily() {
    AzureError e = parse("QuotaExceeded", "Operation could not be completed as it results in exceeding approved Total "
        + "Regional Low-priority Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, "
        + "Current Limit: 10, Current Usage: 8, Additional Required: 24, (Minimum) New Limit Required: 32.");

    assertThat(e.tier()).isEqualTo(AzureError.TIER_REGIONAL);
    assertThat(e.family()).isNull();
  }

  @Test
  void theGenericQuotaCheckForManagedClustersIsAnotherQuotaNotVcpus() {
    AzureError e = parse("QuotaExceeded", "Operation results in exceeding quota limits for managed clusters. Maximum "
        + "allowed: 5, Current usage: 5, Additional requested: 1.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.OTHER_QUOTA);
    assertThat(e.quotaResource()).isEqualTo("managed clusters");
    assertThat(e.vcpuQuota()).isFalse();
    assertThat(e).extracting(AzureError::currentLimit, AzureError::currentUsage, AzureError::additionalRequired,
        AzureError::minimumNewLimit).containsExactly(5, 5, 1, 6);
  }

  @Test
  void theGenericQuotaCheckOfCoreIsTheRegionalVcpuQuota() {
    AzureError e = parse("OperationNotAllowed", "Operation results in exceeding quota limits of Core. Maximum allowed: 48, "
        + "Current in use: 40, Additional requested: 16.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_REGIONAL);
    assertThat(e.vcpuQuota()).isTrue();
    assertThat(e.minimumNewLimit()).isEqualTo(56);
  }

  @Test
  void aBareQuotaExceededCodeIsQuotaWhoseResourceIsNotStated() {
    AzureError e = parse("QuotaExceeded", "The template deployment is not valid according to the validation procedure.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.quotaResource()).isNull();
    assertThat(e.vcpuQuota()).isFalse();
  }

  @Test
  void azureMachineLearningsFamilyQuotaWordingGivesTheFamilyKeyAndWhatIsNeeded() {
    AzureError e = parse(null, "The specified subscription has a Standard NCSv3 family vCPU quota of 0 and cannot "
        + "accomodate for at least 2 requested managed compute nodes which maps to 12 vCPUs. Talk to your Subscription "
        + "Admin to increase the family quota");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.tier()).isEqualTo(AzureError.TIER_FAMILY);
    assertThat(e.family()).isEqualTo("standardNCSv3Family");
    assertThat(e).extracting(AzureError::currentLimit, AzureError::additionalRequired, AzureError::minimumNewLimit)
        .containsExactly(0, 12, 12);
  }

  @Test
  void aFamilyQuotaAboveZeroInAzureMachineLearningsWordingLeavesTheUsageUnknown() {
    AzureError e = parse(null, "The specified subscription has a Standard NDASv4_A100 family vCPU quota of 96 and cannot "
        + "accomodate for at least 1 requested managed compute nodes which maps to 96 vCPUs.");

    assertThat(e.currentLimit()).isEqualTo(96);
    assertThat(e.currentUsage()).isNull();
    assertThat(e.minimumNewLimit()).isNull();
  }

  @Test
  void aksRefusingAnAutoscaledPoolBesideNodeAutoProvisioningIsTheClustersConfigurationNeverQuota() {
    AzureError e = parse("OperationNotAllowed", ".properties.nodeProvisioningProfile.mode cannot be Auto while any AgentPools "
        + "have .properties.enableAutoScaling enabled");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.CONFIGURATION);
    assertThat(e.code()).isEqualTo("OperationNotAllowed");
  }

  @Test
  void operationNotAllowedWithoutQuotaInItsMessageIsNotQuota() {
    assertThat(parse("OperationNotAllowed", "The operation is not supported for this cluster configuration.")).isNull();
    assertThat(parse("OperationNotAllowed", "Operation is not allowed: Another operation (Updating) is in progress, please "
        + "wait for it to finish before starting a new operation. See https://aka.ms/aks-pending-operation for more details")
        .kind()).isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("OperationNotAllowed", "Operation could not be completed as it results in exceeding approved "
        + "standardNCSv3Family Cores quota.").kind()).isEqualTo(AzureErrorKind.QUOTA);
  }

  @Test
  void aksConcurrentOperationConflictsInEveryWordingAreOneKind() {
    assertThat(parse("OriginalEtagNotExpect", "Failed to save agent pool wsc15a5e295 ... This operation has been preempted "
        + "by Deleting operation.").kind()).isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("EtagMismatch", "Operation is not allowed: Another operation is in progress").kind())
        .isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("OperationNotAllowed", "Operation is not allowed: Another agentpool operation (nodepool1 - Creating) is "
        + "in progress, please wait for it to finish before starting a new operation.").kind())
        .isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("OperationNotAllowed", "Operation is not allowed because there's an in progress update managed cluster "
        + "operation (operation ID: e375d315-218c-4dff-b806-7ab63b0bb63a) on the managed cluster started on UTC "
        + "2026-05-22T07:19:23Z. Please wait for it to finish before starting a new operation.").kind())
        .isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("AKSOperationPreempted", "This operation has been preempted by another operation with ID "
        + "6f8a1c2e-0000-4b1d-9a2b-3c4d5e6f7a8b").kind()).isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
    assertThat(parse("OperationNotAllowed", "managed cluster is in Provisioning State(Updating) and Power State(Running), "
        + "starting cannot be performed").kind()).isEqualTo(AzureErrorKind.OPERATION_CONFLICT);
  }

  @Test
  void theAgentPoolAFailedSaveNamesIsTheErrorsPool() {
    AzureError e = parse("OriginalEtagNotExpect", "Failed to save agent pool wsc15a5e295 ... This operation has been "
        + "preempted by Deleting operation.");

    assertThat(e.pool()).isEqualTo("wsc15a5e295");
    assertThat(NodeGroupNames.kaitoPool(e.pool())).isTrue();
    assertThat(NodeGroupNames.kaitoPool("gpunp")).isFalse();
  }

  @Test
  void aKnownCodeAloneIsItsKindWithTheMessageMissing() {
    AzureError e = parse("OverconstrainedZonalAllocationRequest", "");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.OVERCONSTRAINED);
    assertThat(e.codeOnly()).isTrue();
    assertThat(e.quote()).isEqualTo("test: OverconstrainedZonalAllocationRequest");
    assertThat(parse("OverconstrainedZonalAllocationRequest", "Allocation failed.").codeOnly()).isFalse();
  }

  @Test
  void onlyTheExactSpellingOfACodeThatSaysItsKindIsKnownBare() {
    assertThat(AzureErrorText.knownCode("OverconstrainedZonalAllocationRequest")).isTrue();
    assertThat(AzureErrorText.knownCode("ZonalAllocationFailed")).isTrue();
    assertThat(AzureErrorText.knownCode("OriginalEtagNotExpect")).isTrue();
    assertThat(AzureErrorText.knownCode("overconstrainedzonalallocationrequest")).isFalse();
    assertThat(AzureErrorText.knownCode("OverconstrainedZonalAllocation")).isFalse();
    // Internal or capacity, quota or not: these codes say nothing without their message.
    assertThat(AzureErrorText.knownCode("AllocationFailed")).isFalse();
    assertThat(AzureErrorText.knownCode("OperationNotAllowed")).isFalse();
  }
}
