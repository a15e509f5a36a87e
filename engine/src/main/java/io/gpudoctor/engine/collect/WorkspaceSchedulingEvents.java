package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scheduler's words a Workspace's status carries. KAITO HEAD (PR #2251, {@code classifyInferencePodFailure})
 * copies the PodScheduled condition of a pending inference pod into InferenceReady: reason
 * {@code Unschedulable}, message {@code pod "<pod>" is unschedulable: <PodScheduled message>}, cut to 256
 * characters. That is the pod's FailedScheduling event, which the scheduling rules read even when the pod
 * itself was not captured. Older KAITO versions carry no such message, and nothing is added for them.
 */
final class WorkspaceSchedulingEvents {
  private static final Pattern UNSCHEDULABLE =
      Pattern.compile("pod \"([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)\" is unschedulable: (\\S.*)", Pattern.DOTALL);

  private WorkspaceSchedulingEvents() {}

  static void add(WorkspaceFacts workspace, BundleBuilder out) {
    Condition c = workspace.condition("InferenceReady");
    if (c == null || c.isTrue() || !"Unschedulable".equals(c.reason()) || c.message() == null) return;
    Matcher m = UNSCHEDULABLE.matcher(c.message().strip());
    if (!m.matches()) return;
    out.used(Topics.EVENTS, c.provenance().source());
    out.fact(new KubeEvent(workspace.namespace(), "Pod", m.group(1), "Warning", "FailedScheduling", m.group(2),
        "default-scheduler", 1, c.lastTransitionTime(), c.lastTransitionTime(), c.provenance()));
  }
}
