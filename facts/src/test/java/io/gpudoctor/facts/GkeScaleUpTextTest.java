package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The FailedScaleUp message of GKE's cluster autoscaler, each reason as the kind of failure it is. */
class GkeScaleUpTextTest {
  private static final Instant AT = Instant.parse("2026-03-04T08:15:00Z");
  private static final Provenance WHERE = Provenance.of("events.txt", "line 4");

  private static List<AzureError> parse(String message) {
    return GkeScaleUpText.parse(message, AT, WHERE);
  }

  @Test
  void aQuotaFailureIsComputeEnginesQuotaInTheZonesRegion() {
    List<AzureError> errors = parse("Node scale up in zones europe-west4-b associated with this pod failed: GCE quota "
        + "exceeded. Pod is at risk of not being scheduled.");

    assertThat(errors).singleElement().satisfies(e -> {
      assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
      assertThat(e.cloud()).isEqualTo(AzureError.GCE);
      assertThat(e.azure()).isFalse();
      assertThat(e.zone()).isEqualTo("europe-west4-b");
      assertThat(e.region()).isEqualTo("europe-west4");
      assertThat(e.vcpuQuota()).as("the event does not say which quota").isFalse();
    });
  }

  @Test
  void twoReasonsOverTwoZonesAreTwoErrorsAndTheProseAfterTheMessageIsNotPartOfIt() {
    List<AzureError> errors = parse("Node scale up in zones us-east4-a, us-east4-c associated with this pod failed: GCE "
        + "out of resources, Some nodes in node group [\"gke-l4-pool-7f3a\"] failed to appear in time. Pod is at risk of "
        + "not being scheduled. We retried twice since.");

    assertThat(errors).extracting(AzureError::kind)
        .containsExactlyInAnyOrder(AzureErrorKind.ZONAL_CAPACITY, AzureErrorKind.PROVISIONING_TIMEOUT);
    assertThat(errors).allSatisfy(e -> {
      assertThat(e.region()).isEqualTo("us-east4");
      assertThat(e.message()).endsWith("Pod is at risk of not being scheduled.");
    });
  }

  @Test
  void setupFailuresAndTheCatchAllInternalErrorKeepTheirOwnKinds() {
    assertThat(parse("Node scale up in zones asia-south1-a associated with this pod failed: IP space exhausted. Pod is "
        + "at risk of not being scheduled.")).extracting(AzureError::kind).containsExactly(AzureErrorKind.CONFIGURATION);
    assertThat(parse("Node scale up in zones associated with this pod failed: Internal error. Pod is at risk of not "
        + "being scheduled")).singleElement().satisfies(e -> {
          assertThat(e.kind()).isEqualTo(AzureErrorKind.ALLOCATION_INTERNAL);
          assertThat(e.zone()).isNull();
          assertThat(e.region()).isNull();
        });
    assertThat(parse("Node scale up in zones us-west1-b associated with this pod failed: Reservation capacity exceeded: "
        + "l4-reservation-2. Pod is at risk of not being scheduled.")).extracting(AzureError::kind)
        .containsExactly(AzureErrorKind.ZONAL_CAPACITY);
  }

  @Test
  void anotherMessageIsNone() {
    assertThat(parse("pod didn't trigger scale-up: 1 max node group size reached")).isEmpty();
    assertThat(GkeScaleUpText.matches("Scale-up failed for group aks-gpunp-36854149-vmss: quota")).isFalse();
  }
}
