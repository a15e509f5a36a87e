package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AutoscalerGroupStatus;
import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorText;
import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.ConfigMapFacts;
import io.gpudoctor.facts.FailedSchedulingMessage;
import io.gpudoctor.facts.GkeScaleUpText;
import io.gpudoctor.facts.KaitoSkuUnsupported;
import io.gpudoctor.facts.KaitoWorkloadInvalid;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.ReasonCategory;
import io.gpudoctor.facts.ReasonPart;
import io.gpudoctor.facts.ScaleUpFailed;
import io.gpudoctor.facts.ScaleUpSkipped;
import io.gpudoctor.facts.ScaleUpTriggered;
import io.gpudoctor.facts.WorkspaceFacts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What node scaling did and which Azure errors it met, derived from facts already read: the
 * cluster-autoscaler events (domain 5.2), Karpenter/NAP pod events, NodeClaim conditions and
 * events (5.3), KAITO Workspace conditions (4.3: Azure errors, KAITO's own reconcile error for a size
 * its SKU table lacks, and the API server's refusal of the workload KAITO generated) and the {@code cluster-autoscaler-status} ConfigMap.
 * GKE's cluster autoscaler records its failed scale-ups on the pod ({@code FailedScaleUp}): those
 * are Compute Engine's errors, read as such ({@link GkeScaleUpText}).
 */
final class ScalingEvidence {
  static final String AUTOSCALER_STATUS = "cluster-autoscaler-status";
  /**
   * NotTriggerScaleUp, by cluster-autoscaler version: "pod didn't trigger scale-up (it wouldn't fit
   * if a new node is added)" alone (CA <= 1.12), the same followed by ": 2 Insufficient
   * nvidia.com/gpu, 1 max node group size reached" (~1.13-1.20), and "pod didn't trigger scale-up:
   * <parts>" (current eventing_scale_up_processor.go), whose list may be empty.
   */
  private static final Pattern NOT_TRIGGERED = Pattern.compile(
      "^pod didn't trigger scale-up\\s*(?:\\(([^)]*)\\))?\\s*(?::\\s*(.*))?$", Pattern.DOTALL);
  private static final Pattern TRIGGERED_GROUP = Pattern.compile("\\{(\\S+) (\\d+)->(\\d+) \\(max: (\\d+)\\)\\}");
  private static final Pattern SCALED_UP = Pattern.compile("setting group (\\S+) size to (\\d+) instead of (\\d+) \\(max: (\\d+)\\)");
  private static final Pattern FAILED_GROUP = Pattern.compile("Scale-up failed for group (\\S+?):\\s*(.*)", Pattern.DOTALL);
  // Karpenter: "NodeClaim %s event: %s"
  private static final Pattern NODECLAIM_EVENT = Pattern.compile("^NodeClaim (\\S+) event: (.*)", Pattern.DOTALL);

  private ScalingEvidence() {}

  static List<Object> derive(List<Object> facts, BundleBuilder out) {
    List<Object> derived = new ArrayList<>();
    Map<String, String> workspaceOfClaim = new HashMap<>();
    for (Object f : facts) {
      if (f instanceof NodeClaimFacts n) workspaceOfClaim.put(n.name(), n.labels().get(WorkspaceFacts.WORKSPACE_LABEL));
    }
    for (Object f : facts) {
      if (f instanceof NodeClaimFacts n) fromNodeClaim(n, derived);
      else if (f instanceof WorkspaceFacts w) fromWorkspace(w, derived);
      else if (f instanceof KubeEvent e) fromEvent(e, workspaceOfClaim, derived);
      else if (f instanceof ConfigMapFacts c && AUTOSCALER_STATUS.equals(c.name())) fromStatus(c, derived, out);
    }
    return derived;
  }

  /** KAITO's gpu-provisioner names the agent pool after the NodeClaim. */
  private static void fromNodeClaim(NodeClaimFacts n, List<Object> out) {
    String workspace = n.labels().get(WorkspaceFacts.WORKSPACE_LABEL);
    for (Condition c : n.conditions()) {
      if (c.isTrue() || c.message() == null) continue;
      AzureError error = AzureErrorText.parse(c.reason(), c.message(), "nodeclaim " + n.name() + " " + c.type(),
          workspace, n.name(), c.lastTransitionTime(), c.provenance());
      if (error != null) out.add(error.withVmSize(n.instanceType()));
    }
  }

  private static void fromWorkspace(WorkspaceFacts w, List<Object> out) {
    KaitoSkuUnsupported sku = null;
    KaitoWorkloadInvalid invalid = null;
    for (Condition c : w.conditions()) {
      if (c.isTrue() || c.message() == null) continue;
      AzureError error = AzureErrorText.parse(c.reason(), c.message(), "workspace " + w.name() + " " + c.type(),
          w.name(), null, c.lastTransitionTime(), c.provenance());
      if (error != null) out.add(error.withVmSize(w.instanceType()));
      // KAITO appends its last reconcile error to every condition's message: one fact for the Workspace.
      if (sku == null) sku = KaitoSkuUnsupported.of(w.name(), c.message(), c.provenance());
      // The API server's refusal of the workload KAITO generated, copied onto one or more conditions: one fact.
      if (invalid == null) invalid = KaitoWorkloadInvalid.of(w.name(), c.message(), c.provenance());
    }
    if (sku != null) out.add(sku);
    if (invalid != null) out.add(invalid);
  }

  private static void fromEvent(KubeEvent e, Map<String, String> workspaceOfClaim, List<Object> out) {
    String message = e.message().trim();
    switch (e.reason()) {
      case "NotTriggerScaleUp" -> notTriggered(e, message, out);
      case "TriggeredScaleUp" -> {
        Matcher m = TRIGGERED_GROUP.matcher(message);
        while (m.find()) {
          out.add(new ScaleUpTriggered(e.involvedKey(), m.group(1), Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), e.reason(), message, e.lastSeen(), e.provenance()));
        }
      }
      case "ScaledUpGroup" -> {
        Matcher m = SCALED_UP.matcher(message);
        if (m.find()) {
          out.add(new ScaleUpTriggered(null, m.group(1), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(2)),
              Integer.parseInt(m.group(4)), e.reason(), message, e.lastSeen(), e.provenance()));
        }
      }
      case "FailedToScaleUpGroup" -> {
        Matcher m = FAILED_GROUP.matcher(message);
        String group = m.find() ? m.group(1) : null;
        String error = group == null ? message : m.group(2);
        out.add(new ScaleUpFailed(group, error, message, e.lastSeen(), e.provenance()));
        add(AzureErrorText.parse(null, error, "event FailedToScaleUpGroup", null, group, e.lastSeen(), e.provenance()), out);
      }
      case GkeScaleUpText.REASON -> {
        if (GkeScaleUpText.matches(message)) out.addAll(GkeScaleUpText.parse(message, e.lastSeen(), e.provenance()));
        else otherEvent(e, message, workspaceOfClaim, out);
      }
      default -> otherEvent(e, message, workspaceOfClaim, out);
    }
  }

  /** Karpenter's pod events, and any warning (or Karpenter's capacity event) that carries an Azure error. */
  private static void otherEvent(KubeEvent e, String message, Map<String, String> workspaceOfClaim, List<Object> out) {
    if (KarpenterSchedulingText.isKarpenterMessage(message)) {
      out.addAll(KarpenterSchedulingText.parse(e));
      return;
    }
    if (!e.isWarning() && !e.reason().equals("InsufficientCapacityError")) return;
    String claim = "NodeClaim".equals(e.involvedKind()) ? e.involvedName() : null;
    String text = message;
    Matcher m = NODECLAIM_EVENT.matcher(message);
    if (m.find()) {
      claim = m.group(1);
      text = m.group(2);
    }
    add(AzureErrorText.parse(e.reason(), text, "event " + e.reason(), claim == null ? null : workspaceOfClaim.get(claim),
        claim, e.lastSeen(), e.provenance()), out);
  }

  private static void notTriggered(KubeEvent e, String message, List<Object> out) {
    Matcher m = NOT_TRIGGERED.matcher(message);
    if (!m.find()) return;
    // The per-group parts say more than the old blanket "(it wouldn't fit ...)": they win when present.
    List<ReasonPart> parts = FailedSchedulingMessage.splitParts(m.group(2) == null ? "" : m.group(2));
    if (parts.isEmpty() && m.group(1) != null) parts = List.of(ReasonPart.classify(0, m.group(1)));
    if (parts.isEmpty()) parts = List.of(new ReasonPart(0, "", ReasonCategory.OTHER, null, null, null));
    for (ReasonPart p : parts) {
      out.add(new ScaleUpSkipped(e.involvedKey(), p.count(), p.category(), p.resource(), p.taintKey(), p.text(),
          message, e.lastSeen(), e.provenance()));
    }
  }

  private static void fromStatus(ConfigMapFacts c, List<Object> derived, BundleBuilder out) {
    String status = c.data().get("status");
    if (status == null) return;
    Provenance at = c.provenance().child("data").child("status");
    List<AutoscalerGroupStatus> groups;
    try {
      groups = AutoscalerStatusText.parse(status, at);
    } catch (NotReadable e) {
      out.unreadable(at.source() + "#" + at.pointer(), e.reason());
      return;
    }
    for (AutoscalerGroupStatus g : groups) {
      derived.add(g);
      if (g.backoffErrorCode() != null || g.backoffErrorMessage() != null) {
        add(AzureErrorText.parse(g.backoffErrorCode(), g.backoffErrorMessage(), "cluster-autoscaler-status backoff",
            null, g.group(), null, at), derived);
      }
    }
  }

  private static void add(AzureError error, List<Object> out) {
    if (error != null) out.add(error);
  }
}
