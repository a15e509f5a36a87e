package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pod preempted: stopped to make room for a pod of higher priority. Two mechanisms say so, each in its own words.
 * <ul>
 *   <li>The scheduler's preemption ({@code by} {@link #SCHEDULER}) records {@code Normal Preempted} on the victim,
 *   {@code Preempted by pod <uid> on node <node>} (older releases name the preemptor by namespace/name:
 *   {@code Preempted by ml/train-0 on node <node>}; a pod group's {@code Preempted by podgroup ...} with
 *   workload-aware preemption), and sets the victim's {@code DisruptionTarget} condition with reason {@code
 *   PreemptionByScheduler} ({@code PreemptionByKubeScheduler} in 1.26), {@code <scheduler>: preempting to
 *   accommodate a higher priority pod}.</li>
 *   <li>The kubelet's admission of a critical pod that does not fit its node ({@code by} {@link #KUBELET}) fails the
 *   victim with reason {@code Preempting}, {@code Preempted in order to admit critical pod}, the same words as a
 *   {@code Warning Preempting} event, and sets {@code DisruptionTarget} with reason {@code TerminationByKubelet},
 *   {@code Pod was preempted by Kubelet to accommodate a critical pod.}</li>
 * </ul>
 * {@code preemptor} is the uid or namespace/name the event names (null: not shown), {@code node} the node (null).
 */
public record Preemption(String namespace, String pod, String by, String preemptor, String node, Evidence evidence) {
  public static final String SCHEDULER = "scheduler";
  public static final String KUBELET = "kubelet";

  private static final String BY_SCHEDULER = "Preempted by ";
  private static final String BY_KUBELET = "Preempted in order to admit critical pod";
  private static final Pattern SCHEDULER_EVENT =
      Pattern.compile("^Preempted by (?:(?:pod|podgroup|compositepodgroup) )?(\\S+) on node (\\S+)");
  private static final Pattern UID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  /** Whether the event reports a preemption (the scheduler's or the kubelet's). */
  public static boolean in(KubeEvent e) {
    return ("Preempted".equals(e.reason()) && e.message().startsWith(BY_SCHEDULER))
        || ("Preempting".equals(e.reason()) && e.message().contains(BY_KUBELET));
  }

  /** The preemption an event reports, or null. */
  public static Preemption of(KubeEvent e) {
    if (!in(e)) return null;
    Evidence quoted = e.provenance().quote(e.involvedKey() + " " + e.quote());
    if (!"Preempted".equals(e.reason())) return new Preemption(e.namespace(), e.involvedName(), KUBELET, null, null, quoted);
    Matcher at = SCHEDULER_EVENT.matcher(e.message());
    boolean named = at.find();
    return new Preemption(e.namespace(), e.involvedName(), SCHEDULER, named ? at.group(1) : null, named ? at.group(2) : null, quoted);
  }

  /** Whether the pod's status reports it preempted (its reason, or its DisruptionTarget condition). */
  public static boolean in(PodFacts pod) {
    return of(pod) != null;
  }

  /** The preemption a pod's status reports, or null. */
  public static Preemption of(PodFacts pod) {
    if ("Preempting".equals(pod.reason())) {
      return new Preemption(pod.namespace(), pod.name(), KUBELET, null, pod.nodeName(), pod.provenance().child("status")
          .quote(pod.key() + " status: " + pod.phase() + ", reason: Preempting"
              + (pod.message() == null ? "" : ", message: " + pod.message())));
    }
    Condition c = pod.condition("DisruptionTarget");
    if (c == null || !c.isTrue() || c.reason() == null) return null;
    String by = switch (c.reason()) {
      case "PreemptionByScheduler", "PreemptionByKubeScheduler" -> SCHEDULER;
      case "TerminationByKubelet" -> c.message() != null && c.message().contains("preempted by Kubelet") ? KUBELET : null;
      default -> null;
    };
    return by == null ? null
        : new Preemption(pod.namespace(), pod.name(), by, null, pod.nodeName(), c.provenance().quote(pod.key() + " " + c.quote()));
  }

  public String podKey() {
    return ObjectKeys.key(namespace, pod);
  }

  public boolean byScheduler() {
    return SCHEDULER.equals(by);
  }

  /**
   * The controller a generated name comes from: a ReplicaSet's or a Job's pod is {@code <owner>-<suffix>}, a
   * StatefulSet's {@code <owner>-<ordinal>}; null for a name without a dash. The victim is deleted, so its controller is
   * known only by the name it gave.
   */
  public String generatedFrom() {
    int dash = pod == null ? -1 : pod.lastIndexOf('-');
    return dash > 0 ? pod.substring(0, dash) : null;
  }

  /** The preemptor's uid, as the scheduler's event of current releases names it, or null. */
  public String preemptorUid() {
    return preemptor != null && UID.matcher(preemptor).matches() ? preemptor : null;
  }

  /** The preemptor's namespace/name, as older releases' event names it, or null. */
  public String preemptorKey() {
    return preemptor != null && preemptor.indexOf('/') > 0 ? preemptor : null;
  }
}
