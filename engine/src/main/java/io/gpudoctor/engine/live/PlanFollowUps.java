package io.gpudoctor.engine.live;

/**
 * The follow-up reads of {@link FollowUpReads} in bash: which containers, which nodes and which
 * exporter are asked of the cluster when the script runs (with {@code kubectl get -o jsonpath}),
 * then their logs and DCGM scrapes are saved where {@code diagnose DIR} reads them. Reads that fail
 * or cannot be named are added to {@code NOT_RUN} with the command as it ran.
 */
final class PlanFollowUps {
  private PlanFollowUps() {}

  static String logs(LiveTarget t, ReadWindow window) {
    String k = ReadCatalogue.kubectl(t);
    String ns = t.namespace();
    String pods = switch (t.kind()) {
      case POD -> "PODS=\"" + t.name() + "\"\n";
      case WORKSPACE -> "PODS=\"$(" + k + " get pods -n " + ns + " -l " + FollowUpReads.WORKSPACE_LABEL + "=" + t.name()
          + " -o jsonpath='{.items[*].metadata.name}' | tr ' ' '\\n' | head -n " + FollowUpReads.MAX_PODS + ")\"\n";
      default -> null;
    };
    if (pods == null) return "";
    String flags = window.logFlags();
    return "\n# --- route: oom (logs of the affected pods' containers; --previous when a container restarted) ---\n"
        + pods
        + "for p in $PODS; do\n"
        + "  mkdir -p \"logs/" + ns + "/$p\"\n"
        + "  for c in $(" + k + " get pod -n " + ns + " \"$p\" -o jsonpath='{.spec.containers[*].name}'); do\n"
        + "    " + k + " logs -n " + ns + " \"$p\" -c \"$c\"" + flags + " > \"logs/" + ns + "/$p/$c.log\" || { rm -f \"logs/" + ns
        + "/$p/$c.log\"; NOT_RUN+=(\"{command: \\\"" + k + " logs -n " + ns + " $p -c $c" + flags + "\\\", reason: \\\"failed\\\"}\"); }\n"
        + "    restarts=\"$(" + k + " get pod -n " + ns + " \"$p\" -o jsonpath=\"{.status.containerStatuses[?(@.name=='$c')].restartCount}\")\"\n"
        + "    if [ -n \"$restarts\" ] && [ \"$restarts\" != 0 ]; then\n"
        + "      " + k + " logs -n " + ns + " \"$p\" -c \"$c\" --previous" + flags + " > \"logs/" + ns + "/$p/$c.previous.log\" || { rm -f \"logs/"
        + ns + "/$p/$c.previous.log\"; NOT_RUN+=(\"{command: \\\"" + k + " logs -n " + ns + " $p -c $c --previous" + flags
        + "\\\", reason: \\\"failed\\\"}\"); }\n"
        + "    fi\n"
        + "  done\n"
        + "done\n";
  }

  static String dcgmScrapes(LiveTarget t) {
    String k = ReadCatalogue.kubectl(t);
    String nodes = switch (t.kind()) {
      case POD -> "$(" + k + " get pod -n " + t.namespace() + " " + t.name() + " -o jsonpath='{.spec.nodeName}')";
      case NODE -> t.name();
      case POOL -> "$(" + k + " get nodes -l kubernetes.azure.com/agentpool=" + t.name()
          + " -o jsonpath='{.items[*].metadata.name}' | tr ' ' '\\n' | head -n " + FollowUpReads.MAX_NODES + ")";
      case WORKSPACE -> "$(" + k + " get pods -n " + t.namespace() + " -l " + FollowUpReads.WORKSPACE_LABEL + "=" + t.name()
          + " -o jsonpath='{.items[*].spec.nodeName}' | tr ' ' '\\n' | sort -u | head -n " + FollowUpReads.MAX_NODES + ")";
    };
    String managed = "/api/v1/nodes/$n:" + FollowUpReads.MANAGED_EXPORTER_PORT + "/proxy/metrics";
    return "\n# --- route: observability (the DCGM exporter of the GPU nodes, through the API server proxy) ---\n"
        + "# 19400 where AKS manages the exporter (node label " + FollowUpReads.MANAGED_EXPORTER_LABEL + "=enabled); otherwise the\n"
        + "# port the dcgm-exporter pod on the node declares. A port is never guessed.\n"
        + "mkdir -p metrics\n"
        + "for n in " + nodes + "; do\n"
        + "  managed=\"$(" + k + " get node \"$n\" -o jsonpath='{.metadata.labels.kubernetes\\.azure\\.com/dcgm-exporter}')\"\n"
        + "  if [ \"$managed\" = enabled ]; then\n"
        + "    " + k + " get --raw \"" + managed + "\" > \"metrics/dcgm-$n.prom\" || { rm -f \"metrics/dcgm-$n.prom\"; NOT_RUN+=(\"{command: \\\""
        + k + " get --raw " + managed + "\\\", reason: \\\"failed\\\"}\"); }\n"
        + "    continue\n"
        + "  fi\n"
        + "  exporter=\"$(" + k + " get pods -A --field-selector spec.nodeName=\"$n\" -o jsonpath='{range .items[*]}{.metadata.namespace}"
        + "{\" \"}{.metadata.name}{\" \"}{.spec.containers[*].ports[*].containerPort}{\" \"}{.spec.containers[*].image}{\"\\n\"}{end}'"
        + " | grep dcgm-exporter | head -n 1)\"\n"
        + "  read -r ens epod eport _ <<< \"$exporter\"\n"
        + "  if [ -z \"$exporter\" ] || ! [ \"$eport\" -gt 0 ] 2>/dev/null; then\n"
        + "    NOT_RUN+=(\"{command: \\\"" + k + " get --raw /api/v1/nodes/$n:<exporter-port>/proxy/metrics\\\", topic: metrics, "
        + "reason: \\\"no DCGM exporter known on node $n\\\"}\")\n"
        + "    continue\n"
        + "  fi\n"
        + "  " + k + " get --raw \"/api/v1/namespaces/$ens/pods/$epod:$eport/proxy/metrics\" > \"metrics/dcgm-$n.prom\" || { rm -f "
        + "\"metrics/dcgm-$n.prom\"; NOT_RUN+=(\"{command: \\\"" + k
        + " get --raw /api/v1/namespaces/$ens/pods/$epod:$eport/proxy/metrics\\\", reason: \\\"failed\\\"}\"); }\n"
        + "done\n";
  }
}
