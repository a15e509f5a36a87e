package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import io.gpudoctor.facts.WorkspaceAdmission;
import io.gpudoctor.facts.WorkspaceAdmission.Cause;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines kubectl prints when the API server refuses a KAITO Workspace at admission, wherever they
 * were pasted (a terminal capture, an issue body, a CI log). Two mechanisms, two wordings of the API
 * server ({@code k8s.io/apiserver} admission webhook errors, every release since 1.16):
 * <ul>
 *   <li>the webhook answered no: {@code admission webhook "validation.workspace.kaito.sh" denied the
 *       request: <reason>} (or {@code denied the request without explanation}); KAITO's webhook is a
 *       knative validation controller, so the reason reads {@code validation failed: invalid value:
 *       <message>: <field>} or {@code <message>: <field>};</li>
 *   <li>the API server could not ask it: {@code failed calling webhook "validation.workspace.kaito.sh":
 *       failed to call webhook: Post "https://<service>.<namespace>.svc:9443/...": <error>} (1.20 and
 *       later; 1.16-1.19 print the Go error right after the colon, older Go without quotes around the URL).</li>
 * </ul>
 * kubectl wraps them as {@code Error from server (BadRequest|InternalError): error when creating "<file>": ...},
 * {@code error when applying patch: ... Name: "<name>", Namespace: "<ns>" for: "<file>": ...} or
 * {@code error: workspaces.kaito.sh "<name>" could not be patched: ...}. The webhook names differ by
 * nothing but their prefix across KAITO 0.1 to HEAD, so any webhook on {@code workspace.kaito.sh} is read.
 */
final class KaitoWebhookLines {
  private static final String HOOK = "\"([a-z0-9.-]*workspace\\.kaito\\.sh)\"";
  private static final Pattern DENIED = Pattern.compile(
      "admission webhook " + HOOK + "\\s+denied the request(?:\\s+without explanation|:\\s*(.*))");
  private static final Pattern CALL_FAILED = Pattern.compile("failed calling webhook " + HOOK + ":\\s*(.*)");
  /** The call URL, quoted (Go 1.14 and later) or not, and the transport error after it. */
  private static final Pattern CALL_URL = Pattern.compile("(?:Post|POST) \"?https://([^\"\\s/:]+)[^\"\\s]*?\"?: (.*)$");
  private static final Pattern SERVICE_HOST = Pattern.compile("^([a-z0-9-]+)\\.([a-z0-9-]+)\\.svc(?:\\..*)?$");
  private static final Pattern MANIFEST = Pattern.compile("(?:error when (?:creating|patching|replacing|applying patch to)|for:) \"([^\"]+)\"");
  /** kubectl apply's patch error names the object on a line of its own before the reason. */
  private static final Pattern PATCHED_OBJECT = Pattern.compile("^Name: \"([^\"]+)\", Namespace: \"([^\"]*)\"$");
  private static final Pattern EDITED_OBJECT = Pattern.compile("workspaces?(?:\\.kaito\\.sh)? \"([^\"]+)\" could not be (?:patched|created|updated)");

  // The webhook's own reasons (api/v1alpha1 and api/v1beta1 workspace_validation.go, KAITO 0.1 to HEAD).
  private static final Pattern PRESET = Pattern.compile(
      "Unsupported (?:inference |tuning )?preset name|is deprecated and no longer supported|failed to get model preset");
  private static final Pattern INSTANCE = Pattern.compile(
      // 0.1: "Insufficient GPU memory"; 0.2-0.6: "Insufficient number of GPUs|per GPU memory|total GPU memory";
      // HEAD BYO: "Non-uniform GPU ...", "No nodes found matching the specified label selector"
      "Insufficient (?:number of GPUs|per GPU memory|total GPU memory|GPU memory)|Unsupported instance type"
          + "|Non-uniform GPU|No nodes found matching the specified label selector"
          + "|Failed to determine GPU configuration from existing nodes"
          + "|instanceType (?:must be empty|is required) when node auto-provisioning"
          + "|GPU partitioning is only supported with BYO nodes|exceeds the \\S+ MIG slice capacity");
  private static final Pattern IMMUTABLE = Pattern.compile("field is immutable|cannot be changed|cannot be toggled");

  // The API server's transport errors (Go net/http, crypto/x509, the service resolver).
  private static final Pattern EOF = Pattern.compile("(?:^|: )(?:unexpected )?EOF$");
  private static final Pattern REFUSED = Pattern.compile("connection refused");
  // k8s.io/apiserver/pkg/util/proxy ResolveCluster/ResolveEndpoint (1.9 to HEAD): the lister's NotFound for the
  // service the configuration names, or a port of the configuration the service does not have; then a
  // service that exists with no ready endpoint.
  private static final Pattern SERVICE_NOT_FOUND = Pattern.compile(
      "service \"[^\"]+\" not found|no service port \\S+ found for service");
  private static final Pattern NO_ENDPOINTS = Pattern.compile("no endpoints available for service");
  /** The service the resolver's error names, for a call printed without its URL. */
  private static final Pattern NAMED_SERVICE = Pattern.compile("(?:service|for service) \"([a-z0-9-]+)\"");
  private static final Pattern TLS = Pattern.compile("x509: |tls: |remote error: tls");
  private static final Pattern TIMEOUT = Pattern.compile(
      "context deadline exceeded|Client\\.Timeout exceeded|i/o timeout|Timeout: request did not complete");

