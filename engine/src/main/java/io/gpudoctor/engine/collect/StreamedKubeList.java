package io.gpudoctor.engine.collect;

import java.io.IOException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A big {@code kubectl get ... -o json|yaml} List read one item at a time, so the file never sits
 * in memory as one tree: the 58 MB {@code events.json} of a 1,000-node cluster made a tree of
 * several hundred MiB, more than the whole diagnosis may use.
 *
 * <p>One pass when the shape is known by the first item: the API server writes {@code apiVersion}
 * and {@code kind} before {@code items}; kubectl writes {@code apiVersion}, {@code items}, then
 * {@code kind: List}, with every item carrying its own apiVersion and kind, which is taken as the
 * List it is. Otherwise (a typed list whose kind comes last, say) the file is scanned once for
 * its apiVersion and kind and then read item by item. Anything but a single List document with
 * items is left to the whole-file reader.
 */
final class StreamedKubeList {

  interface ItemReader {
    void read(JsonNode item, int index);
  }

  private StreamedKubeList() {}

  /**
   * Reads the items in one pass; false, having handed over nothing, when the first item does not
   * settle that the file is a List (then {@link #header} and {@link #readItems} do it in two).
   */
  static boolean readInOnePass(EvidenceFile file, ListItemReader reader) throws IOException, NotReadable {
    Boolean json = jsonOrYaml(file);
    if (json == null) return false;
    ObjectMapper mapper = DocumentParser.streaming(json);
    String apiVersion = null;
    String kind = null;
    boolean streamed = false;
    try (InputStream in = file.open(); JsonParser p = mapper.createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) return false;
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.VALUE_STRING && name.equals("apiVersion")) {
          apiVersion = p.getString();
        } else if (value == JsonToken.VALUE_STRING && name.equals("kind")) {
          kind = p.getString();
        } else if (name.equals("items") && value == JsonToken.START_ARRAY && !streamed) {
          JsonToken t = p.nextToken();
          if (t == JsonToken.END_ARRAY || t == null) return false;
          JsonNode first = mapper.readTree(p);
          ObjectNode header = settledHeader(apiVersion, kind, first);
          if (header == null) return false;
          streamed = true;
          reader.read(header, first, 0);
          int index = 1;
          for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
            if (t == null) throw new NotReadable("cannot parse: the items end before their list");
            JsonNode item = mapper.readTree(p);
            reader.read(header, item == null ? JsonNodeFactory.instance.nullNode() : item, index++);
          }
        } else {
          p.skipChildren();
        }
      }
      if (streamed && p.nextToken() != null) {
        throw new NotReadable("only the first document is read: a file this big is read item by item; "
            + "put the other documents in files of their own");
      }
    } catch (JacksonException e) {
      if (!streamed) return false;
      throw new NotReadable("cannot parse " + (json ? "JSON" : "YAML") + " after the items read: "
          + ShortMessages.shorten(e.getOriginalMessage()));
    }
    return streamed;
  }

  interface ListItemReader {
    void read(ObjectNode header, JsonNode item, int index);
  }

  /** apiVersion and kind before the items, or an apiVersion and a first item that names its own kind. */
  private static ObjectNode settledHeader(String apiVersion, String kind, JsonNode first) {
    if (apiVersion == null || apiVersion.isBlank()) return null;
    if (kind != null) return kind.endsWith("List") ? header(apiVersion, kind) : null;
    boolean selfDescribing = first != null && first.isObject()
        && first.path("kind").isString() && first.path("apiVersion").isString();
    return selfDescribing ? header(apiVersion, "List") : null;
  }

  private static ObjectNode header(String apiVersion, String kind) {
    ObjectNode header = JsonNodeFactory.instance.objectNode();
    header.put("apiVersion", apiVersion);
    header.put("kind", kind);
    return header;
  }

  /**
   * The List's {@code apiVersion} and {@code kind} as a small tree, or null when the file is not
   * one List document with a non-empty {@code items} array (or not well-formed: the whole-file
   * reader then says why).
   */
  static ObjectNode header(EvidenceFile file) throws IOException {
    Boolean json = jsonOrYaml(file);
    if (json == null) return null;
    ObjectMapper mapper = DocumentParser.streaming(json);
    String apiVersion = null;
    String kind = null;
    boolean items = false;
    try (InputStream in = file.open(); JsonParser p = mapper.createParser(in)) {
      if (p.nextToken() != JsonToken.START_OBJECT) return null;
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (value == JsonToken.VALUE_STRING && name.equals("apiVersion")) apiVersion = p.getString();
        else if (value == JsonToken.VALUE_STRING && name.equals("kind")) kind = p.getString();
        else if (name.equals("items") && value == JsonToken.START_ARRAY) {
          items = skipArrayCountingItems(p) > 0;
          continue;
        }
        p.skipChildren();
      }
      if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) return null;
    } catch (JacksonException | IllegalStateException e) {
      return null;
    }
    if (apiVersion == null || apiVersion.isBlank() || kind == null || !kind.endsWith("List") || !items) return null;
    return header(apiVersion, kind);
  }

  private static int skipArrayCountingItems(JsonParser p) {
    int count = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t == null) throw new IllegalStateException("the items end before their list");
      p.skipChildren();
      count++;
    }
    return count;
  }

  /** Hands each item of {@code items} to the reader, in order; the header scan has vouched for the shape. */
  static void readItems(EvidenceFile file, ItemReader reader) throws IOException, NotReadable {
    ObjectMapper mapper = DocumentParser.streaming(Boolean.TRUE.equals(jsonOrYaml(file)));
    try (InputStream in = file.open(); JsonParser p = mapper.createParser(in)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = p.currentName();
        p.nextToken();
        if (!name.equals("items")) {
          p.skipChildren();
          continue;
        }
        int index = 0;
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
          if (t == null) throw new NotReadable("cannot parse: the items end before their list");
          JsonNode item = mapper.readTree(p);
          reader.read(item == null ? JsonNodeFactory.instance.nullNode() : item, index++);
        }
      }
    } catch (JacksonException e) {
      // The header scan read the same bytes: only a file changed under us gets here.
      throw new NotReadable("cannot parse: " + ShortMessages.shorten(e.getOriginalMessage()));
    }
  }

  /** JSON, YAML, or null for binary or UTF-16 text (left to the whole-file reader, which decodes it). */
  private static Boolean jsonOrYaml(EvidenceFile file) throws IOException {
    byte[] head = file.head(EvidenceLimits.SNIFF_BYTES);
    if (head.length >= 2 && ((head[0] & 0xFF) == 0xFF || (head[0] & 0xFF) == 0xFE)) return null;
    int i = head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF ? 3 : 0;
    for (int j = i; j < head.length; j++) if (head[j] == 0) return null;
    for (; i < head.length; i++) {
      if (head[i] != ' ' && head[i] != '\t' && head[i] != '\r' && head[i] != '\n') return head[i] == '{' || head[i] == '[';
    }
    return null;
  }
}
