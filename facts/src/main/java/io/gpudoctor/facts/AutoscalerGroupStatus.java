package io.gpudoctor.facts;

/**
 * One node group of the {@code kube-system/cluster-autoscaler-status} ConfigMap, in the old text
 * form ({@code Name: / Health: / ScaleUp:}) or the YAML form of CA 1.30+ ({@code nodeGroups[]}
 * with {@code health.status}, {@code scaleUp.status} NoActivity|InProgress|Backoff and
 * {@code scaleUp.backoffInfo.errorCode|errorMessage}). Unknown parts are null.
 */
public record AutoscalerGroupStatus(
    String group,
    String health,
    String scaleUpStatus,
    Integer minSize,
    Integer maxSize,
    Integer cloudProviderTarget,
    String backoffErrorCode,
    String backoffErrorMessage,
    Provenance provenance) {

  public String pool() {
    return NodeGroupNames.pool(group);
  }

  public boolean backoff() {
    return "Backoff".equalsIgnoreCase(scaleUpStatus);
  }

  public String quote() {
    StringBuilder sb = new StringBuilder("node group ").append(group).append(": health ").append(health)
        .append(", scaleUp ").append(scaleUpStatus);
    if (minSize != null || maxSize != null) sb.append(" (minSize=").append(minSize).append(", maxSize=").append(maxSize).append(')');
    if (cloudProviderTarget != null) sb.append(", cloudProviderTarget=").append(cloudProviderTarget);
    if (backoffErrorCode != null) sb.append(", backoffInfo.errorCode ").append(backoffErrorCode);
    if (backoffErrorMessage != null) sb.append(", backoffInfo.errorMessage \"").append(backoffErrorMessage).append('"');
    return sb.toString();
  }
}
