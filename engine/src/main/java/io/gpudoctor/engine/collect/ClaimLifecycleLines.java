package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.NodeClaimFacts;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.Provenance;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What Karpenter's JSON-lines log says of each NodeClaim's lifecycle, when its object was not captured:
 * <ul>
 *   <li>launched: core's {@code "message":"launched nodeclaim"} (v0.32+ and v1; {@code "launched machine"} before)
 *       with {@code provider-id}, {@code instance-type}, {@code zone}, {@code capacity-type}; Karpenter for Azure's
 *       own {@code "msg":"launched new instance"} with {@code hostname} {@code aks-<claim>} and {@code type};</li>
 *   <li>registered: {@code "registered nodeclaim"} (the node joined), and {@code "initialized nodeclaim"};</li>
 *   <li>not registered, deleted by the liveness controller: {@code "terminating due to registration ttl"} (v0.3x to
 *       v1.0, {@code "ttl":"15m0s"}), {@code "terminating due to timeout"} with {@code "reason":"registration_timeout"}
 *       (later v1);</li>
 *   <li>not registered within the registration TTL: no registered line for the claim, and Karpenter looks for a
 *       node for pods again ({@code "found provisionable pod(s)"}, {@code "computed new nodeclaim(s) to fit pod(s)"},
 *       {@code "created nodeclaim"}) 15 minutes or more after the launch, when it deletes an unregistered claim.</li>
 * </ul>
 * Each claim becomes a {@link NodeClaimFacts} with the conditions the lines show (Launched True; Registered True,
 * or False {@code RegistrationTimeout}, or Unknown {@code NoRegistrationLogged}), as its object would carry them.
 */
final class ClaimLifecycleLines {
  /** Karpenter core's registration TTL: an unregistered claim is deleted this long after its launch. */
  static final Duration REGISTRATION_TTL = Duration.ofMinutes(15);
  static final String NOT_REGISTERED_IN_LOG = "NoRegistrationLogged";
  static final String REGISTRATION_TIMEOUT = "RegistrationTimeout";

  private static final Pattern LAUNCHED = Pattern.compile("launched (?:nodeclaim|machine)");
  private static final Pattern REGISTERED = Pattern.compile("registered (?:nodeclaim|machine)");
  private static final Pattern INITIALIZED = Pattern.compile("initialized (?:nodeclaim|machine)");
  private static final Pattern REGISTRATION_TTL_LINE =
      Pattern.compile("terminating (?:nodeclaim |machine )?due to registration ttl");
  private static final Pattern TIMEOUT_LINE = Pattern.compile("terminating (?:nodeclaim |machine )?due to timeout");
  private static final Pattern PROVISIONING = Pattern.compile(
      "found provisionable pod\\(s\\)|computed new (?:nodeclaim|machine)\\(s\\) to fit pod\\(s\\)|created (?:nodeclaim|machine)");
  private static final String PROVIDER_LAUNCH = "launched new instance";

  private final String path;
  private final Map<String, Claim> claims = new LinkedHashMap<>();
  private final List<Line> provisioning = new ArrayList<>();

  private static final class Claim {
    String instanceType;
    String zone;
    String capacityType;
    String provider;
    Line launched;
    Line registered;
    Line initialized;
    Line timedOut;
  }

  record Line(int number, Instant at, String quote) {}

  ClaimLifecycleLines(String path) {
    this.path = path;
  }

  /** Whether the record is a lifecycle or provisioning line this class reads. */
  static boolean lifecycle(JsonNode record) {
    String m = message(record);
    if (m == null) return false;
    return LAUNCHED.matcher(m).matches() || REGISTERED.matcher(m).matches() || INITIALIZED.matcher(m).matches()
        || REGISTRATION_TTL_LINE.matcher(m).matches() || registrationTimeout(record, m) || m.equals(PROVIDER_LAUNCH)
        || PROVISIONING.matcher(m).matches();
  }

