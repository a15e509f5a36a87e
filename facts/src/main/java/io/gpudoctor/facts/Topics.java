package io.gpudoctor.facts;

/** The names of what a read covers, shared by readers, rules and the report. */
public final class Topics {
  public static final String PODS = "pods";
  public static final String NODES = "nodes";
  public static final String EVENTS = "events";
  public static final String DAEMONSETS = "daemonsets";
  public static final String WORKLOADS = "workloads";
  public static final String CONFIGMAPS = "configmaps";
  public static final String WORKSPACES = "workspaces";
  public static final String NODECLAIMS = "nodeclaims";
  public static final String NODEPOOLS = "nodepools";
  public static final String CLUSTER = "cluster";
  public static final String TARGET = "target";
  /** Used evidence that no rule reads yet (e.g. a Service, reads.json itself). */
  public static final String OTHER = "other";
  /**
   * A {@code kubectl get nodes} table (pasted text): names and status only, no labels, taints or
   * resources. Not {@link #NODES}, so rules that need the nodes stay unconfirmed.
   */
  public static final String NODES_TABLE = "nodes-table";

  /** Container logs ({@code kubectl logs --timestamps}). */
  public static final String LOGS = "logs";
  /** GPU telemetry: a DCGM exporter scrape or a Prometheus query result. */
  public static final String METRICS = "metrics";
  /** az vm list-usage: vCPU quota per family and the regional total. */
  public static final String QUOTA = "quota";
  /** az vm list-skus --all: VM sizes, their quota family and restrictions. */
  public static final String SKUS = "skus";
  /** az aks operation show-latest, az monitor activity-log list: Azure operation errors. */
  public static final String OPERATIONS = "operations";
  public static final String HPAS = "hpas";
  public static final String SCALEDOBJECTS = "scaledobjects";
  /** What kubectl create/apply printed: the API server's admission refusals (KAITO's Workspace webhook). */
  public static final String APPLY = "apply";
  /** A node's kernel log (dmesg, journalctl -k): the NVIDIA driver's Xid lines. */
  public static final String KERNEL_LOG = "kernel-log";
  /** What the reporter wrote in prose ("the container is OOMKilled"): what someone says, not what a tool recorded. */
  public static final String PROSE = "prose";

  private Topics() {}
}
