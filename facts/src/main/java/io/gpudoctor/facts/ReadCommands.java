package io.gpudoctor.facts;

/**
 * The read-only commands a finding asks for, bound to the target. An unbound field stays a
 * visible placeholder ({@code <kube-context>}) so nobody runs a read against the wrong cluster.
 */
public final class ReadCommands {
  private ReadCommands() {}

  private static String or(String value, String placeholder) {
    return value == null || value.isBlank() ? "<" + placeholder + ">" : value;
  }

  /** A namespace the evidence did not show (a pod pasted without one) is the target's, when it names one. */
  private static String ns(Target t, String namespace) {
    return namespace == null || namespace.isBlank() ? t.namespace() : namespace;
  }

  private static String kubectl(Target t) {
    return "kubectl --context " + or(t.kubeContext(), "kube-context");
  }

  private static String az(Target t) {
    return "--subscription " + or(t.subscription(), "subscription") + " -g " + or(t.resourceGroup(), "resource-group");
  }

  public static String describePod(Target t, String namespace, String pod) {
    return kubectl(t) + " describe pod -n " + or(ns(t, namespace), "namespace") + " " + or(pod, "pod");
  }

  public static String getPod(Target t, String namespace, String pod) {
    return kubectl(t) + " get pod -n " + or(ns(t, namespace), "namespace") + " " + or(pod, "pod") + " -o json";
  }

  public static String podEvents(Target t, String namespace, String pod) {
    return kubectl(t) + " get events -n " + or(ns(t, namespace), "namespace")
        + " --field-selector involvedObject.name=" + or(pod, "pod") + " -o json";
  }

  /** The namespace's ResourceClaims: their device classes and allocations (dynamic resource allocation). */
  public static String resourceClaims(Target t, String namespace) {
    return kubectl(t) + " get resourceclaims -n " + or(ns(t, namespace), "namespace") + " -o yaml";
  }

  public static String getNodes(Target t) {
    return kubectl(t) + " get nodes -o json";
  }

  public static String getNode(Target t, String node) {
    return kubectl(t) + " get node " + or(node, "gpu-node") + " -o json";
  }

  public static String gpuNodesInPool(Target t, String pool) {
    return kubectl(t) + " get nodes -l kubernetes.azure.com/agentpool=" + or(pool, "pool") + " -o json";
  }

  public static String daemonSets(Target t) {
    return kubectl(t) + " get daemonsets -A -o json";
  }

  /** The node's own events (node-problem-detector and kubelet report GPU and kernel problems there). */
  public static String nodeEvents(Target t, String node) {
    return kubectl(t) + " get events -A --field-selector involvedObject.kind=Node,involvedObject.name="
        + or(node, "gpu-node") + " -o json";
  }

  /** Every node's events: when a kernel log names no node, they show which node reported it. */
  public static String allNodeEvents(Target t) {
    return kubectl(t) + " get events -A --field-selector involvedObject.kind=Node -o json";
  }

  /**
   * A read-only command to run in a shell on the node itself, as root. No API read reaches it; gpu-doctor never
   * opens one (a debug pod is a pod created), so the line says where it must run: ssh, or a node shell whose pod
   * is privileged ({@code kubectl debug node/N --profile=sysadmin}, then {@code chroot /host}).
   */
  public static String onNode(String node, String command) {
    return command + "   # as root on node " + or(node, "gpu-node") + " (ssh, or a privileged node shell: kubectl debug "
        + "node/" + or(node, "gpu-node") + " --profile=sysadmin, then chroot /host)";
  }

  public static String podsOnNode(Target t, String node) {
    return kubectl(t) + " get pods -A --field-selector spec.nodeName=" + or(node, "gpu-node") + " -o json";
  }

  public static String nodepoolShow(Target t, String pool) {
    return "az aks nodepool show " + az(t) + " --cluster-name " + or(t.cluster(), "cluster")
        + " -n " + or(pool, "pool") + " -o json";
  }

  public static String nodepoolList(Target t) {
    return "az aks nodepool list " + az(t) + " --cluster-name " + or(t.cluster(), "cluster") + " -o json";
  }

  public static String aksShow(Target t) {
    return "az aks show " + az(t) + " -n " + or(t.cluster(), "cluster") + " -o json";
  }

  public static String accountShow() {
    return "az account show --query '{subscription:id,tenant:tenantId}' -o json";
  }

  public static String currentContext() {
    return "kubectl config current-context";
  }

  public static String containerLogs(Target t, String namespace, String pod, String container, boolean previous) {
    return kubectl(t) + " logs -n " + or(ns(t, namespace), "namespace") + " " + or(pod, "pod") + " -c "
        + or(container, "container") + (previous ? " --previous" : "") + " --timestamps";
  }

  /** The AKS-managed DCGM exporter (host service, port 19400) through the API server's node proxy. */
  public static String managedExporterScrape(Target t, String node) {
    return kubectl(t) + " get --raw /api/v1/nodes/" + or(node, "gpu-node") + ":19400/proxy/metrics";
  }

  /** A pod-hosted exporter (GPU Operator, Helm) on its declared port, through the API server's pod proxy. */
  public static String exporterPodScrape(Target t, String namespace, String port) {
    return kubectl(t) + " get --raw /api/v1/namespaces/" + or(namespace, "exporter-namespace")
        + "/pods/<dcgm-exporter-pod-on-the-node>:" + or(port, "exporter-port") + "/proxy/metrics";
  }

