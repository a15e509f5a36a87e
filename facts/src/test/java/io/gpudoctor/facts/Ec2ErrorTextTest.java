package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** EC2's launch errors, in the words Karpenter on AWS and an Auto Scaling group's activity relay them. */
class Ec2ErrorTextTest {
  private static final Instant AT = Instant.parse("2026-04-14T08:21:04Z");
  private static final Provenance WHERE = Provenance.of("controller.log", "line 2");

  private static AzureError parse(String message) {
    return AzureErrorText.parse(null, message, "log failed launching nodeclaim", null, "gpu-7m2xk", AT, WHERE);
  }

  @Test
  void vcpuLimitExceededIsTheBucketsVcpuQuotaOfEc2NotAzure() {
    AzureError e = parse("creating instance, with fleet error(s), VcpuLimitExceeded: You have requested more vCPU capacity "
        + "than your current vCPU limit of 64 allows for the instance bucket that the specified instance type belongs to. "
        + "Please visit http://aws.amazon.com/contact-us/ec2-request to request an adjustment to this limit.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.cloud()).isEqualTo(AzureError.AWS);
    assertThat(e.azure()).isFalse();
    assertThat(e.code()).isEqualTo("VcpuLimitExceeded");
    assertThat(e.currentLimit()).isEqualTo(64);
    assertThat(e.vcpuQuota()).isTrue();
    assertThat(e.nodeGroup()).isEqualTo("gpu-7m2xk");
  }

  @Test
  void insufficientInstanceCapacityNamesTheTypeAndTheZone() {
    AzureError e = parse("Launching a new EC2 instance.  Status Reason: We currently do not have sufficient p4d.24xlarge "
        + "capacity in the Availability Zone you requested (us-east-1a). Our system will be working on provisioning "
        + "additional capacity. Launching EC2 instance failed.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.ZONAL_CAPACITY);
    assertThat(e.code()).isEqualTo("InsufficientInstanceCapacity");
    assertThat(e.vmSize()).isEqualTo("p4d.24xlarge");
    assertThat(e.zone()).isEqualTo("us-east-1a");
    assertThat(e.region()).isEqualTo("us-east-1");
  }

  @Test
  void noSpotCapacityIsCapacityNotQuota() {
    AzureError e = parse("creating instance, insufficient capacity, with fleet error(s), InsufficientInstanceCapacity: There is "
        + "no Spot capacity available that matches your request.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.REGIONAL_CAPACITY);
    assertThat(e.kind().capacity()).isTrue();
    assertThat(e.cloud()).isEqualTo(AzureError.AWS);
  }

  @Test
  void unsupportedIsTheTypeNotOfferedInTheZone() {
    AzureError e = parse("Unsupported: Your requested instance type (p3.2xlarge) is not supported in your requested "
        + "Availability Zone (us-east-1e). Please retry your request by not specifying an Availability Zone.");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.SKU_NOT_AVAILABLE);
    assertThat(e.vmSize()).isEqualTo("p3.2xlarge");
    assertThat(e.zone()).isEqualTo("us-east-1e");
  }

  @Test
  void theSpotInstanceLimitIsQuotaWithoutVcpus() {
    AzureError e = parse("creating instance, with fleet error(s), MaxSpotInstanceCountExceeded: Max spot instance count exceeded");

    assertThat(e.kind()).isEqualTo(AzureErrorKind.QUOTA);
    assertThat(e.vcpuQuota()).isFalse();
  }

  @Test
  void azuresOwnCapacityWordingStaysAzures() {
    AzureError e = parse("Allocation failed. We do not have sufficient capacity for the requested VM size in this region.");

    assertThat(e.cloud()).isEqualTo(AzureError.AZURE);
    assertThat(e.kind()).isEqualTo(AzureErrorKind.REGIONAL_CAPACITY);
  }

  @Test
  void aTextMentionsAnEc2LaunchErrorByItsMessageNotByAzuresWording() {
    assertThat(Ec2ErrorText.mentions("InsufficientInstanceCapacity: We currently do not have sufficient g5.12xlarge "
        + "capacity in the Availability Zone you requested (us-east-1a).")).isTrue();
    assertThat(Ec2ErrorText.mentions("Unsupported: Your requested instance type (p4d.24xlarge) is not supported in your "
        + "requested Availability Zone (us-west-2d).")).isTrue();
    assertThat(Ec2ErrorText.mentions("Operation could not be completed as it results in exceeding approved "
        + "standardNCADSA100v4Family Cores quota.")).isFalse();
    assertThat(Ec2ErrorText.mentions("VcpuLimitExceeded: You have requested more vCPU capacity than your current vCPU limit "
        + "of 0 allows for the instance bucket that the specified instance type belongs to.")).isTrue();
    assertThat(Ec2ErrorText.mentions("MaxSpotInstanceCountExceeded: Max spot instance count exceeded")).isTrue();
    // The fixed words alone are not the message: EC2 names the instance type before "capacity".
    assertThat(Ec2ErrorText.mentions("We currently do not have sufficient information to proceed.")).isFalse();
  }
}
