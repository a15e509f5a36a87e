package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code kubectl describe} output split into its top-level fields ({@code Labels:}, {@code Taints:},
 * {@code Containers:}, {@code Events:} ...), each with its inline value, the lines under it and
 * where it was in the file. Nested fields are read as an indentation tree on demand.
 */
final class DescribeText {
  private static final Pattern KEY = Pattern.compile("^([^:\\s][^:]*?):(?:\\s+(.*))?$");

  /** One field: {@code key}, the value on its line, the indented lines under it. */
  record Field(String key, String value, TextLine line, List<TextLine> body) {

    /** The inline value and each continuation line, as kubectl prints multi-value fields (Labels, Taints). */
    List<TextLine> values() {
      List<TextLine> values = new ArrayList<>();
      if (value != null && !value.isBlank()) values.add(new TextLine(line.number(), value));
      for (TextLine l : body) if (!l.blank()) values.add(new TextLine(l.number(), l.trimmed()));
      return values;
    }

    /** The lines under the field as a tree of {@code Key: value} nodes. */
    List<Node> children() {
      return tree(body);
    }
  }

  /** A nested {@code Key: value} line (or a bare line, key null) with the lines under it. */
  record Node(String key, String value, TextLine line, List<Node> children) {

    Node child(String name) {
      for (Node n : children) if (name.equals(n.key())) return n;
      return null;
    }

    String childValue(String name) {
      Node n = child(name);
      return n == null ? null : n.value();
    }
  }

  private final Map<String, Field> fields = new LinkedHashMap<>();
  private final List<Field> ordered = new ArrayList<>();

  DescribeText(List<TextLine> lines) {
    Field current = null;
    for (TextLine line : lines) {
      if (line.indent() == 0 && !line.blank()) {
        Matcher m = KEY.matcher(line.text());
        if (m.matches()) {
          current = new Field(m.group(1), m.group(2) == null ? "" : m.group(2).strip(), line, new ArrayList<>());
          ordered.add(current);
          fields.putIfAbsent(current.key(), current);
          continue;
        }
      }
      if (current != null) current.body().add(line);
    }
  }

  Field field(String key) {
    return fields.get(key);
  }

  String value(String key) {
    Field f = fields.get(key);
    return f == null ? null : TextValues.value(f.value());
  }

  boolean has(String key) {
    return fields.containsKey(key);
  }

  List<Field> fields() {
    return ordered;
  }

  static List<Node> tree(List<TextLine> lines) {
    List<Node> roots = new ArrayList<>();
    build(lines, 0, lines.size(), roots);
    return roots;
  }

  private static void build(List<TextLine> lines, int from, int to, List<Node> out) {
    int i = from;
    while (i < to) {
      TextLine line = lines.get(i);
      if (line.blank()) {
        i++;
        continue;
      }
      int end = i + 1;
      while (end < to && (lines.get(end).blank() || lines.get(end).indent() > line.indent())) end++;
      Matcher m = KEY.matcher(line.trimmed());
      List<Node> children = new ArrayList<>();
      build(lines, i + 1, end, children);
      if (m.matches()) out.add(new Node(m.group(1), m.group(2) == null ? "" : m.group(2).strip(), line, children));
      else out.add(new Node(null, line.trimmed(), line, children));
      i = end;
    }
  }
}
