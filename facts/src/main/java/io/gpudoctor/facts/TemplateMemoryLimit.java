package io.gpudoctor.facts;

/**
 * The memory limit a container of a workload's pod template sets ({@code spec.template.spec.containers[].resources
 * .limits.memory} of a Deployment or StatefulSet): every pod of the workload runs with it, so it is that pod's
 * container's limit when the pod's own spec was not captured (an issue thread pastes the manifest, not the pod).
 *
 * @param request the container's memory request, or null when it sets none
 */
public record TemplateMemoryLimit(String workloadKind, String namespace, String workload, String container, String limit,
    String request, Provenance provenance) {

  public String workloadKey() {
    return ObjectKeys.key(namespace, workload);
  }

  public Evidence evidence() {
    return provenance.quote((workloadKind == null ? "" : workloadKind + " ") + workloadKey() + " container " + container
        + " limits memory: " + limit + ", requests memory: " + (request == null ? "(none)" : request));
  }
}
