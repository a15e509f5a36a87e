package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Target;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** {@code target.yaml}: the bound target, the incident window, the capture time, and reads not run. */
final class TargetFileFormat implements EvidenceFormat {
  private static final Set<String> KNOWN_KEYS = Set.of("subscription", "resourceGroup", "cluster",
      "kubeContext", "region", "pool", "namespace", "resource", "incident", "capturedAt", "readsNotRun",
      "server");

  static boolean isTargetFileName(String fileName) {
    return fileName.equals("target.yaml") || fileName.equals("target.yml");
  }

  @Override
  public boolean recognises(Document document) {
    return isTargetFileName(document.fileName());
  }

  @Override
  public void read(Document document, BundleBuilder out) throws NotReadable {
    JsonNode t = document.tree();
    if (!t.isObject()) throw new NotReadable("target.yaml is not a mapping of fields");
    String path = document.path();
    for (Map.Entry<String, JsonNode> e : t.properties()) {
      if (!KNOWN_KEYS.contains(e.getKey())) out.warning(path + ": unknown key '" + e.getKey() + "' ignored");
    }
    String resource = Trees.text(t, "resource");
    String kind = null;
    String name = resource;
    if (resource != null && resource.contains("/")) {
      kind = resource.substring(0, resource.indexOf('/')).toLowerCase(Locale.ROOT);
      name = resource.substring(resource.indexOf('/') + 1);
    }
    JsonNode incident = Trees.field(t, "incident");
    Instant capturedAt = time(t, "capturedAt", path, out);
    Target target = new Target(
        Trees.text(t, "subscription"), Trees.text(t, "resourceGroup"), Trees.text(t, "cluster"),
        Trees.text(t, "kubeContext"), server(t, path, out), Trees.text(t, "region"), Trees.text(t, "pool"),
        Trees.text(t, "namespace"), kind, name,
        time(incident, "start", path, out), time(incident, "end", path, out),
        capturedAt, Provenance.of(path, ""));
    if (!out.declareTarget(target, capturedAt != null)) {
      out.warning(path + ": another target file was read first; this one is ignored");
      return;
    }
    readsNotRun(Trees.field(t, "readsNotRun"), document, out);
    out.used(Topics.TARGET, path);
  }

  /** The kube context's API server URL ({@code https://<fqdn>:443}); anything without a host is ignored. */
  private static String server(JsonNode t, String path, BundleBuilder out) {
    String text = Trees.text(t, "server");
    if (text == null || text.isBlank()) return null;
    if (ApiServerUrl.host(text) == null) {
      out.warning(path + ": server '" + text + "' is not an API server URL; ignored");
      return null;
    }
    return text.strip();
  }

  private static Instant time(JsonNode node, String field, String path, BundleBuilder out) {
    String text = Trees.text(node, field);
    Instant at = Times.parse(text);
    if (text != null && at == null) {
      out.warning(path + ": " + field + " '" + text + "' is not an ISO-8601 time; ignored");
    }
    return at;
  }

  private static void readsNotRun(JsonNode list, Document document, BundleBuilder out) {
    if (list == null || list.isNull()) return;
    if (!list.isArray()) {
      out.warning(document.path() + ": readsNotRun is not a list; ignored");
      return;
    }
    for (JsonNode item : list) {
      if (item.isValueNode() && !item.isNull()) {
        String command = item.asString();
        out.read(new Read(ReadTopics.of(command), command, ReadStatus.NOT_RUN, ""));
      } else if (item.isObject()) {
        String command = Trees.text(item, "command");
        String topic = Trees.text(item, "topic");
        out.read(new Read(topic != null ? topic : ReadTopics.of(command), command != null ? command : topic,
            ReadStatus.NOT_RUN, Trees.text(item, "reason")));
      }
    }
  }
}
