package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Lenient reads of a JSON tree: a missing, null or oddly typed value is simply absent. */
final class Trees {
  private Trees() {}

  /** The field, matched exactly first and then ignoring case ({@code az --query} projections capitalise). */
  static JsonNode field(JsonNode node, String name) {
    if (node == null || !node.isObject()) return null;
    JsonNode exact = node.get(name);
    if (exact != null) return exact;
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      if (e.getKey().equalsIgnoreCase(name)) return e.getValue();
    }
    return null;
  }

  static boolean has(JsonNode node, String name) {
    return field(node, name) != null;
  }

  static boolean present(JsonNode node) {
    return node != null && !node.isNull() && !node.isMissingNode();
  }

  static String text(JsonNode node, String name) {
    JsonNode v = field(node, name);
    return v != null && v.isValueNode() && !v.isNull() ? v.asString() : null;
  }

  static Integer integer(JsonNode node, String name) {
    JsonNode v = field(node, name);
    if (v == null || v.isNull()) return null;
    if (v.isIntegralNumber() && v.canConvertToInt()) return v.asInt();
    if (v.isString()) {
      try {
        return Integer.valueOf(v.asString().trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  static Boolean bool(JsonNode node, String name) {
    JsonNode v = field(node, name);
    if (v == null || v.isNull()) return null;
    if (v.isBoolean()) return v.asBoolean();
    if (v.isString() && ("true".equalsIgnoreCase(v.asString()) || "false".equalsIgnoreCase(v.asString()))) {
      return Boolean.valueOf(v.asString());
    }
    return null;
  }

  static JsonNode path(JsonNode node, String... names) {
    JsonNode current = node;
    for (String name : names) {
      current = field(current, name);
      if (current == null) return null;
    }
    return current;
  }

  /** String values of an object, in document order; non-scalar values are skipped. */
  static Map<String, String> stringMap(JsonNode node) {
    Map<String, String> map = new LinkedHashMap<>();
    if (node == null || !node.isObject()) return map;
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      JsonNode v = e.getValue();
      if (v.isValueNode() && !v.isNull()) map.put(e.getKey(), v.asString());
    }
    return map;
  }

  static List<String> strings(JsonNode node) {
    List<String> list = new ArrayList<>();
    if (node == null || !node.isArray()) return list;
    for (JsonNode v : node) {
      if (v.isValueNode() && !v.isNull()) list.add(v.asString());
    }
    return list;
  }

  static String escape(String segment) {
    return segment.replace("~", "~0").replace("/", "~1");
  }

  /** A non-empty array whose every item passes the test: how az list outputs are told apart. */
  static boolean nonEmptyArrayOf(JsonNode node, java.util.function.Predicate<JsonNode> item) {
    if (node == null || !node.isArray() || node.isEmpty()) return false;
    for (JsonNode n : node) if (!item.test(n)) return false;
    return true;
  }
}
