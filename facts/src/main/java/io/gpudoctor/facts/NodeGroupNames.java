package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** AKS cluster-autoscaler node groups are the pools' scale sets: {@code aks-<pool>-<digits>-vmss}. */
public final class NodeGroupNames {
  private static final Pattern AKS_VMSS = Pattern.compile("^aks-([a-z0-9]+)-\\d+-vmss$");

  private NodeGroupNames() {}

  /** The pool of an AKS scale-set group name; any other name is returned as it is (null stays null). */
  public static String pool(String group) {
    if (group == null) return null;
    Matcher m = AKS_VMSS.matcher(group.trim());
    return m.matches() ? m.group(1) : group.trim();
  }
}
