package io.gpudoctor.facts;

/** A node taint; {@code value} is empty when the taint has none. */
public record Taint(String key, String value, String effect) {
  public Taint {
    key = key == null ? "" : key;
    value = value == null ? "" : value;
    effect = effect == null ? "" : effect;
  }

  /** Taints that stop scheduling; PreferNoSchedule never keeps a pod Pending. */
  public boolean blocksScheduling() {
    return "NoSchedule".equals(effect) || "NoExecute".equals(effect);
  }

  /** The AKS/kubectl form, e.g. {@code sku=gpu:NoSchedule}. */
  public String quote() {
    return key + (value.isEmpty() ? "" : "=" + value) + ":" + effect;
  }

  /** Parses the {@code key=value:Effect} form used by {@code nodeTaints} in {@code az} output. */
  public static Taint parse(String text) {
    String s = text.trim();
    String effect = "";
    int colon = s.lastIndexOf(':');
    if (colon >= 0) {
      effect = s.substring(colon + 1);
      s = s.substring(0, colon);
    }
    int eq = s.indexOf('=');
    return eq >= 0 ? new Taint(s.substring(0, eq), s.substring(eq + 1), effect) : new Taint(s, "", effect);
  }
}