  /**
   * Takes the record when it is a lifecycle line ({@code claim}: the claim its structured key names, or null).
   * Returns whether it was one.
   */
  boolean add(JsonNode record, String claim, Instant at, int number) {
    String m = message(record);
    if (m == null) return false;
    if (PROVISIONING.matcher(m).matches()) {
      provisioning.add(new Line(number, at, m));
      return true;
    }
    String name = claim;
    if (m.equals(PROVIDER_LAUNCH) && name == null) {
      String host = Trees.text(record, "hostname");
      if (host != null && host.startsWith("aks-")) name = host.substring("aks-".length());
    }
    if (name == null || name.isBlank()) return false;
    if (LAUNCHED.matcher(m).matches() || m.equals(PROVIDER_LAUNCH)) {
      Claim c = claims.computeIfAbsent(name, k -> new Claim());
      String type = firstNonNull(Trees.text(record, "instance-type"), Trees.text(record, "type"));
      if (c.instanceType == null) c.instanceType = type;
      if (c.zone == null) c.zone = Trees.text(record, "zone");
      if (c.capacityType == null) c.capacityType = Trees.text(record, "capacity-type");
      String id = firstNonNull(Trees.text(record, "provider-id"), Trees.text(record, "launched-instance"));
      if (c.provider == null && id != null) {
        c.provider = id.startsWith("/subscriptions/") ? NodeClaimFacts.AZURE : NodeClaimFacts.providerOf(null, id);
      }
      if (c.launched == null) {
        c.launched = new Line(number, at, m + (type == null ? "" : " " + type));
      }
      return true;
    }
    if (REGISTERED.matcher(m).matches()) {
      claims.computeIfAbsent(name, k -> new Claim()).registered = new Line(number, at, m);
      return true;
    }
    if (INITIALIZED.matcher(m).matches()) {
      claims.computeIfAbsent(name, k -> new Claim()).initialized = new Line(number, at, m);
      return true;
    }
    if (REGISTRATION_TTL_LINE.matcher(m).matches() || registrationTimeout(record, m)) {
      String ttl = firstNonNull(Trees.text(record, "ttl"), Trees.text(record, "timeout"));
      claims.computeIfAbsent(name, k -> new Claim()).timedOut =
          new Line(number, at, m + (ttl == null ? "" : " (" + ttl + ")"));
      return true;
    }
    return false;
  }

  /** The claims the lines show, each with the conditions they support. */
  List<NodeClaimFacts> claims() {
    List<NodeClaimFacts> out = new ArrayList<>();
    for (Map.Entry<String, Claim> e : claims.entrySet()) {
      Claim c = e.getValue();
      if (c.launched == null && c.timedOut == null) continue;
      String name = e.getKey();
      List<Condition> conditions = new ArrayList<>();
      Line launched = c.launched;
      // The liveness controller deletes for the registration TTL only a claim whose Launched is True.
      conditions.add(new Condition("Launched", "True", "Launched", launched == null ? null : launched.quote(),
          launched == null ? null : launched.at(), at(launched == null ? c.timedOut : launched)));
      if (c.registered != null) {
        conditions.add(new Condition("Registered", "True", "Registered", c.registered.quote(), c.registered.at(),
            at(c.registered)));
      } else if (c.timedOut != null) {
        conditions.add(new Condition("Registered", "False", REGISTRATION_TIMEOUT,
            "Karpenter deleted the claim, its node not registered: " + c.timedOut.quote(), c.timedOut.at(), at(c.timedOut)));
      } else {
        Line later = provisioningAfter(launched);
        if (later != null) {
          long minutes = Duration.between(launched.at(), later.at()).toMinutes();
          conditions.add(new Condition("Registered", "Unknown", NOT_REGISTERED_IN_LOG,
              "no registered nodeclaim line for it, and " + minutes + " minutes after its launch Karpenter logs '"
                  + later.quote() + "'", later.at(), at(later)));
        }
      }
      if (c.initialized != null) {
        conditions.add(new Condition("Initialized", "True", "Initialized", c.initialized.quote(), c.initialized.at(),
            at(c.initialized)));
      }
      Map<String, String> labels = new TreeMap<>();
      if (c.instanceType != null) labels.put(NodeFacts.INSTANCE_TYPE_LABEL, c.instanceType);
      if (c.capacityType != null) labels.put("karpenter.sh/capacity-type", c.capacityType);
      if (c.zone != null) labels.put("topology.kubernetes.io/zone", c.zone);
      out.add(new NodeClaimFacts(name, labels, c.instanceType, launched == null ? null : launched.at(), conditions,
          at(launched == null ? c.timedOut : launched), null, c.provider));
    }
    return out;
  }

  /** The first provisioning line a registration TTL or more after the launch, or null. */
  private Line provisioningAfter(Line launched) {
    if (launched == null || launched.at() == null) return null;
    for (Line l : provisioning) {
      if (l.at() != null && l.number() != launched.number()
          && Duration.between(launched.at(), l.at()).compareTo(REGISTRATION_TTL) >= 0) {
        return l;
      }
    }
    return null;
  }

  private Provenance at(Line line) {
    return Provenance.of(path, "line " + line.number());
  }

  private static boolean registrationTimeout(JsonNode record, String message) {
    return TIMEOUT_LINE.matcher(message).matches() && "registration_timeout".equals(Trees.text(record, "reason"));
  }

  private static String message(JsonNode record) {
    String m = firstNonNull(Trees.text(record, "message"), Trees.text(record, "msg"));
    return m == null ? null : m.strip();
  }

  private static String firstNonNull(String a, String b) {
    return a != null ? a : b;
  }
}
