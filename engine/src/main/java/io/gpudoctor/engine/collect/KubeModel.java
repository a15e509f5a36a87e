package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.gpudoctor.facts.Provenance;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;

/** Maps trees to fabric8 model objects; a wrongly typed field names its place in the file. */
final class KubeModel {
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private KubeModel() {}

  static <T> T convert(JsonNode tree, Class<T> type, Provenance at) throws NotReadable {
    try {
      return SERIALIZATION.convertValue(tree, type);
    } catch (DatabindException e) {
      throw new NotReadable(WrongType.describe(e, at.pointer()));
    } catch (JacksonException | IllegalArgumentException e) {
      Throwable cause = e.getCause() instanceof DatabindException d ? d : null;
      if (cause != null) throw new NotReadable(WrongType.describe((DatabindException) cause, at.pointer()));
      throw new NotReadable("cannot read the object at " + pointerOrRoot(at.pointer()) + ": "
          + ShortMessages.of(e));
    }
  }

  static String pointerOrRoot(String pointer) {
    return pointer.isEmpty() ? "/" : pointer;
  }

  static String name(ObjectMeta meta) {
    return meta == null ? null : meta.getName();
  }

  static String namespace(ObjectMeta meta) {
    return meta == null ? null : meta.getNamespace();
  }

  static Map<String, String> labels(ObjectMeta meta) {
    return meta == null ? Map.of() : nonNull(meta.getLabels());
  }

  static Instant created(ObjectMeta meta) {
    return meta == null ? null : Times.parse(meta.getCreationTimestamp());
  }

  static String requireName(ObjectMeta meta, String kind) throws NotReadable {
    String name = name(meta);
    if (name == null || name.isBlank()) throw new NotReadable(kind + " without metadata.name");
    return name;
  }

  /** Quantities as written ({@code 1}, {@code 16Gi}); redacted (null) entries are dropped. */
  static Map<String, String> quantities(Map<String, Quantity> map) {
    Map<String, String> out = new LinkedHashMap<>();
    if (map == null) return out;
    map.forEach((k, v) -> {
      if (k != null && v != null && v.getAmount() != null) out.put(k, v.toString());
    });
    return out;
  }

  static <V> Map<String, V> nonNull(Map<String, V> map) {
    Map<String, V> out = new LinkedHashMap<>();
    if (map == null) return out;
    map.forEach((k, v) -> {
      if (k != null && v != null) out.put(k, v);
    });
    return out;
  }

  static <T> List<T> list(List<T> list) {
    return list == null ? List.of() : list.stream().filter(java.util.Objects::nonNull).toList();
  }
}
