package io.gpudoctor.facts;

/**
 * The API server refused to create or change a KAITO Workspace at admission, as kubectl printed it.
 * Either KAITO's validating webhook answered and denied the spec:
 * <pre>
 * Error from server (BadRequest): error when creating "ws.yaml": admission webhook "validation.workspace.kaito.sh"
 *   denied the request: validation failed: invalid value: Unsupported inference preset name gpt-oss-120b: inference.presetName
 * </pre>
 * or the API server could not call the webhook at all:
 * <pre>
 * Error from server (InternalError): error when creating "ws.yaml": Internal error occurred: failed calling webhook
 *   "validation.workspace.kaito.sh": failed to call webhook: Post "https://workspace.kaito-workspace.svc:9443/validate/workspace.kaito.sh?timeout=10s": EOF
 * </pre>
 * Either way the Workspace (or the change) was never stored: no readiness condition applies to it.
 *
 * @param webhook the webhook's name ({@code validation.workspace.kaito.sh})
 * @param cause what the text says went wrong, by the mechanism (see {@link Cause})
 * @param reason the webhook's reason, or the API server's transport error, as printed
 * @param service the webhook's service as the call URL names it ({@code workspace}), null when not named
 * @param serviceNamespace the namespace of that service ({@code kaito-workspace}), null when not named
 * @param manifest the file kubectl names ({@code error when creating "ws.yaml"}), null when it names none
 * @param workspace the Workspace's name when kubectl prints it (an apply patch, an edit), else null
 * @param namespace the Workspace's namespace when kubectl prints it, else null
 * @param line the error line as it appears in the file
 */
public record WorkspaceAdmission(
    String webhook, Cause cause, String reason, String service, String serviceNamespace, String manifest,
    String workspace, String namespace, String line, Provenance provenance) {

  /** Why admission failed. The first group is the webhook's own verdict on the spec; the second, the call that never got one. */
  public enum Cause {
    /** the preset name is not one the installed KAITO release ships (or it was deprecated) */
    UNSUPPORTED_PRESET(true),
    /** the instance type or the BYO nodes cannot run the preset: too few GPUs, too little GPU memory, unknown SKU */
    INSTANCE_TYPE(true),
    /** an update changed a field KAITO does not let change (count, instanceType, labelSelector, preset) */
    IMMUTABLE_FIELD(true),
    /** any other spec the webhook refused */
    INVALID_SPEC(true),
    /** the connection closed without an answer: the webhook server crashed or restarted mid-request */
    WEBHOOK_EOF(false),
    /** nothing listens on the webhook's port: its pod is not running or not yet serving */
    WEBHOOK_CONNECTION_REFUSED(false),
    /** the webhook's service exists and has no ready endpoint: no controller pod is ready to answer */
    WEBHOOK_NO_ENDPOINTS(false),
    /**
     * the service the webhook configuration names does not exist in the namespace it names (or lacks the
     * port it names): the configuration and the installed KAITO disagree, whatever state the controller is in
     */
    WEBHOOK_SERVICE_NOT_FOUND(false),
    /** the API server does not trust the webhook's serving certificate */
    WEBHOOK_TLS(false),
    /** the call did not answer within the webhook's timeout */
    WEBHOOK_TIMEOUT(false),
    /** any other failure to call it */
    WEBHOOK_CALL_FAILED(false);

    private final boolean denied;

    Cause(boolean denied) {
      this.denied = denied;
    }

    /** The webhook answered and refused the spec (the spec must change), rather than never being reached. */
    public boolean denied() {
      return denied;
    }
  }

  public boolean denied() {
    return cause.denied();
  }

  /** What the finding is about: the Workspace when kubectl named it, else the manifest that would have created it. */
  public String subject() {
    if (workspace != null) return ObjectKeys.key(namespace, workspace);
    if (manifest != null) return "manifest " + manifest;
    return "Workspace (" + webhook + ")";
  }
}
