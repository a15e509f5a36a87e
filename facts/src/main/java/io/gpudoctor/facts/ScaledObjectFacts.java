package io.gpudoctor.facts;

import java.util.List;

/**
 * A KEDA ScaledObject ({@code keda.sh/v1alpha1}): what it scales, the HPA it drives
 * ({@code status.hpaName}, else {@code keda-hpa-<name>}), and its triggers as written
 * ({@code prometheus metricName=DCGM_FI_DEV_GPU_UTIL query=...}).
 */
public record ScaledObjectFacts(
    String namespace, String name, String targetName, String hpaName, List<String> triggers,
    List<Condition> conditions, Provenance provenance) {

  public ScaledObjectFacts {
    triggers = List.copyOf(triggers);
    conditions = List.copyOf(conditions);
  }

  public String key() {
    return ObjectKeys.key(namespace, name);
  }

  public String hpaKey() {
    return ObjectKeys.key(namespace, hpaName != null ? hpaName : "keda-hpa-" + name);
  }
}
