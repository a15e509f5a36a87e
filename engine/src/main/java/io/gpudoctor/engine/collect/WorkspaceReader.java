package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import tools.jackson.databind.JsonNode;

/**
 * KAITO Workspace ({@code kaito.sh/v1alpha1}, {@code v1beta1}). Read from the plain tree: there is
 * no typed model, and {@code resource}/{@code inference} sit at the top level, not under spec.
 */
final class WorkspaceReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.equals("kaito.sh") && kind.equals("Workspace");
  }

  @Override
  public String topic() {
    return Topics.WORKSPACES;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    JsonNode meta = Trees.field(object, "metadata");
    String name = Trees.text(meta, "name");
    if (name == null) throw new NotReadable("Workspace without metadata.name");
    JsonNode resource = Trees.field(object, "resource");
    out.fact(new WorkspaceFacts(
        Trees.text(object, "apiVersion"),
        Trees.text(meta, "namespace"),
        name,
        Trees.text(resource, "instanceType"),
        Trees.integer(resource, "count"),
        Trees.stringMap(Trees.path(resource, "labelSelector", "matchLabels")),
        Trees.text(Trees.path(object, "inference", "preset"), "name"),
        Times.parse(Trees.text(meta, "creationTimestamp")),
        Conditions.read(object, at, out),
        Trees.text(Trees.field(object, "status"), "state"),
        at,
        Trees.strings(Trees.field(resource, "preferredNodes")),
        null));
  }
}
