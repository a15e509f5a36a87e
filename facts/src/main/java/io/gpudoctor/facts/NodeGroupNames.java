package io.gpudoctor.facts;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** AKS cluster-autoscaler node groups are the pools' scale sets: {@code aks-<pool>-<digits>-vmss}. */
public final class NodeGroupNames {
  private static final Pattern AKS_VMSS = Pattern.compile("^aks-([a-z0-9]+)-\\d+-vmss$");
  /** KAITO names a Workspace's NodeClaim "ws" + 9 hex digits of a hash, and its gpu-provisioner the agent pool after it. */
  private static final Pattern KAITO_POOL = Pattern.compile("^ws[0-9a-f]{9}$");
  /** A VMSS instance, as the node and its hostname are named: {@code aks-<pool>-<digits>-vmss<6 base-36 chars>}. */
  private static final Pattern AKS_VMSS_NODE = Pattern.compile("(?i)^aks-([a-z0-9]+)-\\d+-vmss[0-9a-z]{6}$");

  private NodeGroupNames() {}

  /** The pool of an AKS scale-set group name; any other name is returned as it is (null stays null). */
  public static String pool(String group) {
    if (group == null) return null;
    Matcher m = AKS_VMSS.matcher(group.trim());
    return m.matches() ? m.group(1) : group.trim();
  }

  /** Whether the pool is named as KAITO's gpu-provisioner names the pool of a Workspace's NodeClaim ({@code wsc15a5e295}). */
  public static boolean kaitoPool(String pool) {
    return pool != null && KAITO_POOL.matcher(pool).matches();
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
