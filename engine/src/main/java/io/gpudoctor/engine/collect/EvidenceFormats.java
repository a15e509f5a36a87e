package io.gpudoctor.engine.collect;

import java.util.List;

/** The formats, in the order they are tried: files known by name first, then by content. */
final class EvidenceFormats {
  private EvidenceFormats() {}

  /** Text formats, tried on text that is not JSON before it is parsed as YAML. */
  static List<TextFormat> text() {
    return List.of(
        new PrometheusTextFormat(),
        new PastedKubectlFormat(),
        new KernelLogFormat(),
        // Any other text is a container log: it must come last.
        new ContainerLogFormat());
  }

  static List<EvidenceFormat> all() {
    return List.of(
        new TargetFileFormat(),
        new ReadsFileFormat(),
        new KubernetesObjectFormat(),
        new AksClusterFormat(),
        new AksNodePoolFormat(),
        new PrometheusApiFormat(),
        new VmUsageFormat(),
        new VmSkuFormat(),
        new AzureOperationFormat(),
        new AzureAccountFormat(),
        new AksClusterIdentityFormat());
  }
}
