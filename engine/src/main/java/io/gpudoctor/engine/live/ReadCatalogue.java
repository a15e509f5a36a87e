package io.gpudoctor.engine.live;

import io.gpudoctor.engine.live.PlannedRead.AzCall;
import io.gpudoctor.engine.live.PlannedRead.KubeGet;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;

/**
 * The one list of reads that {@code plan}, {@code collect} and {@code diagnose --live} share. It is
 * bounded: every collection is listed once (pods and DaemonSets of all namespaces, all nodes),
 * never one call per object, so the number of requests does not grow with the cluster. Secrets are
 * never in it.
 */
public final class ReadCatalogue {
  public static final String WORKSPACE_CRD = "workspaces.kaito.sh";
  public static final String NODECLAIM_CRD = "nodeclaims.karpenter.sh";
  public static final String SCALEDOBJECT_CRD = "scaledobjects.keda.sh";
  public static final String AUTOSCALER_STATUS = "cluster-autoscaler-status";

  private ReadCatalogue() {}

  public static List<PlannedRead> forTarget(LiveTarget t) {
    List<PlannedRead> reads = new ArrayList<>();
    String ns = t.namespace();
    reads.add(kube(t, "scheduling", Topics.PODS, "pods.json", "get pods -A -o json",
        new KubeGet("", "v1", "pods", true, null, null, null)));
    reads.add(kube(t, "scheduling", Topics.EVENTS, "events.json", "get events -n " + ns + " -o json",
        new KubeGet("", "v1", "events", true, ns, null, null)));
    reads.add(kube(t, "scheduling", Topics.NODES, "nodes.json", "get nodes -o json",
        new KubeGet("", "v1", "nodes", false, null, null, null)));
    // The kubelet and NPD record node events in "default"; a field selector keeps it one request in any namespace.
    reads.add(kube(t, "observability", Topics.EVENTS, "node-events.json",
        "get events -A --field-selector involvedObject.kind=Node -o json",
        new KubeGet("", "v1", "events", true, null, null, null, "involvedObject.kind=Node")));
    reads.add(kube(t, "scheduling", Topics.DAEMONSETS, "daemonsets.json", "get daemonsets -A -o json",
        new KubeGet("apps", "v1", "daemonsets", true, null, null, null)));
    reads.add(kube(t, "kaito", Topics.WORKSPACES, "workspaces.json", "get " + WORKSPACE_CRD + " -n " + ns + " -o json",
        new KubeGet("kaito.sh", "v1beta1", "workspaces", true, ns, null, WORKSPACE_CRD)));
    reads.add(kube(t, "kaito", Topics.NODECLAIMS, "nodeclaims.json", "get " + NODECLAIM_CRD + " -o json",
        new KubeGet("karpenter.sh", "v1", "nodeclaims", false, null, null, NODECLAIM_CRD)));
    reads.add(kube(t, "scaling", Topics.CONFIGMAPS, AUTOSCALER_STATUS + ".json",
        "get configmap -n kube-system " + AUTOSCALER_STATUS + " -o json",
        new KubeGet("", "v1", "configmaps", true, "kube-system", AUTOSCALER_STATUS, null)));
    reads.add(kube(t, "scaling", Topics.HPAS, "hpas.json", "get hpa -n " + ns + " -o json",
        new KubeGet("autoscaling", "v2", "horizontalpodautoscalers", true, ns, null, null)));
    reads.add(kube(t, "scaling", Topics.SCALEDOBJECTS, "scaledobjects.json", "get " + SCALEDOBJECT_CRD + " -n " + ns + " -o json",
        new KubeGet("keda.sh", "v1alpha1", "scaledobjects", true, ns, null, SCALEDOBJECT_CRD)));
    if (t.hasAzure()) {
      String sub = "--subscription " + t.subscription();
      String rg = sub + " -g " + t.resourceGroup();
      reads.add(az("target", Topics.CLUSTER, null, "account show " + sub + " -o json", false));
      reads.add(az("scaling", Topics.CLUSTER, "aks.json", "aks show " + rg + " -n " + t.cluster() + " -o json", false));
      reads.add(az("scaling", Topics.NODEPOOLS, "nodepools.json",
          "aks nodepool list " + rg + " --cluster-name " + t.cluster() + " -o json", false));
      // The latest operation on the cluster (or the pool): a failed scale or create says why in Azure's words.
      String pool = t.kind() == LiveTarget.Kind.POOL ? " --nodepool-name " + t.name() : "";
      reads.add(az("scaling", Topics.OPERATIONS, "aks-operation.json",
          "aks operation show-latest " + rg + " -n " + t.cluster() + pool + " -o json", false));
      reads.add(az("scaling", Topics.QUOTA, "vm-usage.json", "vm list-usage " + sub + " -o json", true));
      reads.add(az("scaling", Topics.SKUS, "vm-skus.json",
          "vm list-skus " + sub + " --resource-type virtualMachines --all -o json", true));
    }
    return List.copyOf(reads);
  }

  /** {@code kubectl [--context C]}: without a context, the kubeconfig's current one, as kubectl itself does. */
  public static String kubectl(LiveTarget t) {
    return t.context() == null ? "kubectl" : "kubectl --context " + t.context();
  }

  private static PlannedRead kube(LiveTarget t, String route, String topic, String file, String rest, KubeGet get) {
    return new PlannedRead(route, topic, file, kubectl(t) + " " + rest, get);
  }

  private static PlannedRead az(String route, String topic, String file, String rest, boolean needsRegion) {
    List<String> args = List.of(rest.split(" "));
    String command = "az " + rest + (needsRegion ? " --location <region>" : "");
    return new PlannedRead(route, topic, file, command, new AzCall(args, needsRegion));
  }
}
