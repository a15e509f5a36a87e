package io.gpudoctor.facts;

/** A pod toleration, matched exactly as the scheduler does. */
public record Toleration(String key, String operator, String value, String effect) {
  public Toleration {
    key = key == null ? "" : key;
    operator = operator == null || operator.isEmpty() ? "Equal" : operator;
    value = value == null ? "" : value;
    effect = effect == null ? "" : effect;
  }

  /** Kubernetes semantics: empty key with Exists tolerates everything; empty effect matches all. */
  public boolean tolerates(Taint taint) {
    if (!effect.isEmpty() && !effect.equals(taint.effect())) return false;
    if (key.isEmpty()) return "Exists".equals(operator);
    if (!key.equals(taint.key())) return false;
    return "Exists".equals(operator) || value.equals(taint.value());
  }

  public String quote() {
    StringBuilder sb = new StringBuilder();
    sb.append(key.isEmpty() ? "<all keys>" : key);
    if ("Exists".equals(operator)) sb.append(" op=Exists");
    else sb.append('=').append(value);
    sb.append(':').append(effect.isEmpty() ? "<all effects>" : effect);
    return sb.toString();
  }
}
