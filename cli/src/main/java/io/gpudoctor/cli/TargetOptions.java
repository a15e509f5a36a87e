package io.gpudoctor.cli;

import io.gpudoctor.engine.live.LiveTarget;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** The target of {@code plan}, {@code collect} and {@code diagnose --live}: what to read, in which cluster. */
final class TargetOptions {
  @Option(names = "--context", paramLabel = "CONTEXT", description = "The kube context (default: the kubeconfig's current context).")
  String context;

  @Option(names = {"-n", "--namespace"}, paramLabel = "NAMESPACE", description = "The namespace of the affected workload.")
  String namespace;

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Resource resource;

  static final class Resource {
    @Option(names = "--pod", paramLabel = "POD", description = "The affected pod.") String pod;
    @Option(names = "--workspace", paramLabel = "WORKSPACE", description = "The affected KAITO Workspace.") String workspace;
    @Option(names = "--node", paramLabel = "NODE", description = "The affected node.") String node;
    @Option(names = "--pool", paramLabel = "POOL", description = "The affected node pool.") String pool;
  }

  @Option(names = "--subscription", paramLabel = "SUBSCRIPTION", description = "The Azure subscription (with -g and --cluster: also read Azure).")
  String subscription;

  @Option(names = {"-g", "--resource-group"}, paramLabel = "RESOURCE_GROUP", description = "The AKS cluster's resource group.")
  String resourceGroup;

  @Option(names = "--cluster", paramLabel = "CLUSTER", description = "The AKS cluster's name.")
  String cluster;

  /** The bound target; the context is resolved from the kubeconfig when not given, so every command names its cluster. */
  LiveTarget toTarget(String resolvedContext) {
    if (resource == null) throw new CliException(ExitCodes.USAGE, "one of --pod, --workspace, --node or --pool is needed");
    if (namespace == null) throw new CliException(ExitCodes.USAGE, "the namespace is needed (-n NAMESPACE)");
    int azure = (subscription == null ? 0 : 1) + (resourceGroup == null ? 0 : 1) + (cluster == null ? 0 : 1);
    if (azure != 0 && azure != 3) {
      throw new CliException(ExitCodes.USAGE, "Azure reads need all of --subscription, -g and --cluster");
    }
    LiveTarget.Kind kind = resource.pod != null ? LiveTarget.Kind.POD : resource.workspace != null ? LiveTarget.Kind.WORKSPACE
        : resource.node != null ? LiveTarget.Kind.NODE : LiveTarget.Kind.POOL;
    String name = resource.pod != null ? resource.pod : resource.workspace != null ? resource.workspace
        : resource.node != null ? resource.node : resource.pool;
    try {
      return new LiveTarget(context != null ? context : resolvedContext, namespace, kind, name, subscription, resourceGroup, cluster);
    } catch (IllegalArgumentException e) {
      throw new CliException(ExitCodes.USAGE, e.getMessage());
    }
  }
}
