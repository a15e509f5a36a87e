package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code kubectl get ... -o json|yaml}: one object, a {@code List}, or a typed {@code *List}. A bad
 * item of a list is reported on its own ({@code pods.json#/items/3}) and the other items are read.
 */
final class KubernetesObjectFormat implements EvidenceFormat {
  static final String OTHER_TOPIC = io.gpudoctor.facts.Topics.OTHER;

  private final List<KubeObjectReader> readers = List.of(
      new PodReader(), new NodeReader(), new CoreEventReader(), new EventsApiEventReader(),
      new DaemonSetReader(), new WorkloadReader(), new ConfigMapReader(), new WorkspaceReader(),
      new NodeClaimReader(), new HpaReader(), new ScaledObjectReader(), new KarpenterNodeClassReader());

  @Override
  public boolean recognises(Document document) {
    JsonNode tree = document.tree();
    return tree.isObject() && isText(tree.get("apiVersion")) && isText(tree.get("kind"));
  }

  @Override
  public void read(Document document, BundleBuilder out) throws NotReadable {
    JsonNode tree = document.tree();
    String kind = tree.get("kind").asString();
    JsonNode items = tree.get("items");
    if (kind.endsWith("List") && (items == null || items.isArray() || items.isNull())) {
      readList(document, tree.get("apiVersion").asString(), kind, items, out);
    } else {
      readObject(document, tree, document.provenance(), out);
    }
  }

  private void readList(Document document, String apiVersion, String listKind, JsonNode items, BundleBuilder out)
      throws NotReadable {
    // `kubectl get pods -o json` with no pods: the read ran and found nothing, which is evidence too.
    String itemKind = listKind.equals("List") ? null : listKind.substring(0, listKind.length() - "List".length());
    if (items == null || items.isNull() || items.isEmpty()) {
      out.used(itemKind == null ? OTHER_TOPIC : topicOf(group(apiVersion), itemKind), document.path());
      return;
    }
    for (int i = 0; i < items.size(); i++) readItem(document, items.get(i), i, out);
  }

  /**
   * Item {@code index} of the List that {@code list} heads (its tree needs only apiVersion and
   * kind): how {@link StreamedKubeList} hands over the items of a big file one at a time.
   */
  void readItem(Document list, JsonNode item, int index, BundleBuilder out) {
    String apiVersion = list.tree().get("apiVersion").asString();
    String listKind = list.tree().get("kind").asString();
    String itemKind = listKind.equals("List") ? null : listKind.substring(0, listKind.length() - "List".length());
    Provenance at = list.provenance().child("items").child(index);
    try {
      if (!item.isObject()) throw new NotReadable("list item is not an object");
      // The API server leaves kind/apiVersion out of the items of a typed list.
      if (!isText(item.get("kind")) && itemKind != null && item instanceof tools.jackson.databind.node.ObjectNode o) {
        o.put("kind", itemKind);
        if (!isText(item.get("apiVersion"))) o.put("apiVersion", apiVersion);
      }
      if (!isText(item.get("kind")) || !isText(item.get("apiVersion"))) {
        throw new NotReadable("list item without apiVersion and kind");
      }
      readObject(list, item, at, out);
    } catch (NotReadable e) {
      out.unreadable(list.locate(at), e.reason());
    }
  }

  private void readObject(Document document, JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    String group = group(object.get("apiVersion").asString());
    String kind = object.get("kind").asString();
    if (group.isEmpty() && kind.equals("Secret")) throw new NotReadable("Secret objects are not read");
    for (KubeObjectReader reader : readers) {
      if (reader.handles(group, kind)) {
        reader.read(object, at, out);
        out.used(reader.topic(), document.path());
        return;
      }
    }
    out.used(OTHER_TOPIC, document.path());
  }

  private String topicOf(String group, String kind) {
    return readers.stream().filter(r -> r.handles(group, kind)).map(KubeObjectReader::topic)
        .findFirst().orElse(OTHER_TOPIC);
  }

  static String group(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  private static boolean isText(JsonNode node) {
    return node != null && node.isString() && !node.asString().isBlank();
  }
}
