package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** AKS cluster-autoscaler node groups are the pools' scale sets: {@code aks-<pool>-<digits>-vmss}. */
public final class NodeGroupNames {
  private static final Pattern AKS_VMSS = Pattern.compile("^aks-([a-z0-9]+)-\\d+-vmss$");
  /** A VMSS instance, as the node and its hostname are named: {@code aks-<pool>-<digits>-vmss<6 base-36 chars>}. */
  private static final Pattern AKS_VMSS_NODE = Pattern.compile("(?i)^aks-([a-z0-9]+)-\\d+-vmss[0-9a-z]{6}$");

  private NodeGroupNames() {}

  /** The pool of an AKS scale-set group name; any other name is returned as it is (null stays null). */
  public static String pool(String group) {
    if (group == null) return null;
    Matcher m = AKS_VMSS.matcher(group.trim());
    return m.matches() ? m.group(1) : group.trim();
  }

  /**
   * The pool an AKS VMSS node's name carries ({@code aks-gpunp-36854149-vmss000002} is {@code gpunp}; the hostname's
   * upper-case {@code ...vmss00002A} too), or null for any other name.
   */
  public static String poolOfNode(String node) {
    if (node == null) return null;
    Matcher m = AKS_VMSS_NODE.matcher(node.trim());
    return m.matches() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : null;
  }

  /** Whether the name is an AKS VMSS node's (or its hostname's). */
  public static boolean aksNode(String name) {
    return poolOfNode(name) != null;
  }
}
