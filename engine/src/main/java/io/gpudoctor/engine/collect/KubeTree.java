package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A place in a Kubernetes object's JSON tree, read with the types of the API schema: an absent or
 * null field is absent, a field of the wrong type makes the object unreadable and names its
 * pointer ({@code wrong type at /spec/containers: expected a list, found a string}).
 *
 * <p>Why not the fabric8 model: mapping each object to it costs more than parsing the file
 * (Jackson builds bean deserializers for the whole model on first use, 0.2-0.4 s of a cold start,
 * and a quarter of the steady-state reading), while the readers need a few dozen fields.
 * Scalars coerce to strings and numeric strings to numbers, as Jackson's mapping does.
 */
final class KubeTree {
  private final JsonNode node;
  private final String pointer;
  private final StringPool strings;

  private KubeTree(JsonNode node, String pointer, StringPool strings) {
    this.node = node;
    this.pointer = pointer;
    this.strings = strings;
  }

  /**
   * The object itself; {@code pointer} is where it sits in its file ({@code ""} for the root).
   * Texts read from it are shared through {@code strings}.
   */
  static KubeTree of(JsonNode object, String pointer, StringPool strings) throws NotReadable {
    if (object == null || !object.isObject()) throw wrongType(pointer, "an object", object);
    return new KubeTree(object, pointer, strings);
  }

  private KubeTree absent() {
    return new KubeTree(null, pointer, strings);
  }

  boolean present() {
    return node != null;
  }

  String pointer() {
    return pointer;
  }

  /** Its index in the list it is an item of ({@link #objects}): null items before it count. */
  int index() {
    return Integer.parseInt(pointer.substring(pointer.lastIndexOf('/') + 1));
  }

  /** The names of its fields, in document order; none when it is absent. */
  List<String> keys() {
    List<String> out = new ArrayList<>();
    if (node != null) for (Map.Entry<String, JsonNode> e : node.properties()) out.add(e.getKey());
    return out;
  }

  /** A nested object; absent when missing or null. */
  KubeTree object(String name) throws NotReadable {
    JsonNode v = value(name);
    if (v == null) return absent();
    if (!v.isObject()) throw wrongType(childPointer(name), "an object", v);
    return new KubeTree(v, childPointer(name), strings);
  }

  /** The objects of a list; null items are skipped (as the mapping drops them). */
  List<KubeTree> objects(String name) throws NotReadable {
    JsonNode v = list(name);
    if (v == null) return List.of();
    List<KubeTree> items = new ArrayList<>(v.size());
    String at = childPointer(name);
    for (int i = 0; i < v.size(); i++) {
      JsonNode item = v.get(i);
      if (item.isNull()) continue;
      if (!item.isObject()) throw wrongType(at + "/" + i, "an object", item);
      items.add(new KubeTree(item, at + "/" + i, strings));
    }
    return items;
  }

  String string(String name) throws NotReadable {
    JsonNode v = value(name);
    if (v == null) return null;
    if (!v.isValueNode()) throw wrongType(childPointer(name), "a string", v);
    return strings.of(v.asString());
  }

  Integer integer(String name) throws NotReadable {
    JsonNode v = value(name);
    if (v == null) return null;
    if (v.isIntegralNumber() && v.canConvertToInt()) return v.asInt();
    if (v.isString()) {
      try {
        return Integer.valueOf(v.asString().trim());
      } catch (NumberFormatException e) {
        // falls through to the type error
      }
    }
    throw wrongType(childPointer(name), "a whole number", v);
  }

  Boolean bool(String name) throws NotReadable {
    JsonNode v = value(name);
    if (v == null) return null;
    if (v.isBoolean()) return v.asBoolean();
    if (v.isString() && ("true".equalsIgnoreCase(v.asString()) || "false".equalsIgnoreCase(v.asString()))) {
      return Boolean.valueOf(v.asString());
    }
    throw wrongType(childPointer(name), "true or false", v);
  }

  /** A list of strings; null items are skipped. */
  List<String> strings(String name) throws NotReadable {
    JsonNode v = list(name);
    if (v == null) return List.of();
    List<String> out = new ArrayList<>(v.size());
    for (int i = 0; i < v.size(); i++) {
      JsonNode item = v.get(i);
      if (item.isNull()) continue;
      if (!item.isValueNode()) throw wrongType(childPointer(name) + "/" + i, "a string", item);
      out.add(strings.of(item.asString()));
    }
    return out;
  }

  /**
   * A map of strings (labels, nodeSelector, ConfigMap data) in document order; null values are
   * dropped. Quantities ({@code 1}, {@code 16Gi}) read the same way: as written.
   */
  Map<String, String> stringMap(String name) throws NotReadable {
    JsonNode v = value(name);
    Map<String, String> out = new LinkedHashMap<>();
    if (v == null) return out;
    if (!v.isObject()) throw wrongType(childPointer(name), "a map", v);
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      JsonNode value = e.getValue();
      if (value.isNull()) continue;
      if (!value.isValueNode()) {
        throw wrongType(childPointer(name) + "/" + Trees.escape(e.getKey()), "a string", value);
      }
      out.put(strings.of(e.getKey()), strings.of(value.asString()));
    }
    return out;
  }

  private JsonNode list(String name) throws NotReadable {
    JsonNode v = value(name);
    if (v == null) return null;
    if (!v.isArray()) throw wrongType(childPointer(name), "a list", v);
    return v;
  }

  private JsonNode value(String name) {
    if (node == null) return null;
    JsonNode v = node.get(name);
    return v == null || v.isNull() ? null : v;
  }

  private String childPointer(String name) {
    return pointer + "/" + Trees.escape(name);
  }

  private static NotReadable wrongType(String pointer, String expected, JsonNode found) {
    return new NotReadable("wrong type at " + (pointer.isEmpty() ? "/" : pointer) + ": expected " + expected
        + ", found " + kind(found));
  }

  private static String kind(JsonNode v) {
    if (v == null || v.isNull()) return "null";
    if (v.isObject()) return "an object";
    if (v.isArray()) return "a list";
    if (v.isString()) return "a string";
    if (v.isBoolean()) return "true/false";
    if (v.isNumber()) return "a number";
    return "a " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }
}
