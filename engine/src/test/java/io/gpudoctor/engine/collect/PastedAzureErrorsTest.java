package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorKind;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.gpudoctor.facts.MentionedGpus;
import io.gpudoctor.facts.MentionedVmSize;

/** Azure errors pasted as az, the portal, an ARM body or a controller's error string print them. */
class PastedAzureErrorsTest {
  private static final String FAMILY_QUOTA = "Operation could not be completed as it results in exceeding approved "
      + "standardNCadsH100v5Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: "
      + "westeurope, Current Limit: 0, Current Usage: 0, Additional Required: 40, (Minimum) New Limit Required: 40. "
      + "Submit a request for Quota increase at https://aka.ms/ProdportalCRP/#blade/Microsoft_Azure_Capacity/UsageAndQuota.ReactView "
      + "by specifying parameters listed in the 'Details' section for deployment to succeed.";

  @TempDir Path folder;

  @Test
  void azPrintsTheQuotaErrorTwiceAndItIsOneErrorWithItsCodeAndNumbers() {
    write(folder, "az-output.txt", """
        $ az aks nodepool add -g rg-llm-weu --cluster-name aks-llm-weu -n gpuh100 --node-vm-size Standard_NC40ads_H100_v5 --node-count 1
        (QuotaExceeded) %s
        Code: QuotaExceeded
        Message: %s
        """.formatted(FAMILY_QUOTA, FAMILY_QUOTA));

    EvidenceBundle bundle = read(folder);

    AzureError e = only(bundle, AzureError.class);
    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::tier, AzureError::family, AzureError::region,
            AzureError::currentLimit, AzureError::currentUsage, AzureError::additionalRequired, AzureError::minimumNewLimit)
        .containsExactly("QuotaExceeded", AzureErrorKind.QUOTA, AzureError.TIER_FAMILY, "standardNCadsH100v5Family",
            "westeurope", 0, 0, 40, 40);
    assertThat(e.message()).isEqualTo(FAMILY_QUOTA);
    assertThat(e).extracting(AzureError::pool, AzureError::vmSize).containsExactly("gpuh100", "Standard_NC40ads_H100_v5");
    assertThat(e.origin()).isEqualTo("pasted text");
    assertThat(e.provenance().pointer()).isEqualTo("line 2");
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.OPERATIONS, "az-output.txt"));
  }

  @Test
  void theAutoscalersAutorestErrorGivesTheCodeAndTheNodeGroup() {
    write(folder, "ca.log.txt", "E0611 09:14:02.551203       1 scale_up.go:752] Failed to increase node group size: "
        + "Scale-up failed for group aks-gpunp-31245678-vmss: compute.VirtualMachineScaleSetsClient#CreateOrUpdate: Failure "
        + "sending request: StatusCode=0 -- Original Error: autorest/azure: Service returned an error. Status=<nil> "
        + "Code=\"OperationNotAllowed\" Message=\"Operation results in exceeding quota limits of Core. Maximum allowed: 100, "
        + "Current in use: 96, Additional requested: 36. Please read more about quota increase at "
        + "https://aka.ms/ProdportalCRP/?#create/Microsoft.Support/Parameters/{\\\"subId\\\":\\\"5e1c2f7a\\\"}.\"\n");

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::tier, AzureError::nodeGroup,
            AzureError::currentLimit, AzureError::currentUsage, AzureError::additionalRequired)
        .containsExactly("OperationNotAllowed", AzureErrorKind.QUOTA, AzureError.TIER_REGIONAL, "aks-gpunp-31245678-vmss",
            100, 96, 36);
    assertThat(e.message()).startsWith("Operation results in exceeding quota limits of Core.")
        .endsWith("Parameters/{\"subId\":\"5e1c2f7a\"}.");
  }

  @Test
  void anArmBodyEscapedInAControllerLogIsOneErrorWithTheInnerCodeAndTheAgentPool() {
    write(folder, "logs/gpu-provisioner/gpu-provisioner-6b8f9c7d4-k2p9x/controller.log", "{\"level\":\"error\",\"ts\":\"2026-06-11T09:20:44.118Z\",\"logger\":\"controller\","
        + "\"msg\":\"Reconciler error\",\"error\":\"creating instance, agentPool.BeginCreateOrUpdate for \\\"ws7c21d90e4\\\" "
        + "failed: PUT https://management.azure.com/subscriptions/5e1c2f7a-0b3d-4c8e-9f21-7d6a5b4c3e2f/resourceGroups/rg-llm-weu"
        + "/providers/Microsoft.ContainerService/managedClusters/aks-llm-weu/agentPools/ws7c21d90e4\\n-----\\nRESPONSE 400: "
        + "400 Bad Request\\nERROR CODE: QuotaExceeded\\n-----\\n{\\n  \\\"code\\\": \\\"QuotaExceeded\\\",\\n  \\\"message\\\": "
        + "\\\"" + FAMILY_QUOTA + "\\\"\\n}\\n\"}\n");

    AzureError e = only(read(folder), AzureError.class);

    // The controller-log reader has it (with its time and NodeClaim); the bare-message reader must not read it again.
    assertThat(e).extracting(AzureError::code, AzureError::nodeGroup, AzureError::minimumNewLimit)
        .containsExactly("QuotaExceeded", "ws7c21d90e4", 40);
    assertThat(e.message()).contains(FAMILY_QUOTA);
    assertThat(e.at()).isEqualTo(java.time.Instant.parse("2026-06-11T09:20:44.118Z"));
  }

  @Test
  void aDoublyEscapedMessageQuotedInProseIsUnescaped() {
    write(folder, "issue.md", "# Workspace never ready\n\nAfter recreating the cluster I get\n\" \\\\\\\"" + FAMILY_QUOTA
        + "\"\nso it is the quota.\n");

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e.message()).isEqualTo(FAMILY_QUOTA);
    assertThat(e.provenance().pointer()).isEqualTo("line 4");
  }

  @Test
  void skuNotAvailableInsideAnArmBodyTakesTheCodeFromTheLineAbove() {
    write(folder, "nodepool-add.txt", """
        Operation failed with status: 'Bad Request'. Details: Provisioning of resource(s) for Agent Pool gpuzonal failed. Error: {
          "code": "InvalidTemplateDeployment",
          "message": "The template deployment failed with error: 'The resource with id: '/subscriptions/5e1c2f7a-0b3d-4c8e-9f21-7d6a5b4c3e2f/resourceGroups/MC_rg-llm_aks-llm-wus3_westus3/providers/Microsoft.Compute/virtualMachineScaleSets/aks-gpuzonal-27419033-vmss' failed validation with message: 'The requested size for resource '/subscriptions/5e1c2f7a-0b3d-4c8e-9f21-7d6a5b4c3e2f/resourceGroups/MC_rg-llm_aks-llm-wus3_westus3/providers/Microsoft.Compute/virtualMachineScaleSets/aks-gpuzonal-27419033-vmss' is currently not available in location 'westus3' zones '2' for subscription '5e1c2f7a-0b3d-4c8e-9f21-7d6a5b4c3e2f'. Please try another size or deploy to a different location or zones. See https://aka.ms/azureskunotavailable for details.'.'."
        }
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::region, AzureError::zone)
        .containsExactly("InvalidTemplateDeployment", AzureErrorKind.SKU_NOT_AVAILABLE, "westus3", "2");
    assertThat(e.message()).startsWith("The requested size for resource '/subscriptions/")
        .contains("is currently not available in location 'westus3' zones '2' for subscription");
  }

  @Test
  void allocationFailuresAreTellApartByTheirMessage() {
    write(folder, "issue.md", """
        ## Tried four regions

        - swedencentral: `(ZonalAllocationFailed) Allocation failed. We do not have sufficient capacity for the requested VM size in this zone. Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance`
        - eastus2: Code="AllocationFailed" Message="Allocation failed. We do not have sufficient capacity for the requested VM size in this region. Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance"
        - westus3: (OverconstrainedAllocationRequest) Allocation failed. VM(s) with the following constraints cannot be allocated, because the condition is too restrictive. Please remove some constraints and try again. Constraints applied are: - Networking Constraints (such as Accelerated Networking or IPv6) - VM Size
        - northeurope: The VM allocation failed due to an internal error. Please retry later or try deploying to a different location.
        """);

    assertThat(facts(read(folder), AzureError.class)).extracting(AzureError::code, AzureError::kind).containsExactly(
        org.assertj.core.groups.Tuple.tuple("ZonalAllocationFailed", AzureErrorKind.ZONAL_CAPACITY),
        org.assertj.core.groups.Tuple.tuple("AllocationFailed", AzureErrorKind.REGIONAL_CAPACITY),
        org.assertj.core.groups.Tuple.tuple("OverconstrainedAllocationRequest", AzureErrorKind.OVERCONSTRAINED),
        org.assertj.core.groups.Tuple.tuple("", AzureErrorKind.ALLOCATION_INTERNAL));
  }

  @Test
  void anErrorOfAnEventRowIsTheEventsNotASecondOne() {
    write(folder, "events.txt", """
        LAST SEEN   TYPE      REASON                 OBJECT                                  MESSAGE
        2m          Warning   FailedToScaleUpGroup   configmap/cluster-autoscaler-status     Scale-up failed for group aks-gpunp-31245678-vmss: Code="OperationNotAllowed" Message="Operation results in exceeding quota limits of Core. Maximum allowed: 100, Current in use: 96, Additional requested: 36."
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e.origin()).isEqualTo("event FailedToScaleUpGroup");
  }

  @Test
  void anAzCommandOfAnotherKindSaysNothingOfThePoolOrSize() {
    write(folder, "az-output.txt", """
        $ az vm create -g rg-llm-weu -n jumpbox --image Ubuntu2204 -s Standard_D2s_v5
        (QuotaExceeded) %s
        $ az aks create -g rg-llm-weu -n aks-llm-weu --nodepool-name sysnp --node-vm-size Standard_D4ds_v5
        Operation could not be completed as it results in exceeding approved Total Regional Cores quota. Additional details - Deployment Model: Resource Manager, Location: westeurope, Current Limit: 10, Current Usage: 8, Additional Required: 12, (Minimum) New Limit Required: 20.
        """.formatted(FAMILY_QUOTA));

    assertThat(facts(read(folder), AzureError.class)).extracting(AzureError::pool, AzureError::vmSize).containsExactly(
        org.assertj.core.groups.Tuple.tuple(null, null),
        org.assertj.core.groups.Tuple.tuple("sysnp", "Standard_D4ds_v5"));
  }

  @Test
  void proseAboutQuotaIsNoAzureError() {
    write(folder, "issue.md", "# NC12s never comes up\n\nI thought it could be a quota issue, maybe the vCPU quota of the family?\n");

    EvidenceBundle bundle = read(folder);

    assertThat(facts(bundle, AzureError.class)).isEmpty();
    assertThat(bundle.unreadable()).extracting(UnreadableFile::path).containsExactly("issue.md");
  }

  @Test
  void aCommandContinuedOverLinesNamesTheSizeItsLastLinesGive() {
    write(folder, "terminal.txt", """
        sre@jumpbox:~$ az aks nodepool add \\
        >     --resource-group rg-llm-weu \\
        >     --cluster-name aks-llm-weu \\
        >     --name gpuh100 \\
        >     --node-vm-size Standard_NC40ads_H100_v5 \\
        >     --node-count 1
        (QuotaExceeded) %s
        Code: QuotaExceeded
        """.formatted(FAMILY_QUOTA));

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::pool, AzureError::vmSize, AzureError::defaultVmSize)
        .containsExactly("gpuh100", "Standard_NC40ads_H100_v5", false);
  }

  @Test
  void aPoolAddedWithoutASizeIsOfTheAksDefaultSize() {
    write(folder, "terminal.txt", """
        PS C:\\> az aks nodepool add `
        >>   --resource-group rg-apps-eus `
        >>   --cluster-name aks-apps-eus `
        >>   --os-type Windows `
        >>   --name win22 `
        >>   --node-count 1
        Operation failed with status: 'Bad Request'. Details: Provisioning of resource(s) for Agent Pool win22 failed. Error: {
          "code": "QuotaExceeded",
          "message": "Operation could not be completed as it results in exceeding approved Total Regional Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, Current Limit: 10, Current Usage: 8, Additional Required: 4, (Minimum) New Limit Required: 12."
        }
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::pool, AzureError::vmSize, AzureError::defaultVmSize, AzureError::tier)
        .containsExactly("win22", null, true, AzureError.TIER_REGIONAL);
  }

  @Test
  void aBareErrCodeLineAndAMessageWrappedInMidSentenceAreOneError() {
    write(folder, "issue.md", """
        Terraform stopped at the cluster:

        ```text
        Error: creating Kubernetes Cluster

        ErrCode_InsufficientVCPUQuota

        Insufficient vcpu quota requested 8, remaining 4
        for family standardNCASv3_T4Family for region westus2.

        Surge nodes would also consume vcpu quota.
        ```
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::code, AzureError::family, AzureError::region, AzureError::requested,
            AzureError::remaining)
        .containsExactly("ErrCode_InsufficientVCPUQuota", "standardNCASv3_T4Family", "westus2", 8, 4);
    assertThat(e.message()).isEqualTo("Insufficient vcpu quota requested 8, remaining 4 for family "
        + "standardNCASv3_T4Family for region westus2.");
  }

  @Test
  void aQuotaOfManagedClustersWithItsNumbersOnTheNextLineIsAnotherQuota() {
    write(folder, "ci.log.txt", """
        $ az aks create -g rg-e2e-7 -n aks-e2e-7 --node-count 1
        (QuotaExceeded) Operation results in exceeding quota limits for managed clusters.
        Maximum allowed: 8, Current usage: 8, Additional requested: 1.
        Code: QuotaExceeded
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::kind, AzureError::quotaResource, AzureError::currentLimit, AzureError::minimumNewLimit)
        .containsExactly(AzureErrorKind.OTHER_QUOTA, "managed clusters", 8, 9);
  }

  @Test
  void theOneVmSizeAThreadNamesIsKeptBesideItsError() {
    write(folder, "issue.md", """
        Scaling the pool to 12 nodes fails:

        Allocation failed. We do not have sufficient capacity for the requested VM size in this region. Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance. AllocationFailed

        - Kubernetes version: 1.29.4
        - VM size: Standard E8s v5
        """);

    EvidenceBundle bundle = read(folder);

    assertThat(only(bundle, MentionedVmSize.class)).extracting(MentionedVmSize::source, MentionedVmSize::vmSize,
        MentionedVmSize::quote).containsExactly("issue.md", "Standard_E8s_v5", "- VM size: Standard E8s v5");
  }

  @Test
  void aThreadNamingTwoSizesNamesNoneAndStorageSkusAreNoSizes() {
    write(folder, "issue.md", """
        The GPU pool (Standard_NC24ads_A100_v4) will not scale; the system pool is Standard_D4ds_v5, disks Standard_LRS.

        Allocation failed. We do not have sufficient capacity for the requested VM size in this region.
        """);

    assertThat(facts(read(folder), MentionedVmSize.class)).isEmpty();
  }

  @Test
  void ec2sLaunchErrorPastedBareIsEc2sQuotaErrorWithItsCode() {
    write(folder, "issue.md", """
        The maintainer pointed at this line of our Karpenter log:

        ```
        VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit of 32 allows for the instance bucket that the specified instance type belongs to. Please visit http://aws.amazon.com/contact-us/ec2-request to request an adjustment to this limit.
        ```
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::cloud, AzureError::currentLimit)
        .containsExactly("VcpuLimitExceeded", AzureErrorKind.QUOTA, AzureError.AWS, 32);
    assertThat(e.provenance().pointer()).isEqualTo("line 4");
  }

  @Test
  void theOneEc2InstanceTypeATextNamesIsItsSizeAndTwoNameNone() {
    write(folder, "one/issue.md", """
        Our provisioner only allows p3.2xlarge:

        `VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit of 0 allows for the instance bucket that the specified instance type belongs to.`
        """);
    write(folder, "two/issue.md", """
        The NodePool allows g4dn.2xlarge and g4dn.4xlarge.

        `VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit of 8 allows for the instance bucket that the specified instance type belongs to.`
        """);

    assertThat(only(read(folder.resolve("one")), MentionedVmSize.class).vmSize()).isEqualTo("p3.2xlarge");
    assertThat(facts(read(folder.resolve("two")), MentionedVmSize.class)).isEmpty();
  }

  @Test
  void aKnownCodeNamedBareInProseIsThatErrorWithItsMessageMissing() {
    write(folder, "issue.md", """
        # Spot GPU nodes never come

        When attempting to provision spot instances, the allocation fails with an "OverconstrainedZonalAllocationRequest"
        error from Azure, and the GPU pods stay Pending.
        """);

    EvidenceBundle bundle = read(folder);

    AzureError e = only(bundle, AzureError.class);
    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::message, AzureError::codeOnly)
        .containsExactly("OverconstrainedZonalAllocationRequest", AzureErrorKind.OVERCONSTRAINED, "", true);
    assertThat(e.provenance().pointer()).isEqualTo("line 3");
    // The first line that names GPUs: the error is taken to be about GPU nodes, weakly.
    assertThat(only(bundle, MentionedGpus.class).provenance().pointer()).isEqualTo("line 4");
    assertThat(bundle.reads()).containsExactly(Read.supplied(Topics.OPERATIONS, "issue.md"));
  }

  @Test
  void aCodeIsReadBareOnlyAsAWholeQuotedTokenOfItsExactNameAndOnceBesideItsMessage() {
    write(folder, "issue.md", """
        The pool add failed:

        ```
        (ZonalAllocationFailed) Allocation failed. We do not have sufficient capacity for the requested VM size in this zone.
        ```

        We retried and got `ZonalAllocationFailed` again. Lower case "zonalallocationfailed", a longer
        "ZonalAllocationFailedAgain", the word OverconstrainedAllocationRequest without quotes and the generic
        "AllocationFailed" are no codes of their own here.
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e.code()).isEqualTo("ZonalAllocationFailed");
    assertThat(e.codeOnly()).isFalse();
  }

  @Test
  void aJsonErrorWhoseMessageStringWasWrappedStillGivesItsCodeMessageAndPool() {
    write(folder, "issue.md", """
        ## Error
        {
        "code": "ResourceOperationFailure",
        "message": "The resource operation completed with terminal provisioning state 'Failed'.",
        "details": [{
        "code": "OriginalEtagNotExpect",
        "message": "Failed to save agent pool wsc15a5e295 ... This operation has been
        preempted by Deleting operation.",
        "details": [{"message": "rpc error: code = FailedPrecondition desc = Original etag not expected"}]
        }]
        }
        """);

    EvidenceBundle bundle = read(folder);

    AzureError e = only(bundle, AzureError.class);
    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::pool)
        .containsExactly("OriginalEtagNotExpect", AzureErrorKind.OPERATION_CONFLICT, "wsc15a5e295");
    // Not JSON any more, but its lines were read: a warning, not an unreadable part.
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.warnings()).anySatisfy(w -> assertThat(w).startsWith("issue.md#line 2: a pasted document that cannot be parsed"));
    assertThat(e.message()).isEqualTo("Failed to save agent pool wsc15a5e295 ... This operation has been preempted by "
        + "Deleting operation.");
  }

  @Test
  void aksRefusingTheAutoscaledGpuPoolOnANapClusterIsAboutTheCommandsPoolAndSize() {
    write(folder, "issue.md", """
        ```
        az aks nodepool add \\
            --resource-group bruno \\
            --cluster-name bruno-gpu \\
            --name gpunp \\
            --node-vm-size Standard_NC6s_v3 \\
            --enable-cluster-autoscaler \\
            --min-count 1 \\
            --max-count 3
        ```

        ```
        (OperationNotAllowed) .properties.nodeProvisioningProfile.mode cannot be Auto while any AgentPools have .properties.enableAutoScaling enabled
        ```
        """);

    AzureError e = only(read(folder), AzureError.class);

    assertThat(e).extracting(AzureError::code, AzureError::kind, AzureError::pool, AzureError::vmSize)
        .containsExactly("OperationNotAllowed", AzureErrorKind.CONFIGURATION, "gpunp", "Standard_NC6s_v3");
    assertThat(e.message()).startsWith(".properties.nodeProvisioningProfile.mode cannot be Auto");
  }
}
