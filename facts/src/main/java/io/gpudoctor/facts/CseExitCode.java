package io.gpudoctor.facts;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The exit code of AKS's node provisioning script (the VM scale set's custom script extension, vmssCSE), as a failed
 * node bootstrap reports it: {@code VMExtensionProvisioningError: VM has reported a failure when processing extension
 * 'vmssCSE'. Error message: "Enable failed: failed to execute command: command terminated with exit status=84}. The
 * codes are AgentBaker's ({@code parts/linux/cloud-init/artifacts/cse_helpers.sh}): the GPU ones install and start the
 * NVIDIA stack; the node image's own steps (systemd units, the kubelet, cloud-init, the node's NIC, the VHD's files, the
 * script's global timeout) are AKS's; the rest are the node's network path, its DNS, its CNI and its registry.
 */
public final class CseExitCode {
  private static final Pattern EXIT = Pattern.compile("exit status=(\\d{1,3})");
  private static final Map<Integer, String> MEANINGS = Map.ofEntries(
      Map.entry(4, "ERR_SYSTEMCTL_START_FAIL: a systemd service of the node image could not be started"),
      Map.entry(30, "ERR_K8S_RUNNING_TIMEOUT: the node timed out waiting for the cluster's API server to answer (kubectl cluster-info)"),
      Map.entry(31, "ERR_K8S_DOWNLOAD_TIMEOUT: the Kubernetes binaries download timed out"),
      Map.entry(34, "ERR_KUBELET_START_FAIL: the kubelet could not be started by systemd"),
      Map.entry(35, "ERR_DOCKER_IMG_PULL_TIMEOUT: pulling a bootstrap container image timed out"),
      Map.entry(36, "ERR_CONTAINERD_CTR_IMG_PULL_TIMEOUT: pulling a bootstrap container image (ctr) timed out"),
      Map.entry(37, "ERR_CONTAINERD_CRICTL_IMG_PULL_TIMEOUT: pulling a bootstrap container image (crictl) timed out"),
      Map.entry(41, "CNI download timed out: the node cannot reach the CNI's download endpoint"),
      Map.entry(50, "ERR_OUTBOUND_CONN_FAIL: the node has no outbound connection (mcr.microsoft.com:443)"),
      Map.entry(51, "ERR_K8S_API_SERVER_CONN_FAIL: the node cannot connect to the cluster's API server"),
      Map.entry(52, "ERR_K8S_API_SERVER_DNS_LOOKUP_FAIL: the node cannot resolve the API server's name (custom DNS, private cluster)"),
      Map.entry(53, "ERR_K8S_API_SERVER_AZURE_DNS_LOOKUP_FAIL: the node cannot resolve the API server's name through Azure DNS (168.63.129.16)"),
      Map.entry(65, "ERR_VHD_FILE_NOT_FOUND: the node image's VHD build log is missing (the VM did not boot from an AKS node image as expected)"),
      Map.entry(83, "ERR_GPU_DOWNLOAD_TIMEOUT: the NVIDIA driver download timed out"),
      Map.entry(84, "ERR_GPU_DRIVERS_START_FAIL: the NVIDIA driver failed to start"),
      Map.entry(85, "ERR_GPU_DRIVERS_INSTALL_TIMEOUT: the NVIDIA driver install timed out"),
      Map.entry(86, "ERR_GPU_DEVICE_PLUGIN_START_FAIL: the NVIDIA device plugin failed to start"),
      Map.entry(87, "ERR_GPU_INFO_ROM_CORRUPTED: the GPU's InfoROM is corrupted (hardware)"),
      Map.entry(123, "ERR_ENABLE_MANAGED_GPU_EXPERIENCE: the managed GPU stack failed to enable"),
      Map.entry(124, "the provisioning script ran past its global 15-minute timeout (timeout's exit code): a step hung"),
      Map.entry(129, "ERR_DRA_DRIVER_START_FAIL: the NVIDIA DRA driver failed to start"),
      Map.entry(173, "ERR_PRIMARY_NIC_IP_NOT_FOUND: the script could not read the node's primary NIC IP address from the instance metadata"),
      Map.entry(211, "the bootstrap container registry is not reachable (network isolated cluster)"),
      Map.entry(212, "the bootstrap container registry refused the kubelet identity (network isolated cluster)"),
      Map.entry(223, "ERR_CLOUD_INIT_FAILED: cloud-init failed before the provisioning script"),
      Map.entry(224, "ERR_NVIDIA_DRIVER_INSTALL: the NVIDIA driver install failed"),
      Map.entry(227, "ERR_MANAGED_NVIDIA_EXP_INSTALL_FAIL: the managed NVIDIA components failed to install"),
      Map.entry(228, "ERR_NVIDIA_DCGM_FAIL: NVIDIA DCGM failed"),
      Map.entry(229, "ERR_NVIDIA_DCGM_EXPORTER_FAIL: the DCGM exporter failed"),
      Map.entry(230, "ERR_LOOKUP_ENABLE_MANAGED_GPU_EXPERIENCE_TAG: the managed GPU tag lookup failed"),
      Map.entry(235, "ERR_NVIDIA_DCGM_INSTALL: NVIDIA DCGM failed to install"));
  /** The codes of the steps that install, start or check the NVIDIA stack. */
  private static final Set<Integer> GPU_STACK = Set.of(83, 84, 85, 86, 87, 123, 129, 224, 227, 228, 229, 230, 235);
  /**
   * The codes of the node image's own bootstrap steps, which no network of the customer's makes fail: a systemd unit or the
   * kubelet that does not start, cloud-init, the VHD's files, the primary NIC's address from the instance metadata, and
   * the script's global timeout. AKS's to fix (the node image), as the GPU stack's codes are.
   */
  private static final Set<Integer> NODE_IMAGE = Set.of(4, 34, 65, 124, 173, 223);

  private CseExitCode() {}

  public static boolean mentions(String text) {
    return text != null && (text.contains("'vmssCSE'") || text.contains("VMExtensionProvisioningError"));
  }

  /** The exit code the text states, or null. */
  public static Integer of(String text) {
    if (text == null) return null;
    Matcher m = EXIT.matcher(text);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }

  /** The script installs, starts or checks the NVIDIA stack at this exit code. */
  public static boolean gpuStack(Integer code) {
    return code != null && GPU_STACK.contains(code);
  }

  /** The code is one of the node image's own bootstrap steps (AKS's), not the node's network path or DNS. */
  public static boolean nodeImage(Integer code) {
    return code != null && NODE_IMAGE.contains(code);
  }

  /** The code is AKS's to fix: the NVIDIA stack on the node image, or the node image's own bootstrap. */
  public static boolean aksSide(Integer code) {
    return gpuStack(code) || nodeImage(code);
  }

  /** What the code means, or null for a code not known here. */
  public static String meaning(Integer code) {
    return code == null ? null : MEANINGS.get(code);
  }
}
