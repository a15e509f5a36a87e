package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorKind;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Read;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON-lines logs of Karpenter, AKS node auto-provisioning and KAITO's gpu-provisioner. */
class ControllerLogLinesTest {
  private static final String LOG = "logs/kube-system/karpenter-5d8f7c9b4-hx2lq/controller.log";

  @TempDir Path folder;

  @Test
  void aFailedLaunchOfKarpenterCoreIsAnAzureErrorOfItsNodeClaim() {
    write(folder, LOG, """
        {"level":"INFO","time":"2026-06-03T10:11:38.902Z","logger":"controller","message":"created nodeclaim","commit":"b7f3e21","controller":"provisioner","NodePool":{"name":"gpu-a100"},"NodeClaim":{"name":"gpu-a100-7hx2k"}}
        {"level":"ERROR","time":"2026-06-03T10:11:41.338Z","logger":"controller","message":"failed launching nodeclaim","commit":"b7f3e21","controller":"nodeclaim.lifecycle","controllerGroup":"karpenter.sh","controllerKind":"NodeClaim","NodeClaim":{"name":"gpu-a100-7hx2k"},"namespace":"","name":"gpu-a100-7hx2k","reconcileID":"7e3a9c1d","error":"insufficient capacity, all requested instance types were unavailable during launch"}
        """);

    EvidenceBundle bundle = read(folder);
    AzureError e = only(bundle, AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.INSTANCE_TYPES_UNAVAILABLE);
    assertThat(e.nodeGroup()).as("bound to the NodeClaim, as its Launched condition would be").isEqualTo("gpu-a100-7hx2k");
    assertThat(e.at()).isEqualTo(Instant.parse("2026-06-03T10:11:41.338Z"));
    assertThat(e.provenance().toString()).isEqualTo(LOG + "#line 2");
    assertThat(e.quote()).startsWith("log failed launching nodeclaim nodeclaim gpu-a100-7hx2k: insufficient capacity");
    assertThat(bundle.unreadable()).as("a JSON-lines log is a log, not one JSON document").isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied("logs", LOG));
  }

  @Test
  void theGpuProvisionersQuotaErrorNamesItsAgentPoolAndCarriesTheNumbers() {
    write(folder, "logs/kube-system/gpu-provisioner-6b7c9d5f4-m8q2w/manager.log", """
        {"level":"ERROR","time":"2026-06-03T10:02:15.551Z","logger":"controller","message":"Reconciler error","controller":"nodeclaim.lifecycle","controllerGroup":"karpenter.sh","controllerKind":"NodeClaim","NodeClaim":{"name":"ws7c1d2e9a4"},"namespace":"","name":"ws7c1d2e9a4","reconcileID":"a1b2","error":"launching nodeclaim, creating instance, agentPool.BeginCreateOrUpdate for \\"ws7c1d2e9a4\\" failed: PUT https://management.azure.com/subscriptions/3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f/resourceGroups/rg-inference-prod/providers/Microsoft.ContainerService/managedClusters/aks-inference/agentPools/ws7c1d2e9a4\\n--------------------------------------------------------------------------------\\nRESPONSE 400: 400 Bad Request\\nERROR CODE: QuotaExceeded\\n--------------------------------------------------------------------------------\\n{\\n  \\"code\\": \\"QuotaExceeded\\",\\n  \\"message\\": \\"Operation could not be completed as it results in exceeding approved standardNCADSA100v4Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, Current Limit: 24, Current Usage: 24, Additional Required: 24.\\"\\n}\\n--------------------------------------------------------------------------------\\n"}
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.code()).isEqualTo("QuotaExceeded");
    assertThat(e.family()).isEqualTo("standardNCADSA100v4Family");
    assertThat(e.nodeGroup()).isEqualTo("ws7c1d2e9a4");
    assertThat(e.minimumNewLimit()).isEqualTo(48);
  }

  @Test
  void anOlderLoggerKeepsTheErrorInItsMessageAndTheClaimNameInTheText() {
    // v0.3x: the error text is the message; gpu-provisioner logged "Creating virtual machine %q failed" with the pool's name.
    write(folder, "gpu-provisioner.log", """
        {"level":"ERROR","time":"2024-03-11T08:40:02.117Z","logger":"controller.nodeclaim.lifecycle","message":"Creating virtual machine \\"wsbfbd4f7e7\\" failed: PUT https://management.azure.com/x\\nRESPONSE 409: 409 Conflict\\nERROR CODE: SkuNotAvailable\\n","commit":"4b2d1c0"}
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(e.nodeGroup()).isEqualTo("wsbfbd4f7e7");
  }

  @Test
  void theAzureProvidersVirtualMachineIsNamedAfterItsNodeClaim() {
    write(folder, "karpenter.log", """
        {"level":"ERROR","time":"2026-06-03T10:05:12.004Z","logger":"controller","message":"Creating virtual machine \\"aks-gpu-a100-7hx2k\\" failed","controller":"nodeclaim.lifecycle","error":"PUT https://management.azure.com/x\\nRESPONSE 409: 409 Conflict\\nERROR CODE: OperationNotAllowed\\n{\\"code\\": \\"OperationNotAllowed\\", \\"message\\": \\"Operation could not be completed as it results in exceeding approved standardNCADSA100v4Family Cores quota. Additional details - Deployment Model: Resource Manager, Location: eastus, Current Limit: 24, Current Usage: 0, Additional Required: 48.\\"}"}
        """);

    AzureError e = only(read(folder), AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.nodeGroup()).isEqualTo("gpu-a100-7hx2k");
    assertThat(e.minimumNewLimit()).as("nothing in use: the 48 still needed").isEqualTo(48);
  }

  @Test
  void aRetriedFailureOfOneNodeClaimIsOneErrorAndABrokenLineCostsOnlyItself() {
    String failed = "{\"level\":\"ERROR\",\"time\":\"2026-06-03T10:1%d:41.338Z\",\"logger\":\"controller\",\"message\":\"failed launching "
        + "nodeclaim\",\"NodeClaim\":{\"name\":\"gpu-a100-7hx2k\"},\"error\":\"creating instance, insufficient capacity, unable to allocate "
        + "resources in the selected zone (eastus-2). (will try a different zone to fulfill your request)\"}";
    write(folder, LOG, String.format(failed, 1) + "\n{\"level\":\"ERROR\",\"time\":\"2026-06-03T10:12:00Z\",\"error\":\"insuff\n"
        + String.format(failed, 2) + "\n");

    EvidenceBundle bundle = read(folder);
    AzureError e = only(bundle, AzureError.class);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.ZONAL_CAPACITY);
    assertThat(e.zone()).isEqualTo("eastus-2");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theAutoscalersJsonLoggingOfAnEventBecomesTheEvent() {
    write(folder, "logs/kube-system/cluster-autoscaler-7c9d8b6f5-k2m4x/cluster-autoscaler.log", """
        {"ts":1780481642.125012,"caller":"event/event.go:307","msg":"Event occurred","v":0,"object":{"name":"vllm-0","namespace":"ml"},"fieldPath":"","kind":"Pod","apiVersion":"v1","type":"Normal","reason":"NotTriggerScaleUp","message":"pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpu"}
        """);

    KubeEvent e = only(read(folder), KubeEvent.class);
    assertThat(e.involvedKey()).isEqualTo("ml/vllm-0");
    assertThat(e.message()).isEqualTo("pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpu");
    assertThat(e.lastSeen()).isEqualTo(Instant.parse("2026-06-03T10:14:02.125012Z"));
  }

  @Test
  void infoLinesAndAPrettyPrintedJsonFileAreNoProvisioningErrors() {
    write(folder, LOG, """
        {"level":"INFO","time":"2026-06-03T10:11:52.406Z","logger":"controller","message":"launched nodeclaim","NodeClaim":{"name":"gpu-a100-7hx2k"},"instance-type":"Standard_NC24ads_A100_v4"}
        """);
    write(folder, "events.log", """
        {
          "apiVersion": "v1", "kind": "List", "items": []
        }
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, AzureError.class)).isEmpty();
    assertThat(ControllerLogLines.isJsonLinesLog("events.log", "{\n  \"apiVersion\": \"v1\"\n}")).isFalse();
    assertThat(bundle.reads()).contains(Read.supplied("logs", LOG));
  }

  @Test
  void theOneInstanceTypeOfTheCreatedNodeClaimIsTheSizeThatFailed() {
    write(folder, LOG, """
        {"level":"INFO","time":"2026-06-03T10:11:38.902Z","logger":"controller","message":"created nodeclaim","controller":"provisioner","NodePool":{"name":"gpu-h100"},"NodeClaim":{"name":"gpu-h100-q8m4t"},"requests":{"cpu":"8260m","memory":"64Gi","nvidia.com/gpu":"1","pods":"6"},"instance-types":"Standard_NC40ads_H100_v5"}
        {"level":"INFO","time":"2026-06-03T10:11:39.102Z","logger":"controller","message":"created nodeclaim","controller":"provisioner","NodePool":{"name":"general"},"NodeClaim":{"name":"general-2kd8s"},"requests":{"cpu":"2","pods":"4"},"instance-types":"Standard_D4ds_v5, Standard_D8ds_v5 and 12 other(s)"}
        {"level":"ERROR","time":"2026-06-03T10:11:41.338Z","logger":"controller","message":"failed launching nodeclaim","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"gpu-h100-q8m4t"},"error":"creating instance, insufficient capacity, unable to allocate resources in the selected zone (eastus-3). (will try a different zone to fulfill your request)"}
        {"level":"ERROR","time":"2026-06-03T10:11:42.338Z","logger":"controller","message":"failed launching nodeclaim","controller":"nodeclaim.lifecycle","NodeClaim":{"name":"general-2kd8s"},"error":"creating instance, insufficient capacity, unable to allocate resources in the selected zone (eastus-3). (will try a different zone to fulfill your request)"}
        """);

    assertThat(facts(read(folder), AzureError.class)).extracting(AzureError::nodeGroup, AzureError::vmSize)
        .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("gpu-h100-q8m4t", "Standard_NC40ads_H100_v5"),
            org.assertj.core.groups.Tuple.tuple("general-2kd8s", null));
  }
}
