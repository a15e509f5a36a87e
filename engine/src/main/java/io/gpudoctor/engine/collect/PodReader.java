package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ContainerStatusFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.PodPriority;
import io.gpudoctor.facts.PodResourceClaims;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

final class PodReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.isEmpty() && kind.equals("Pod");
  }

  @Override
  public String topic() {
    return Topics.PODS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    KubeTree pod = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree meta = KubeModel.metadata(pod);
    String name = KubeModel.requireName(meta, "Pod");
    KubeTree spec = pod.object("spec");
    KubeTree status = pod.object("status");
    List<KubeTree> owners = meta.objects("ownerReferences");
    KubeTree owner = owners.isEmpty() ? null : owners.get(0);
    List<TerminationMessages.Message> messages = new ArrayList<>();
    PodFacts facts = new PodFacts(
        meta.string("namespace"), name,
        status.string("phase"),
        status.string("reason"),
        status.string("message"),
        spec.string("nodeName"),
        KubeModel.created(meta),
        owner == null ? null : owner.string("kind"),
        owner == null ? null : owner.string("name"),
        meta.stringMap("labels"),
        PodSpecs.containers(spec),
        PodSpecs.tolerations(spec),
        spec.stringMap("nodeSelector"),
        PodSpecs.requiredNodeAffinity(spec),
        Conditions.read(object, at, out),
        containerStatuses(status, at, out, messages),
        at);
    // The same pod read again (alone and in a list) says its termination messages once.
    if (!out.hasFact(facts)) TerminationMessages.read(facts.namespace(), name, messages, out);
    out.fact(facts);
    if (spec.present()) {
      out.fact(PodSpecs.sharedMemory(facts.key(), spec, at.child("spec")));
      out.fact(new PodPriority(facts.key(), meta.string("uid"), spec.integer("priority"),
          spec.string("priorityClassName"), at.child("spec")));
      List<String> claims = new ArrayList<>();
      for (KubeTree claim : spec.objects("resourceClaims")) {
        String template = claim.string("resourceClaimTemplateName");
        String named = claim.string("resourceClaimName");
        claims.add(claim.string("name") + "=" + (named != null ? named : "template:" + template));
      }
      if (!claims.isEmpty()) out.fact(new PodResourceClaims(facts.key(), claims, at.child("spec").child("resourceClaims")));
    }
  }

  private static List<ContainerStatusFacts> containerStatuses(KubeTree status, Provenance podAt, BundleBuilder out,
      List<TerminationMessages.Message> messages) throws NotReadable {
    List<ContainerStatusFacts> list = new ArrayList<>();
    List<KubeTree> statuses = status.objects("containerStatuses");
    if (statuses.isEmpty()) return list;
    Provenance at = podAt.child("status").child("containerStatuses");
    for (KubeTree s : statuses) {
      KubeTree state = s.object("state");
      KubeTree waiting = state.object("waiting");
      KubeTree terminated = state.object("terminated");
      KubeTree last = s.object("lastState").object("terminated");
      Instant finished = Times.parse(terminated.string("finishedAt"));
      Instant lastFinished = Times.parse(last.string("finishedAt"));
      out.observed(finished);
      out.observed(lastFinished);
      Integer restarts = s.integer("restartCount");
      Provenance statusAt = at.child(s.index());
      messages.add(new TerminationMessages.Message(s.string("name"), false, terminated.string("message"),
          statusAt.child("state").child("terminated").child("message")));
      messages.add(new TerminationMessages.Message(s.string("name"), true, last.string("message"),
          statusAt.child("lastState").child("terminated").child("message")));
      list.add(new ContainerStatusFacts(
          s.string("name"),
          Boolean.TRUE.equals(s.bool("ready")),
          restarts == null ? 0 : restarts,
          waiting.string("reason"),
          waiting.string("message"),
          terminated.string("reason"),
          terminated.integer("exitCode"),
          finished,
          last.string("reason"),
          last.integer("exitCode"),
          lastFinished,
          statusAt));
    }
    return list;
  }
}
