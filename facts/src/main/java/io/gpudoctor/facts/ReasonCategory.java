package io.gpudoctor.facts;

/** What one {@code <count> <reason>} part of a scheduler or autoscaler message says. */
public enum ReasonCategory {
  INSUFFICIENT_RESOURCE,
  UNTOLERATED_TAINT,
  NODE_AFFINITY_MISMATCH,
  /**
   * Inter-pod affinity, anti-affinity (the pod's own, or an existing pod's) or topology spread: filters that run
   * after NodeResourcesFit, so the nodes they reject had room for the pod's requests.
   */
  POD_PLACEMENT,
  UNSCHEDULABLE_NODE,
  /** The node is not ready, under memory/disk/PID pressure, out of disk or without network. */
  NODE_CONDITION,
  VOLUME_AFFINITY,
  TOO_MANY_PODS,
  NO_NODES,
  PREEMPTION_NOT_HELPFUL,
  NO_PREEMPTION_VICTIMS,
  MAX_NODE_GROUP_SIZE,
  SCALE_UP_BACKOFF,
  NOT_READY_FOR_SCALE_UP,
  OTHER
}