  public static String podsInNamespaceOnNode(Target t, String namespace, String node) {
    return kubectl(t) + " get pods -n " + or(ns(t, namespace), "namespace") + " --field-selector spec.nodeName="
        + or(node, "gpu-node") + " -o json";
  }

  /**
   * A PromQL range query against the Azure Monitor workspace's query endpoint (Managed Prometheus),
   * a GET that needs the Monitoring Data Reader role.
   */
  public static String managedPrometheusRange(String promql, java.time.Instant start, java.time.Instant end) {
    return "az rest --method get --resource https://prometheus.monitor.azure.com --url "
        + "'<azure-monitor-workspace-query-endpoint>/api/v1/query_range?query="
        + java.net.URLEncoder.encode(promql, java.nio.charset.StandardCharsets.UTF_8)
        + "&start=" + (start == null ? "<incident-start>" : start) + "&end=" + (end == null ? "<incident-end>" : end)
        + "&step=30s'";
  }

  // ---- KAITO and scaling reads (domain 1.5, 1.6, 5.2, 6.2, 6.3) ----

  private static String sub(Target t) {
    return "--subscription " + or(t.subscription(), "subscription");
  }

  public static String listUsage(Target t, String region) {
    return "az vm list-usage " + sub(t) + " --location " + or(region, "region") + " -o json";
  }

  public static String listSkus(Target t, String region) {
    return "az vm list-skus " + sub(t) + " --location " + or(region, "region")
        + " --resource-type virtualMachines --all -o json";
  }

  /** The latest operation on the cluster or pool (aks-preview); its error carries the Azure code. */
  public static String operationShowLatest(Target t, String pool) {
    return "az aks operation show-latest " + az(t) + " -n " + or(t.cluster(), "cluster")
        + (pool == null || pool.isBlank() ? "" : " --nodepool-name " + pool) + " -o json";
  }

  public static String activityLog(Target t) {
    return "az monitor activity-log list " + az(t) + " --status Failed --offset 24h -o json";
  }

  /** The claims of a namespace, with the volumes they are bound to. */
  public static String persistentVolumeClaims(Target t, String namespace) {
    return kubectl(t) + " get pvc -n " + or(ns(t, namespace), "namespace") + " -o json";
  }

  /** The persistent volumes, with their node affinity (an Azure Disk's zone). */
  public static String persistentVolumes(Target t) {
    return kubectl(t) + " get pv -o json";
  }

  public static String nodeClaims(Target t) {
    return kubectl(t) + " get nodeclaims -o yaml";
  }

  /** The events of every NodeClaim (Karpenter's launch and registration failures, InsufficientCapacityError). */
  public static String nodeClaimEvents(Target t) {
    return kubectl(t) + " get events -A --field-selector involvedObject.kind=NodeClaim -o json";
  }

  public static String getWorkspace(Target t, String namespace, String name) {
    return kubectl(t) + " get workspace -n " + or(ns(t, namespace), "namespace") + " " + or(name, "workspace") + " -o yaml";
  }

  /**
   * The KAITO workspace controller's log (the AKS add-on's deployment in kube-system; a Helm install runs it in its
   * own namespace, kaito-workspace by default): what it generated and what the API server answered.
   */
  public static String kaitoControllerLogs(Target t) {
    return kubectl(t) + " logs -n kube-system deploy/kaito-workspace --tail=500";
  }

  public static String workspacePods(Target t, String namespace, String workspace) {
    return kubectl(t) + " get pods -n " + or(ns(t, namespace), "namespace") + " -l kaito.sh/workspace="
        + or(workspace, "workspace") + " -o json";
  }

  public static String workspaceNodes(Target t, String workspace) {
    return kubectl(t) + " get nodes -l kaito.sh/workspace=" + or(workspace, "workspace") + " -o json";
  }

  public static String autoscalerStatus(Target t) {
    return kubectl(t) + " get configmap -n kube-system cluster-autoscaler-status -o yaml";
  }

  public static String autoscalerEvents(Target t) {
    return kubectl(t) + " get events -A --field-selector source=cluster-autoscaler -o json";
  }

  public static String describeHpa(Target t, String namespace, String hpa) {
    return kubectl(t) + " describe hpa -n " + or(ns(t, namespace), "namespace") + " " + or(hpa, "hpa");
  }

  public static String getScaledObject(Target t, String namespace, String name) {
    return kubectl(t) + " get scaledobject -n " + or(ns(t, namespace), "namespace") + " " + or(name, "scaledobject") + " -o yaml";
  }

  // ---- target binding (TargetMismatch) ----

  /** The API server URL of the kube context (read-only: prints the kubeconfig entry, no credentials). */
  public static String apiServer(Target t) {
    return "kubectl config view --minify --context " + or(t.kubeContext(), "kube-context")
        + " -o jsonpath='{.clusters[0].cluster.server}'";
  }

  /** The cluster's API server FQDNs and node resource group, to compare with the kube context. */
  public static String aksIdentity(Target t) {
    return "az aks show " + az(t) + " -n " + or(t.cluster(), "cluster")
        + " --query '{id:id,fqdn:fqdn,privateFqdn:privateFqdn,azurePortalFqdn:azurePortalFqdn,"
        + "nodeResourceGroup:nodeResourceGroup}' -o json";
  }
}
