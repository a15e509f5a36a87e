package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AutoscalerGroupStatus;
import io.gpudoctor.facts.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The {@code status} key of the cluster-autoscaler-status ConfigMap. Cluster autoscaler 1.30+
 * writes YAML ({@code autoscalerStatus}, {@code nodeGroups[].health.status},
 * {@code scaleUp.status}, {@code scaleUp.backoffInfo}); older versions write indented text:
 * <pre>
 * NodeGroups:
 *   Name:        aks-gpunp-12345678-vmss
 *   Health:      Healthy (ready=1 ... cloudProviderTarget=1 (minSize=0, maxSize=1))
 *   ScaleUp:     Backoff (ready=1 cloudProviderTarget=1)
 * </pre>
 */
final class AutoscalerStatusText {
  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final Pattern LINE = Pattern.compile("^\\s*(Name|Health|ScaleUp):\\s+(\\S+)(.*)$");
  private static final Pattern MIN = Pattern.compile("minSize=(\\d+)");
  private static final Pattern MAX = Pattern.compile("maxSize=(\\d+)");
  private static final Pattern TARGET = Pattern.compile("cloudProviderTarget=(\\d+)");

  private AutoscalerStatusText() {}

  static List<AutoscalerGroupStatus> parse(String status, Provenance at) throws NotReadable {
    String trimmed = status.trim();
    if (trimmed.startsWith("Cluster-autoscaler status at") || trimmed.contains("\nNodeGroups:")) return text(status, at);
    JsonNode tree;
    try {
      tree = YAML.readTree(status);
    } catch (JacksonException e) {
      throw new NotReadable("cluster-autoscaler-status: neither the text nor the YAML status form");
    }
    List<AutoscalerGroupStatus> groups = new ArrayList<>();
    JsonNode list = Trees.field(tree, "nodeGroups");
    if (list == null || !list.isArray()) return groups;
    for (int i = 0; i < list.size(); i++) {
      JsonNode g = list.get(i);
      JsonNode health = Trees.field(g, "health");
      JsonNode scaleUp = Trees.field(g, "scaleUp");
      JsonNode backoff = Trees.field(scaleUp, "backoffInfo");
      groups.add(new AutoscalerGroupStatus(Trees.text(g, "name"), Trees.text(health, "status"),
          Trees.text(scaleUp, "status"), Trees.integer(health, "minSize"), Trees.integer(health, "maxSize"),
          Trees.integer(health, "cloudProviderTarget"), Trees.text(backoff, "errorCode"),
          Trees.text(backoff, "errorMessage"), at));
    }
    return groups;
  }

  private static List<AutoscalerGroupStatus> text(String status, Provenance at) {
    List<AutoscalerGroupStatus> groups = new ArrayList<>();
    int start = status.indexOf("NodeGroups:");
    if (start < 0) return groups;
    String name = null;
    String health = null;
    String healthDetail = "";
    String scaleUp = null;
    for (String line : status.substring(start).split("\\R")) {
      Matcher m = LINE.matcher(line);
      if (!m.matches()) continue;
      switch (m.group(1)) {
        case "Name" -> {
          if (name != null) groups.add(group(name, health, healthDetail, scaleUp, at));
          name = m.group(2);
          health = null;
          healthDetail = "";
          scaleUp = null;
        }
        case "Health" -> {
          health = m.group(2);
          healthDetail = m.group(3);
        }
        default -> scaleUp = m.group(2);
      }
    }
    if (name != null) groups.add(group(name, health, healthDetail, scaleUp, at));
    return groups;
  }

  private static AutoscalerGroupStatus group(String name, String health, String detail, String scaleUp, Provenance at) {
    return new AutoscalerGroupStatus(name, health, scaleUp, number(MIN, detail), number(MAX, detail),
        number(TARGET, detail), null, null, at);
  }

  private static Integer number(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? Integer.valueOf(m.group(1)) : null;
  }
}
