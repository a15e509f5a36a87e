package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CseExitCodeTest {
  private static final String CSE_84 = "VM has reported a failure when processing extension 'vmssCSE' (publisher "
      + "'Microsoft.Azure.Extensions' and type 'CustomScript'). Error message: \"Enable failed: failed to execute command: "
      + "command terminated with exit status=84\\n[stdout]\\n{ \\\"ExitCode\\\": \\\"84\\\" }\"";

  @Test
  void theProvisioningScriptsExitCodeIsReadAndPlaced() {
    assertThat(CseExitCode.of(CSE_84)).isEqualTo(84);
    assertThat(CseExitCode.gpuStack(84)).isTrue();
    assertThat(CseExitCode.meaning(84)).startsWith("ERR_GPU_DRIVERS_START_FAIL");
    assertThat(CseExitCode.gpuStack(50)).isFalse();
    assertThat(CseExitCode.meaning(50)).startsWith("ERR_OUTBOUND_CONN_FAIL");
    assertThat(CseExitCode.meaning(199)).isNull();
  }

  @Test
  void aBootstrapFailureIsItsOwnKindEvenWrappedInAnInternalError() {
    AzureError plain = AzureErrorText.parse("VMExtensionProvisioningError", CSE_84, "az aks operation show-latest", null,
        "gpunp", null, Provenance.of("operation.json", "/error"));
    AzureError wrapped = AzureErrorText.parse(null, "We are unable to serve this request due to an internal error SubCode: "
        + "CniDownloadTimeoutVMExtensionError; Message=\"VM has reported a failure when processing extension 'vmssCSE'. "
        + "Error message: \"Enable failed: failed to execute command: command terminated with exit status=41", "pasted text",
        null, null, null, Provenance.of("issue.md", "line 3"));

    assertThat(plain.kind()).isEqualTo(AzureErrorKind.NODE_BOOTSTRAP);
    assertThat(wrapped.kind()).isEqualTo(AzureErrorKind.NODE_BOOTSTRAP);
    assertThat(CseExitCode.of(wrapped.message())).isEqualTo(41);
  }

  @Test
  void theNodeImagesOwnBootstrapStepsAreAksSideAndTheNetworkPathIsNot() {
    assertThat(CseExitCode.meaning(34)).startsWith("ERR_KUBELET_START_FAIL");
    for (int code : new int[] {4, 34, 65, 124, 173, 223}) {
      assertThat(CseExitCode.nodeImage(code)).as("exit %d", code).isTrue();
      assertThat(CseExitCode.aksSide(code)).as("exit %d", code).isTrue();
      assertThat(CseExitCode.meaning(code)).as("exit %d", code).isNotNull();
    }
    for (int code : new int[] {30, 31, 35, 36, 37, 41, 50, 51, 52, 53, 211, 212}) {
      assertThat(CseExitCode.aksSide(code)).as("exit %d", code).isFalse();
      assertThat(CseExitCode.meaning(code)).as("exit %d", code).isNotNull();
    }
    assertThat(CseExitCode.aksSide(84)).isTrue();
    assertThat(CseExitCode.nodeImage(84)).isFalse();
    assertThat(CseExitCode.nodeImage(null)).isFalse();
  }
}
