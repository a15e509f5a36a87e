package io.gpudoctor.engine.collect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;

/** "wrong type at /spec/containers: expected a list, found a string" from a Jackson mapping error. */
final class WrongType {
  private static final Pattern TYPES = Pattern.compile(
      "Cannot deserialize value of type `([^`]+)` from (\\w+)");

  private WrongType() {}

  static String describe(DatabindException e, String basePointer) {
    StringBuilder pointer = new StringBuilder(basePointer);
    for (JacksonException.Reference ref : e.getPath()) {
      if (ref.getPropertyName() != null) pointer.append('/').append(Trees.escape(ref.getPropertyName()));
      else if (ref.getIndex() >= 0) pointer.append('/').append(ref.getIndex());
    }
    return "wrong type at " + KubeModel.pointerOrRoot(pointer.toString()) + ": " + reason(e);
  }

  private static String reason(DatabindException e) {
    String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    Matcher m = TYPES.matcher(message);
    if (m.find()) return "expected " + expected(m.group(1)) + ", found " + found(m.group(2));
    return ShortMessages.shorten(message);
  }

  private static String expected(String javaType) {
    if (javaType.contains("List") || javaType.endsWith("[]")) return "a list";
    if (javaType.contains("Map")) return "a map";
    if (javaType.equals("java.lang.String")) return "a string";
    if (javaType.matches("(?i)(java\\.lang\\.)?(Integer|int|Long|long)")) return "a whole number";
    if (javaType.matches("(?i)(java\\.lang\\.)?boolean")) return "true or false";
    return "an object (" + javaType.substring(javaType.lastIndexOf('.') + 1) + ")";
  }

  private static String found(String token) {
    return switch (token) {
      case "String" -> "a string";
      case "Array" -> "a list";
      case "Object" -> "an object";
      case "Boolean" -> "true/false";
      default -> token.toLowerCase() + " value";
    };
  }
}
