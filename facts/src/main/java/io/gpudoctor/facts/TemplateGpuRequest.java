package io.gpudoctor.facts;

/**
 * The {@code nvidia.com/gpu} a workload's pod template asks for, as a pasted {@code kubectl describe deployment}
 * (statefulset, daemonset, job) shows it under {@code Pod Template:}, given to a pod of that workload. Every pod of
 * the workload gets the template's containers, so it holds for the pod when the pod's own spec was not captured.
 * {@code gpus} is what the scheduler counts: the sum over the app containers, or the largest init container's.
 * {@code shown} is the template's resource lines as kubectl printed them.
 */
public record TemplateGpuRequest(String podKey, String workloadKind, String workload, long gpus, Provenance provenance,
    String shown) {

  /** The workload as kubectl names it: {@code Deployment llama-70b-tp2}, or the name alone when its kind is unknown. */
  public String workloadName() {
    return workloadKind == null ? workload : workloadKind + " " + workload;
  }

  public Evidence evidence() {
    return provenance.quote(workloadName() + " Pod Template: " + shown);
  }
}
