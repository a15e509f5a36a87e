package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorText;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The JSON-lines logs of the node provisioners (zap's JSON encoder): Karpenter core, its Azure
 * provider (AKS node auto-provisioning) and KAITO's gpu-provisioner, one object per line:
 * <pre>
 * {"level":"ERROR","time":"...","logger":"controller","message":"failed launching nodeclaim","controller":"nodeclaim.lifecycle",
 *  "NodeClaim":{"name":"gpu-g5-4-kpxk7"},"error":"insufficient capacity, all requested instance types were unavailable during launch"}   (v0.33+)
 * {"level":"ERROR","time":"...","logger":"controller.nodeclaim.lifecycle","message":"creating instance, ...","nodeclaim":"default-x"}  (v0.3x: text in message)
 * {"level":"ERROR",...,"logger":"controller.machine.lifecycle","message":"...","machine":"ws3943854b9"}                         (Machine API, older KAITO)
 * </pre>
 * The provisioning error (gpu-provisioner: "creating instance, agentPool.BeginCreateOrUpdate for
 * "ws..." failed: PUT https://management.azure.com/... RESPONSE 400 ... ERROR CODE: QuotaExceeded";
 * karpenter-provider-azure: "Creating virtual machine "aks-..." failed: ... ERROR CODE:
 * OperationNotAllowed ...") becomes an AzureError bound to the NodeClaim it names, as the NodeClaim's
 * own condition would. A cluster autoscaler run with {@code --logging-format=json} logs its events as
 * {@code "msg":"Event occurred"} records: they become events.
 */
final class ControllerLogLines {
  // gpu-provisioner names the agent pool after the NodeClaim; the Azure provider names the VM "aks-<NodeClaim>".
  private static final Pattern AGENT_POOL = Pattern.compile("agentPool\\.BeginCreateOrUpdate for \"([^\"]+)\"");
  private static final Pattern VIRTUAL_MACHINE = Pattern.compile(
      "(?:Creating virtual machine|virtualMachine\\.BeginCreateOrUpdate for VM) \"(?:aks-)?([^\"]+)\"");
  private static final String EVENT_OCCURRED = "Event occurred";

  private ControllerLogLines() {}

  /** A {@code .log} file whose first line is a whole JSON object: a JSON-lines log, not one JSON document. */
  static boolean isJsonLinesLog(String path, String text) {
    if (!path.endsWith(".log")) return false;
    String first = text.lines().map(l -> l.replace("\uFEFF", "").strip()).filter(l -> !l.isEmpty()).findFirst().orElse("");
    return first.startsWith("{") && first.endsWith("}");
  }

  /** Whether the text holds a provisioner log line this class reads (cheap: most files hold none). */
  static boolean mentions(String text) {
    if (!text.contains("\"level\"") && !text.contains("\"msg\"")) return false;
    return text.lines().anyMatch(l -> {
      JsonNode record = record(l);
      return record != null && (azureError(record, "", 0) != null || event(record, 0) != null
          || ClaimLifecycleLines.lifecycle(record));
    });
  }

  /**
   * Reads the provisioning errors and logged events of the JSON lines of the text, except the lines
   * (1-based) in {@code skipLines}. Returns how many lines were read.
   */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    return read(path, text, skipLines, new java.util.HashSet<>(), out);
  }

  /** As {@link #read(String, String, Set, BundleBuilder)}, adding the number of every line read to {@code read}. */
  static int read(String path, String text, Set<Integer> skipLines, Set<Integer> linesRead, BundleBuilder out) {
    if (!text.contains("{\"")) return 0;
    Set<List<String>> seen = new HashSet<>();
    List<AutoscalerLogLines.LoggedEvent> events = new ArrayList<>();
    List<AzureError> errors = new ArrayList<>();
    java.util.Map<String, String> instanceTypeOfClaim = new java.util.HashMap<>();
    ClaimLifecycleLines lifecycle = new ClaimLifecycleLines(path);
    int number = 0;
    int read = 0;
    for (String raw : text.split("\\R", -1)) {
      number++;
      if (skipLines.contains(number)) continue;
      JsonNode record = record(raw);
      if (record == null) continue;
      AutoscalerLogLines.LoggedEvent event = event(record, number);
      if (event != null) {
        events.add(event);
        read++;
        linesRead.add(number);
        continue;
      }
      String created = createdInstanceType(record);
      if (created != null) instanceTypeOfClaim.putIfAbsent(claim(record, ""), created);
      if (lifecycle.add(record, claim(record, ""), time(record), number)) {
        read++;
        linesRead.add(number);
      }
      AzureError error = azureError(record, path, number);
      if (error == null) continue;
      read++;
      linesRead.add(number);
      // The controller retries and logs the same failure of the same NodeClaim each time: once is evidence.
      if (!seen.add(java.util.Arrays.asList(error.nodeGroup(), error.message()))) continue;
      errors.add(error);
    }
    for (AzureError error : errors) {
      out.observed(error.at());
      // The NodeClaim's one instance type, as the "created nodeclaim" line gave it: the size that failed.
      out.fact(error.withVmSize(error.nodeGroup() == null ? null : instanceTypeOfClaim.get(error.nodeGroup())));
    }
    List<io.gpudoctor.facts.NodeClaimFacts> claims = lifecycle.claims();
    for (io.gpudoctor.facts.NodeClaimFacts c : claims) {
      out.observed(c.createdAt());
      c.conditions().forEach(cond -> out.observed(cond.lastTransitionTime()));
      out.fact(c);
    }
    if (!claims.isEmpty()) out.used(Topics.NODECLAIMS, path);
    if (read > 0) out.used(Topics.LOGS, path);
    if (!events.isEmpty()) {
      out.used(Topics.EVENTS, path);
      out.later(1, placement -> AutoscalerLogLines.placeEvents(events, path, placement));
    }
    return read;
  }

  /** The JSON object of a line (after a {@code kubectl logs --timestamps} prefix), or null. */
  private static JsonNode record(String raw) {
    String line = raw.strip();
    Matcher ts = ScalingLogLines.KUBECTL_TIMESTAMP.matcher(line);
    if (ts.find()) line = line.substring(ts.end()).strip();
    if (!line.startsWith("{\"") || !line.endsWith("}")) return null;
    try {
      JsonNode node = DocumentParser.streaming(true).readTree(line);
      return node != null && node.isObject() && (Trees.has(node, "level") || Trees.has(node, "msg")) ? node : null;
    } catch (JacksonException e) {
      return null;
    }
  }

  private static AzureError azureError(JsonNode record, String path, int number) {
    String level = Trees.text(record, "level");
    String error = Trees.text(record, "error");
    String message = firstNonNull(Trees.text(record, "message"), Trees.text(record, "msg"));
    if (error == null && (level == null || !level.toLowerCase(Locale.ROOT).startsWith("err"))) return null;
    String text = error != null ? error : message;
    if (text == null) return null;
    String claim = claim(record, (message == null ? "" : message) + " " + text);
    String origin = "log " + (message == null ? "" : message + " ") + (claim == null ? "" : "nodeclaim " + claim);
    return AzureErrorText.parse(null, text, origin.strip(), null, claim, time(record),
        Provenance.of(path, "line " + number));
  }

  /** The NodeClaim (or older Machine) the record is about: its structured key, else the name in the error. */
  private static String claim(JsonNode record, String text) {
    for (String key : List.of("NodeClaim", "nodeclaim", "nodeClaim", "Machine", "machine")) {
      JsonNode v = Trees.field(record, key);
      if (v == null) continue;
      String name = v.isObject() ? Trees.text(v, "name") : v.isString() ? v.asString() : null;
      if (name != null && !name.isBlank()) return name;
    }
    String kind = Trees.text(record, "controllerKind");
    if (("NodeClaim".equals(kind) || "Machine".equals(kind)) && Trees.text(record, "name") != null) {
      return Trees.text(record, "name");
    }
    Matcher m = AGENT_POOL.matcher(text);
    if (m.find()) return m.group(1);
    m = VIRTUAL_MACHINE.matcher(text);
    return m.find() ? m.group(1) : null;
  }

  /**
   * Karpenter's {@code "message":"created nodeclaim"} record with a single {@code "instance-types"}
   * (it lists several, ", "-separated with "and N other(s)", when the NodeClaim allows several), or null.
   */
  private static String createdInstanceType(JsonNode record) {
    if (!"created nodeclaim".equals(Trees.text(record, "message"))) return null;
    String types = Trees.text(record, "instance-types");
    return types == null || types.isBlank() || types.contains(",") || types.contains(" ") ? null : types.strip();
  }

  /** klog's structured event record in JSON: {@code "object":{"name":..,"namespace":..}} or {@code "object":"ns/name"}. */
  private static AutoscalerLogLines.LoggedEvent event(JsonNode record, int number) {
    if (!EVENT_OCCURRED.equals(Trees.text(record, "msg"))) return null;
    String reason = Trees.text(record, "reason");
    JsonNode object = Trees.field(record, "object");
    if (reason == null || object == null) return null;
    String namespace;
    String name;
    if (object.isObject()) {
      namespace = Trees.text(object, "namespace");
      name = Trees.text(object, "name");
    } else {
      String ref = object.asString();
      int slash = ref.indexOf('/');
      namespace = slash > 0 ? ref.substring(0, slash) : null;
      name = slash >= 0 ? ref.substring(slash + 1) : ref;
    }
    if (name == null || name.isBlank()) return null;
    String message = Trees.text(record, "message");
    return new AutoscalerLogLines.LoggedEvent(namespace == null || namespace.isBlank() ? null : namespace,
        Trees.text(record, "kind"), name, Trees.text(record, "type"), reason, message == null ? "" : message.strip(),
        number, new AutoscalerLogLines.LogTime(time(record), null));
  }

  /** zap's {@code time} (RFC 3339), or klog-JSON's {@code ts} (seconds since the epoch, or RFC 3339). */
  static Instant time(JsonNode record) {
    Instant at = Times.parse(Trees.text(record, "time"));
    if (at != null) return at;
    JsonNode ts = Trees.field(record, "ts");
    if (ts == null || ts.isNull()) return null;
    if (ts.isNumber()) {
      // A double: klog writes microseconds, more than a double keeps exactly at this magnitude; round to them.
      double value = ts.asDouble();
      long seconds = (long) Math.floor(value);
      return Instant.ofEpochSecond(seconds, Math.round((value - seconds) * 1_000_000) * 1_000);
    }
    return Times.parse(ts.asString());
  }

  private static String firstNonNull(String a, String b) {
    return a != null ? a : b;
  }
}