  private KaitoWebhookLines() {}

  /** Cheap: whether the text can hold such a line at all, before it is read line by line. */
  static boolean mentions(String text) {
    return text.contains("workspace.kaito.sh\"")
        && (text.contains("denied the request") || text.contains("failed calling webhook"));
  }

  /**
   * Adds a {@link WorkspaceAdmission} for every refusal of the text outside {@code skipLines} (the
   * lines other readers took) and returns how many it found. A line wrapped by the terminal right
   * after the webhook's name is read with the line that follows it.
   */
  static int read(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<String> lines = text.lines().toList();
    int found = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (skipLines.contains(i + 1)) continue;
      String line = lines.get(i).strip();
      if (!line.contains("workspace.kaito.sh\"")) continue;
      String joined = line;
      if (!DENIED.matcher(line).find() && !CALL_FAILED.matcher(line).find() && i + 1 < lines.size()) {
        joined = line + " " + lines.get(i + 1).strip();
      }
      WorkspaceAdmission admission = parse(joined, lines.subList(Math.max(0, i - 4), i), Provenance.of(path, "line " + (i + 1)));
      if (admission == null) continue;
      // "denied the request:" at the end of a line: the reason is the next line.
      if (admission.reason().isEmpty() && joined.equals(line) && i + 1 < lines.size()) {
        admission = parse(line + " " + lines.get(i + 1).strip(), lines.subList(Math.max(0, i - 4), i),
            admission.provenance());
      }
      out.fact(admission);
      found++;
    }
    if (found > 0) out.used(Topics.APPLY, path);
    return found;
  }

  /** The refusal a line reports, or null when it reports none. {@code before} are the lines above it. */
  static WorkspaceAdmission parse(String text, List<String> before, Provenance at) {
    String line = kubectlPart(text);
    String manifest = group(MANIFEST.matcher(line), 1);
    String workspace = group(EDITED_OBJECT.matcher(line), 1);
    String namespace = null;
    for (String b : before) {
      Matcher named = PATCHED_OBJECT.matcher(b.strip());
      if (named.matches()) {
        workspace = named.group(1);
        namespace = named.group(2).isEmpty() ? null : named.group(2);
      }
    }
    Matcher denied = DENIED.matcher(line);
    if (denied.find()) {
      String reason = tidy(denied.group(2));
      return new WorkspaceAdmission(denied.group(1), deniedCause(reason), reason, null, null, manifest, workspace,
          namespace, line, at);
    }
    Matcher failed = CALL_FAILED.matcher(line);
    if (!failed.find()) return null;
    String reason = tidy(failed.group(2));
    String service = null;
    String serviceNamespace = null;
    String error = reason;
    Matcher url = CALL_URL.matcher(reason);
    if (url.find()) {
      error = url.group(2);
      Matcher host = SERVICE_HOST.matcher(url.group(1));
      if (host.matches()) {
        service = host.group(1);
        serviceNamespace = host.group(2);
      }
    }
    if (service == null) service = group(NAMED_SERVICE.matcher(error), 1);
    return new WorkspaceAdmission(failed.group(1), callCause(error), reason, service, serviceNamespace, manifest,
        workspace, namespace, line, at);
  }

  static Cause deniedCause(String reason) {
    if (PRESET.matcher(reason).find()) return Cause.UNSUPPORTED_PRESET;
    if (INSTANCE.matcher(reason).find()) return Cause.INSTANCE_TYPE;
    if (IMMUTABLE.matcher(reason).find()) return Cause.IMMUTABLE_FIELD;
    return Cause.INVALID_SPEC;
  }

  static Cause callCause(String error) {
    if (TLS.matcher(error).find()) return Cause.WEBHOOK_TLS;
    if (REFUSED.matcher(error).find()) return Cause.WEBHOOK_CONNECTION_REFUSED;
    if (SERVICE_NOT_FOUND.matcher(error).find()) return Cause.WEBHOOK_SERVICE_NOT_FOUND;
    if (NO_ENDPOINTS.matcher(error).find()) return Cause.WEBHOOK_NO_ENDPOINTS;
    if (TIMEOUT.matcher(error).find()) return Cause.WEBHOOK_TIMEOUT;
    if (EOF.matcher(error).find()) return Cause.WEBHOOK_EOF;
    return Cause.WEBHOOK_CALL_FAILED;
  }

  /** The line from kubectl's own words on ({@code Error from server}, {@code error:}): prose before it is the reporter's. */
  private static String kubectlPart(String text) {
    int from = text.indexOf("Error from server");
    if (from < 0) from = text.indexOf("error: ");
    return from <= 0 ? text : tidy(text.substring(from));
  }

  /** The reason without the quote or backtick that closed it in prose ({@code Error thrown "Error from server ..."}). */
  private static String tidy(String reason) {
    if (reason == null) return "";
    String r = reason.strip();
    while (!r.isEmpty() && (r.endsWith("\"") || r.endsWith("`")) && !r.endsWith("\\\"")) {
      String cut = r.substring(0, r.length() - 1);
      if (count(cut, r.charAt(r.length() - 1)) % 2 != 0) break; // the quote closes one the reason opened
      r = cut.strip();
    }
    return r;
  }

  private static int count(String s, char c) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) if (s.charAt(i) == c) n++;
    return n;
  }

  private static String group(Matcher m, int group) {
    return m.find() ? m.group(group) : null;
  }
}
