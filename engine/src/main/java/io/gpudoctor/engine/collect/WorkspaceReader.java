package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceFacts;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * KAITO Workspace ({@code kaito.sh/v1alpha1}, {@code v1beta1}). Read from the plain tree: there is
 * no typed model, and {@code resource}/{@code inference}/{@code tuning} sit at the top level, not
 * under spec.
 *
 * <p>A manifest as written to be applied (no {@code status}, none of the metadata the API server
 * sets) is read for what it asks for only, and it counts only when the capture holds no stored form
 * of the same Workspace: a {@code kubectl get workspace} table or describe pasted beside it shows
 * the state, which the manifest must not hide.
 */
final class WorkspaceReader implements KubeObjectReader {
  /** After describes (rank 0) and tables (rank 1) have placed their Workspaces. */
  private static final int AFTER_STORED_FORMS = 2;
  /** Metadata the API server sets on every stored object and a manifest does not carry. */
  private static final List<String> STORED_METADATA = List.of("creationTimestamp", "uid", "resourceVersion");

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
    boolean stored = stored(object, meta);
    WorkspaceFacts workspace = new WorkspaceFacts(
        Trees.text(object, "apiVersion"),
        Trees.text(meta, "namespace"),
        name,
        Trees.text(resource, "instanceType"),
        Trees.integer(resource, "count"),
        Trees.stringMap(Trees.path(resource, "labelSelector", "matchLabels")),
        preset(object),
        Times.parse(Trees.text(meta, "creationTimestamp")),
        Conditions.read(object, at, out),
        Trees.text(Trees.field(object, "status"), "state"),
        at,
        Trees.strings(Trees.field(resource, "preferredNodes")),
        null,
        stored);
    if (stored) {
      out.fact(workspace);
      WorkspaceSchedulingEvents.add(workspace, out);
    } else {
      out.later(AFTER_STORED_FORMS, placement -> {
        if (!placement.out().hasFact(workspace)) placement.out().fact(workspace);
      });
    }
  }

  /**
   * Whether the object is the API server's: it has a status, or metadata only a stored object has
   * ({@code kubectl create --dry-run=client -o yaml} prints {@code creationTimestamp: null}, which is none).
   */
  private static boolean stored(JsonNode object, JsonNode meta) {
    if (Trees.present(Trees.field(object, "status"))) return true;
    for (String field : STORED_METADATA) {
      if (Trees.text(meta, field) != null) return true;
    }
    return false;
  }

  /** The preset of an inference Workspace, else of a tuning one ({@code tuning.preset.name}, KAITO 0.3+). */
  private static String preset(JsonNode object) {
    String inference = Trees.text(Trees.path(object, "inference", "preset"), "name");
    return inference != null ? inference : Trees.text(Trees.path(object, "tuning", "preset"), "name");
  }
}
