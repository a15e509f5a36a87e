package io.gpudoctor.facts;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A KAITO Workspace ({@code kaito.sh/v1alpha1} or {@code v1beta1}; {@code resource} and
 * {@code inference} sit at the top level, there is no {@code spec}). Condition names changed
 * across KAITO versions (domain 4.3): machines are {@code MachineReady} (0.1-0.4),
 * {@code NodeClaimReady} (0.3+) and {@code NodesReady} (HEAD), the summary is
 * {@code WorkspaceReady} (0.1-0.3) or {@code WorkspaceSucceeded} (0.4+), tuning workspaces report
 * {@code JobStarted} where inference reports {@code InferenceReady}. {@code state} is HEAD's
 * {@code status.state}, null when absent.
 *
 * @param preferredNodes {@code resource.preferredNodes}: nodes the user brought (BYO) for KAITO to use
 * @param ageAtCaptureMinutes the age the capture itself showed (the AGE column of {@code kubectl get
 *     workspace}), null when it showed none. A pasted table has no capture time, so its AGE cannot
 *     become a {@code createdAt}; it is still the Workspace's age when the table was printed.
 * @param statusCaptured whether the capture shows the Workspace as the API server stores it: a
 *     {@code status}, or metadata only a stored object has ({@code creationTimestamp}, {@code uid},
 *     {@code resourceVersion}), or a describe or a table row. False for a manifest as it was written
 *     to be applied (pasted under "steps to reproduce"): that says what was asked for, never how the
 *     Workspace is doing, so no readiness is read from it.
 */
public record WorkspaceFacts(
    String apiVersion,
    String namespace,
    String name,
    String instanceType,
    Integer count,
    Map<String, String> labelSelector,
    String preset,
    Instant createdAt,
    List<Condition> conditions,
    String state,
    Provenance provenance,
    List<String> preferredNodes,
    Long ageAtCaptureMinutes,
    boolean statusCaptured) {

  /** The resource (GPU node) conditions of every KAITO version, most general first. */
  public static final List<String> RESOURCE_CONDITIONS = List.of("ResourceReady", "NodeClaimReady", "MachineReady", "NodesReady");
  /** The label KAITO puts on the objects it generates (NodeClaims, nodes, inference pods). */
  public static final String WORKSPACE_LABEL = "kaito.sh/workspace";

  public WorkspaceFacts {
    labelSelector = SortedMaps.copyOf(labelSelector);
    conditions = List.copyOf(conditions);
    preferredNodes = preferredNodes == null ? List.of() : List.copyOf(preferredNodes);
  }

  /** A Workspace as the API server returned it (a table row, a describe): its state is captured. */
  public WorkspaceFacts(String apiVersion, String namespace, String name, String instanceType, Integer count,
      Map<String, String> labelSelector, String preset, Instant createdAt, List<Condition> conditions, String state,
      Provenance provenance, List<String> preferredNodes, Long ageAtCaptureMinutes) {
    this(apiVersion, namespace, name, instanceType, count, labelSelector, preset, createdAt, conditions, state,
        provenance, preferredNodes, ageAtCaptureMinutes, true);
  }

  /** A Workspace as a describe shows it: no preferred nodes, no age column. */
  public WorkspaceFacts(String apiVersion, String namespace, String name, String instanceType, Integer count,
      Map<String, String> labelSelector, String preset, Instant createdAt, List<Condition> conditions, String state,
      Provenance provenance) {
    this(apiVersion, namespace, name, instanceType, count, labelSelector, preset, createdAt, conditions, state,
        provenance, List.of(), null);
  }

  /** The GPU nodes it needs: {@code resource.count}, 1 when not set. */
  public int nodeCount() {
    return count == null ? 1 : count;
  }

  /**
   * Whether KAITO would take a node with these labels for this Workspace: every
   * {@code labelSelector.matchLabels} pair is on the node (KAITO lists its nodes by that selector).
   * An empty selector selects nothing here: it proves no match.
   */
  public boolean selects(Map<String, String> nodeLabels) {
    if (labelSelector.isEmpty()) return false;
    for (Map.Entry<String, String> e : labelSelector.entrySet()) {
      if (!e.getValue().equals(nodeLabels.get(e.getKey()))) return false;
    }
    return true;
  }

  public boolean prefers(String node) {
    return node != null && preferredNodes.contains(node);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  public Condition condition(String type) {
    return conditions.stream().filter(c -> type.equals(c.type())).findFirst().orElse(null);
  }

  /** The GPU nodes are up: ResourceReady True and no machine condition False or Unknown. */
  public boolean resourceReady() {
    Condition r = condition("ResourceReady");
    if (r == null || !r.isTrue()) return false;
    for (String type : RESOURCE_CONDITIONS) {
      Condition c = condition(type);
      if (c != null && !c.isTrue()) return false;
    }
    return true;
  }

  /**
   * The capture shows its GPU nodes not ready: a stored Workspace whose resource conditions are not
   * all True (or that reports none yet). A manifest shows nothing of the kind.
   */
  public boolean resourceNotReady() {
    return statusCaptured && !resourceReady();
  }

  /** The first resource condition that is not True (the one to quote), or null when none was reported. */
  public Condition resourceBlocker() {
    for (String type : RESOURCE_CONDITIONS) {
      Condition c = condition(type);
      if (c != null && !c.isTrue()) return c;
    }
    return null;
  }

  /** InferenceReady, or JobStarted for a tuning Workspace; null when neither is reported. */
  public Condition workloadCondition() {
    Condition c = condition("InferenceReady");
    return c != null ? c : condition("JobStarted");
  }

  /** WorkspaceSucceeded (0.4+), else WorkspaceReady (0.1-0.3). */
  public Condition summaryCondition() {
    Condition c = condition("WorkspaceSucceeded");
    return c != null ? c : condition("WorkspaceReady");
  }

  public boolean workloadReady() {
    Condition c = workloadCondition();
    return c != null && c.isTrue();
  }

  /**
   * The capture shows it not serving: resources or workload not ready, the summary False, or state
   * Pending/NotReady/Failed. Never true of a manifest, which shows no state at all.
   */
  public boolean notReady() {
    if (!statusCaptured) return false;
    if (!resourceReady() || !workloadReady()) return true;
    Condition s = summaryCondition();
    if (s != null && s.isFalse()) return true;
    return "Pending".equals(state) || "NotReady".equals(state) || "Failed".equals(state);
  }

  /** Every condition as {@code kubectl describe} shows it, plus the state, for quoting. */
  public String statusQuote() {
    StringBuilder sb = new StringBuilder();
    for (Condition c : conditions) {
      if (sb.length() > 0) sb.append("; ");
      sb.append(c.quote());
    }
    if (state != null) sb.append(sb.length() > 0 ? "; " : "").append("state=").append(state);
    if (sb.length() > 0) return sb.toString();
    return statusCaptured ? "(no status conditions)" : "(no status: a manifest as applied, not the stored Workspace)";
  }
}
