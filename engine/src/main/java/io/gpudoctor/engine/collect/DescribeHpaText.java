package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Condition;
import io.gpudoctor.facts.HpaFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code kubectl describe hpa} (domain 5.7): the same HpaFacts as the object's JSON.
 * <pre>
 * Name:                                  keda-hpa-vllm-phi-4
 * Namespace:                             ml
 * Reference:                             Deployment/vllm-phi-4
 * Metrics:                               ( current / target )
 *   "DCGM_FI_DEV_FB_USED_AVG" on pods:   &lt;unknown&gt; / 10k
 *   "s0-prometheus" (target average value):  &lt;unknown&gt; / 5
 *   resource cpu on pods  (as a percentage of request):  30% (150m) / 80%
 * Min replicas:                          1
 * Max replicas:                          4
 * Deployment pods:                       2 current / 2 desired
 * Conditions:
 *   Type            Status  Reason               Message
 *   ScalingActive   False   FailedGetPodsMetric  the HPA was unable to compute the replica count: ...
 * Events: ...
 * </pre>
 * A conditions table pasted alone (an issue that quotes only it) is read too when its rows are the
 * HPA's own condition types: an HPA whose name only the target can give.
 */
final class DescribeHpaText {
  private static final Set<String> HPA_CONDITIONS = Set.of("AbleToScale", "ScalingActive", "ScalingLimited");
  private static final Pattern CONDITIONS_HEADER = Pattern.compile("^\\s*Type\\s{2,}Status\\s{2,}Reason\\s{2,}Message\\s*$");
  private static final Pattern QUOTED_METRIC = Pattern.compile("^\"([^\"]+)\"\\s*(.*)$");
  private static final Pattern RESOURCE_METRIC = Pattern.compile("^resource (\\S+)");
  private static final Pattern REPLICAS = Pattern.compile("(\\d+) current / (\\d+) desired");

  private DescribeHpaText() {}

  static boolean isHpa(DescribeText d) {
    return d.has("Reference") && (d.has("Min replicas") || d.has("Max replicas"));
  }

  static void read(DescribeText d, PastedSection section, String path, BundleBuilder out) {
    String name = d.value("Name");
    String namespace = d.value("Namespace");
    String[] reference = reference(d.value("Reference"));
    Integer current = null;
    Integer desired = null;
    for (DescribeText.Field f : d.fields()) {
      Matcher m = REPLICAS.matcher(f.value());
      if (f.key().endsWith(" pods") && m.find()) {
        current = Integer.valueOf(m.group(1));
        desired = Integer.valueOf(m.group(2));
      }
    }
    Map<String, Integer> parts = new HashMap<>();
    DescribePodText.part(parts, "/spec/scaleTargetRef", d.field("Reference"));
    DescribePodText.part(parts, "/spec/metrics", d.field("Metrics"));
    DescribePodText.part(parts, "/status/conditions", d.field("Conditions"));
    HpaFacts hpa = new HpaFacts(namespace, name, reference[0], reference[1], TextValues.integer(d.value("Min replicas")),
        TextValues.integer(d.value("Max replicas")), current, desired,
        DescribePodText.conditions(d.field("Conditions"), path), metrics(d.field("Metrics")),
        Provenance.ofLines(path, section.first().number(), parts));
    out.used(Topics.HPAS, path);
    out.later(0, placement -> {
      if (!placement.out().hasFact(hpa)) placement.out().fact(hpa);
    });
    DescribeText.Field events = d.field("Events");
    if (events != null) {
      List<EventText.Row> rows = EventText.describeTable(events.body(), namespace, "HorizontalPodAutoscaler", name);
      out.used(Topics.EVENTS, path);
      out.later(0, placement -> EventText.place(rows, path, placement));
    }
  }

  /** Whether the text holds an HPA conditions table (cheap: most files hold none). */
  static boolean mentions(String text) {
    return text.contains("ScalingActive") && text.lines().anyMatch(l -> CONDITIONS_HEADER.matcher(l).matches());
  }

  /**
   * Reads every HPA conditions table outside the lines (1-based) in {@code skipLines} (those a
   * {@code kubectl describe hpa} already covers) as an HPA of the target's namespace, named by the
   * target when it names an HPA. Returns how many tables were read.
   */
  static int readConditionTables(String path, String text, Set<Integer> skipLines, BundleBuilder out) {
    if (!mentions(text)) return 0;
    List<TextLine> lines = new ArrayList<>();
    int number = 0;
    for (String l : text.split("\\R", -1)) lines.add(new TextLine(++number, l));
    int tables = 0;
    for (int i = 0; i < lines.size(); i++) {
      TextLine header = lines.get(i);
      if (skipLines.contains(header.number()) || !CONDITIONS_HEADER.matcher(header.text()).matches()) continue;
      List<TextLine> body = new ArrayList<>(List.of(header));
      int j = i + 1;
      while (j < lines.size() && !lines.get(j).blank() && !lines.get(j).trimmed().startsWith("```")) body.add(lines.get(j++));
      List<Condition> conditions = DescribePodText.conditions(new DescribeText.Field("Conditions", "", header, body), path);
      if (conditions.stream().noneMatch(c -> HPA_CONDITIONS.contains(c.type()))) continue;
      tables++;
      Provenance at = Provenance.ofLines(path, header.number(), Map.of("/status/conditions", header.number()));
      out.later(0, placement -> {
        String name = hpaTargetName(placement);
        placement.out().fact(new HpaFacts(placement.targetNamespace(), name, null, null, null, null, null, null,
            conditions, List.of(), at));
      });
      i = j;
    }
    if (tables > 0) out.used(Topics.HPAS, path);
    return tables;
  }

  private static String hpaTargetName(TextPlacement placement) {
    var t = placement.target();
    if (t == null || t.resourceName() == null || t.resourceName().isBlank() || t.resourceKind() == null) return null;
    String kind = t.resourceKind().toLowerCase(Locale.ROOT);
    return kind.equals("hpa") || kind.startsWith("horizontalpodautoscaler") ? t.resourceName() : null;
  }

  /** "Deployment/vllm-phi-4" as kind and name. */
  private static String[] reference(String value) {
    if (value == null || !value.contains("/")) return new String[] {null, value};
    int slash = value.indexOf('/');
    return new String[] {value.substring(0, slash), value.substring(slash + 1)};
  }

  /** Each metric line under {@code Metrics:} as "<type> <name>", as HpaReader gives them from the JSON. */
  private static List<String> metrics(DescribeText.Field field) {
    List<String> metrics = new ArrayList<>();
    if (field == null) return metrics;
    for (TextLine line : field.body()) {
      String text = line.trimmed();
      Matcher quoted = QUOTED_METRIC.matcher(text);
      Matcher resource = RESOURCE_METRIC.matcher(text);
      if (quoted.find()) {
        String rest = quoted.group(2);
        String type = rest.startsWith("on pods") ? "pods" : rest.startsWith("(target") ? "external" : "object";
        metrics.add(type + " " + quoted.group(1));
      } else if (resource.find()) {
        metrics.add((text.contains(" of container ") ? "containerresource " : "resource ") + resource.group(1));
      }
    }
    return metrics;
  }
}
