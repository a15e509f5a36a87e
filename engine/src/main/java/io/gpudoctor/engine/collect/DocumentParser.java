package io.gpudoctor.engine.collect;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Parses text into JSON trees: JSON when it starts with {@code {} or {@code [}, else YAML. Several
 * documents (YAML {@code ---}, or JSON objects one after another) give several trees.
 */
final class DocumentParser {
  private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
      .maxNestingDepth(EvidenceLimits.MAX_NESTING_DEPTH).build();
  // Trailing tokens are the next document: the loop in parse() reads them, and fails on garbage.
  private static final ObjectMapper JSON = JsonMapper.builder(
      JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build())
      .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
  // snakeyaml's own 3 MB default would refuse a big `kubectl get pods -A -o yaml`.
  private static final ObjectMapper YAML = yaml(EvidenceLimits.DEFAULT.maxFileBytes());
  private static final ObjectMapper STREAMED_YAML = yaml(EvidenceLimits.DEFAULT.maxStreamedFileBytes());
  private static final Pattern YAML_MARKER = Pattern.compile("(?m)^(---|apiVersion:|kind:)");
  /** The first line of a YAML file: a key, a list item or a document marker (not prose with a --- rule in it). */
  private static final Pattern YAML_START = Pattern.compile("^(---|- |[A-Za-z_\"'][^\\s:]*:(\\s|$))");

  private DocumentParser() {}

  private static ObjectMapper yaml(long codePointLimit) {
    return YAMLMapper.builder(YAMLFactory.builder()
        .streamReadConstraints(CONSTRAINTS)
        .loadSettings(LoadSettings.builder()
            .setCodePointLimit((int) Math.min(Integer.MAX_VALUE, codePointLimit))
            .setMaxAliasesForCollections(50)
            .build())
        .build()).disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
  }

  /** The mapper that reads a file too big to hold as one tree, item by item. */
  static ObjectMapper streaming(boolean json) {
    return json ? JSON : STREAMED_YAML;
  }

  static boolean isJson(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!Character.isWhitespace(c) && c != '\uFEFF') return c == '{' || c == '[';
    }
    return false;
  }

  /** The first line of a YAML object file ({@code kubectl get -o yaml}, {@code az -o yaml}, target.yaml). */
  private static final Pattern YAML_OBJECT_START = Pattern.compile("^(---|apiVersion:|kind:|[a-z][\\w.-]*:(\\s|$))");

  /**
   * The documents of a text that starts as a YAML object file and parses as one, or null (text that
   * only looks like YAML at its first line: a pasted log, prose).
   *
   * @throws NotReadable when it starts as a Kubernetes object ({@code apiVersion:}, {@code kind:}) and is malformed
   */
  static List<JsonNode> objectsOfYamlFile(String text) throws NotReadable {
    String first = firstMeaningfulLine(text);
    if (!YAML_OBJECT_START.matcher(first).find()) return null;
    try {
      List<JsonNode> documents = parse(text);
      return documents.stream().anyMatch(JsonNode::isObject) ? documents : null;
    } catch (NotReadable e) {
      if (first.startsWith("apiVersion:") || first.startsWith("kind:")) throw e;
      return null;
    }
  }

  /** One document of a text and the line it starts on (1-based). */
  record Located(JsonNode tree, int line) {}

  /** The non-empty documents of the text; never empty. */
  static List<JsonNode> parse(String text) throws NotReadable {
    return parseLocated(text).stream().map(Located::tree).toList();
  }

  /** The non-empty documents of the text with the line each starts on; never empty. */
  static List<Located> parseLocated(String text) throws NotReadable {
    boolean json = isJson(text);
    List<Located> documents = new ArrayList<>();
    ObjectMapper mapper = json ? JSON : YAML;
    // Not readValues(): it would unwrap a root array (`az aks nodepool list`) into documents.
    try (JsonParser parser = mapper.createParser(text)) {
      while (parser.nextToken() != null) {
        int line = parser.currentTokenLocation().getLineNr();
        JsonNode doc = mapper.readTree(parser);
        if (doc == null || doc.isMissingNode()) break;
        if (!doc.isNull()) documents.add(new Located(doc, Math.max(line, 1)));
      }
    } catch (StreamConstraintsException e) {
      throw new NotReadable(e.getMessage() != null && e.getMessage().contains("nesting depth")
          ? "nesting too deep (limit " + EvidenceLimits.MAX_NESTING_DEPTH + " levels)"
          : "too large to parse: " + ShortMessages.shorten(e.getOriginalMessage()));
    } catch (JacksonException e) {
      if (!json && !(YAML_MARKER.matcher(text).find() && startsLikeYaml(text))) throw notRecognised();
      throw new NotReadable(parseError(json ? "JSON" : "YAML", e));
    } catch (RuntimeException e) {
      // snakeyaml can fail outside Jackson's exception types on pathological input.
      throw new NotReadable("cannot parse " + (json ? "JSON" : "YAML") + ": " + ShortMessages.of(e));
    }
    if (documents.isEmpty()) throw new NotReadable("empty file");
    return documents;
  }

  private static boolean startsLikeYaml(String text) {
    return YAML_START.matcher(firstMeaningfulLine(text)).find();
  }

  /** The first line that is neither blank nor a comment ({@code #}), or "". */
  private static String firstMeaningfulLine(String text) {
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      if (end < 0) end = text.length();
      String s = text.substring(start, end).replace("\uFEFF", "").stripTrailing();
      if (!s.isBlank() && !s.startsWith("#")) return s;
      start = end + 1;
    }
    return "";
  }

  /** Pasted text (an issue thread, a ticket) in which no reader found anything. */
  static NotReadable nothingRead() {
    return new NotReadable("pasted text in which gpu-doctor recognises no line of kubectl, az, log or metrics output it reads");
  }

  static NotReadable notRecognised() {
    return new NotReadable("not recognised as Kubernetes, az or Prometheus output");
  }

  private static String parseError(String format, JacksonException e) {
    TokenStreamLocation at = e.getLocation();
    String where = at != null && at.getLineNr() > 0
        ? " at line " + at.getLineNr() + ", column " + at.getColumnNr() : "";
    return "cannot parse " + format + where + ": " + shortReason(e);
  }

  private static String shortReason(JacksonException e) {
    if (e instanceof UnexpectedEndOfInputException) return "unexpected end of input";
    String reason = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (reason.contains("end-of-input") || reason.contains("end of stream")) return "unexpected end of input";
    int marker = reason.indexOf(" (start marker at");
    if (marker >= 0) reason = reason.substring(0, marker);
    int source = reason.indexOf(" at [Source");
    if (source >= 0) reason = reason.substring(0, source);
    return ShortMessages.shorten(reason);
  }
}
