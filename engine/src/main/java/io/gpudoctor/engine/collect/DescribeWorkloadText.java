package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.LogSignal;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.TemplateMemoryLimit;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A pasted {@code kubectl describe deployment} (or statefulset, daemonset, job): its events, and what
 * its {@code Pod Template:} mounts at {@code /dev/shm} and the {@code nvidia.com/gpu} it asks for, which
 * every pod of it has. kubectl prints the template as a pod's describe indented by two ({@code
 * Containers:}, {@code    vllm:}, {@code Limits:}, {@code Mounts:} and {@code Volumes:} below). Both are
 * given to the workload's pods the evidence names (a Deployment's {@code NAME-<hash>-<5>}, a StatefulSet's
 * {@code NAME-<ordinal>}, a DaemonSet's or Job's {@code NAME-<5>}), else, when this text describes one
 * workload and no pod, to the pod a log that names none came from.
 */
final class DescribeWorkloadText {
  private static final String TEMPLATE = "Pod Template";

  private DescribeWorkloadText() {}

  /** A describe with a pod template: the workloads kubectl describes with {@code DescribePodTemplate}. */
  static boolean isWorkload(DescribeText d) {
    return d.field(TEMPLATE) != null && d.value("Name") != null;
  }

  static void read(DescribeText d, PastedSection section, String path, boolean onlyWorkload, BundleBuilder out) {
    String namespace = d.value("Namespace") != null ? d.value("Namespace") : section.context().namespace();
    String name = d.value("Name");
    String kind = kind(d, section.context().kind());
    DescribeText template = template(d.field(TEMPLATE));
    DescribedSharedMemory sharedMemory = DescribedSharedMemory.read(template, path);
    DescribedGpuRequest gpuRequest = DescribedGpuRequest.read(template, path);
    out.used(Topics.WORKLOADS, path);
    memoryLimits(template, kind, namespace, name, path, out);
    DescribeText.Field events = d.field("Events");
    if (events != null) out.used(Topics.EVENTS, path);
    out.later(0, placement -> {
      if (events != null) {
        EventText.place(EventText.describeTable(events.body(), namespace, kind, name), path, placement);
      }
    });
    if (sharedMemory == null && gpuRequest == null) return;
    // After the describes and events of every file have placed their pods.
    out.later(3, placement -> {
      Set<String> pods = podsOfWorkload(placement, namespace, kind, name);
      if (pods.isEmpty() && onlyWorkload) pods.add(PodFacts.UNNAMED);
      for (String pod : pods) {
        if (sharedMemory != null) placement.out().fact(sharedMemory.ofTemplate(pod, kind, name));
        if (gpuRequest != null) placement.out().fact(gpuRequest.of(pod, kind, name));
      }
    });
  }

  /** The memory limit each container of the template shows under {@code Limits:}: its pods' containers run with it. */
  private static void memoryLimits(DescribeText template, String kind, String namespace, String name, String path,
      BundleBuilder out) {
    for (String block : List.of("Init Containers", "Containers")) {
      DescribeText.Field field = template.field(block);
      if (field == null) continue;
      for (DescribeText.Node c : field.children()) {
        DescribeText.Node limits = c.key() == null ? null : c.child("Limits");
        DescribeText.Node memory = limits == null ? null : limits.child("memory");
        String limit = limits == null ? null : DescribePodText.resources(limits).get("memory");
        if (memory == null || limit == null || Redaction.isRedacted(limit)) continue;
        DescribeText.Node requests = c.child("Requests");
        String request = requests == null ? null : DescribePodText.resources(requests).get("memory");
        out.fact(new TemplateMemoryLimit(kind, namespace, name, c.key(), limit, request,
            Provenance.of(path, "line " + memory.line().number())));
      }
    }
  }

  /** The template's lines as a pod's describe prints them: two columns to the left. */
  private static DescribeText template(DescribeText.Field field) {
    List<TextLine> lines = new ArrayList<>();
    for (TextLine line : field.body()) {
      lines.add(new TextLine(line.number(), line.text().substring(Math.min(2, line.indent()))));
    }
    return new DescribeText(lines);
  }

  /** The kind the command names, else the one the fields are kubectl's for. */
  private static String kind(DescribeText d, String commandKind) {
    if (commandKind != null) return commandKind;
    if (d.has("StrategyType") || d.has("NewReplicaSet")) return "Deployment";
    if (d.has("Update Strategy") && d.has("Pods Status")) return "StatefulSet";
    if (d.has("Desired Number of Nodes Scheduled")) return "DaemonSet";
    if (d.has("Completions") || d.has("Parallelism")) return "Job";
    return null;
  }

  /** The pods the evidence names that are the workload's, by the names its controller gives them. */
  static Set<String> podsOfWorkload(TextPlacement placement, String namespace, String kind, String name) {
    Pattern ownPods = podsOf(kind, name);
    Set<String> pods = new TreeSet<>();
    for (String key : podKeys(placement.out().facts(), placement.targetNamespace(), placement.targetPod())) {
      int slash = key.indexOf('/');
      String podNamespace = slash < 0 ? null : key.substring(0, slash);
      if ((namespace == null || namespace.equals(podNamespace)) && ownPods.matcher(key.substring(slash + 1)).matches()) {
        pods.add(key);
      }
    }
    return pods;
  }

  private static Pattern podsOf(String kind, String name) {
    String quoted = Pattern.quote(name);
    String deployment = quoted + "-[a-z0-9]{1,10}-[a-z0-9]{5}";
    String statefulSet = quoted + "-\\d+";
    String ownPod = quoted + "-[a-z0-9]{5}";
    if ("Deployment".equals(kind)) return Pattern.compile(deployment);
    if ("StatefulSet".equals(kind)) return Pattern.compile(statefulSet);
    if ("DaemonSet".equals(kind) || "Job".equals(kind)) return Pattern.compile(ownPod);
    return Pattern.compile(deployment + "|" + statefulSet);
  }

  /** The pods the evidence names: read, involved in events, writing logs, or the target's. */
  private static Set<String> podKeys(List<Object> facts, String targetNamespace, String targetPod) {
    Set<String> keys = new TreeSet<>();
    for (Object f : facts) {
      if (f instanceof PodFacts p && !PodFacts.UNNAMED.equals(p.name())) keys.add(p.key());
      else if (f instanceof KubeEvent e && "Pod".equals(e.involvedKind())) keys.add(e.involvedKey());
      else if (f instanceof LogSignal l && l.attributed()) keys.add(l.podKey());
    }
    if (targetPod != null) keys.add(io.gpudoctor.facts.ObjectKeys.key(targetNamespace, targetPod));
    return keys;
  }
}
