package io.gpudoctor.engine.live;

import io.gpudoctor.engine.live.PlannedRead.AzCall;
import io.gpudoctor.engine.live.PlannedRead.KubeGet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The read catalogue as a bash script an operator runs where gpu-doctor may not: only
 * {@code kubectl get} and {@code az ... show|list}, each saved under the file name that
 * {@code gpu-doctor diagnose DIR} reads back, then a {@code target.yaml} with the bound fields, the
 * capture time and every read that did not run (so its absence is never taken for health).
 */
public final class PlanScript {
  private PlanScript() {}

  public static String render(LiveTarget t) {
    return render(t, ReadWindow.unbounded());
  }

  public static String render(LiveTarget t, ReadWindow window) {
    List<PlannedRead> reads = ReadCatalogue.forTarget(t);
    StringBuilder s = new StringBuilder();
    s.append("#!/usr/bin/env bash\n");
    s.append("# gpu-doctor read-only collection plan for ").append(t.kind().label()).append('/').append(t.name())
        .append(" in namespace ").append(t.namespace()).append('\n');
    s.append("# It runs only 'kubectl get' and 'az ... show|list'. Usage: bash plan.sh [OUT_DIR]; then: gpu-doctor diagnose OUT_DIR\n");
    s.append("set -u\n");
    s.append("OUT=\"${1:-gpu-doctor-evidence}\"\n");
    s.append("mkdir -p \"$OUT\" && cd \"$OUT\" || exit 1\n");
    // One clock reading: the capture time, and the --since window's start counted back from it (GNU date, else BSD date).
    s.append("CAPTURED_EPOCH=\"$(date -u +%s)\"\n");
    s.append("utc() { date -u -d \"@$1\" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null || date -u -r \"$1\" +%Y-%m-%dT%H:%M:%SZ; }\n");
    s.append("CAPTURED_AT=\"$(utc \"$CAPTURED_EPOCH\")\"\n");
    s.append("REGION=\"\"\n");
    s.append("NOT_RUN=()\n");
    Map<String, StringBuilder> routes = new LinkedHashMap<>();
    PlannedRead account = null;
    for (PlannedRead r : reads) {
      if (r.file() == null) {
        account = r;
        continue;
      }
      if (!r.isKube()) continue;
      routes.computeIfAbsent(r.route(), k -> new StringBuilder()).append(kubeStep(t, r));
    }
    routes.forEach((route, body) -> s.append("\n# --- route: ").append(route).append(" ---\n").append(body));
    s.append(PlanFollowUps.logs(t, window));
    s.append(PlanFollowUps.dcgmScrapes(t));
    if (account != null) s.append(azureSteps(t, account, reads));
    s.append(targetFile(t, window));
    return s.toString();
  }

  private static String kubeStep(LiveTarget t, PlannedRead r) {
    KubeGet get = (KubeGet) r.source();
    if (get.crd() == null) return save(r.command(), r.file(), "");
    String save = save(r.command(), r.file(), "  ");
    return "if " + ReadCatalogue.kubectl(t) + " get crd " + get.crd() + " -o name > /dev/null 2>&1; then\n"
        + save
        + "else\n  NOT_RUN+=('{command: \"" + r.command() + "\", topic: " + r.topic() + ", reason: \"not installed\"}')\nfi\n";
  }

  private static String save(String command, String file, String indent) {
    return save(command, command, file, indent);
  }

  /** {@code recorded} is the command as target.yaml names it when it fails (no shell variables in YAML). */
  private static String save(String command, String recorded, String file, String indent) {
    return indent + command + " > " + file + " || { rm -f " + file + "; NOT_RUN+=('{command: \"" + recorded
        + "\", reason: \"failed\"}'); }\n";
  }

  /** The window as collect writes it: --since ends at the capture, an explicit one as given. */
  private static String incidentWindow(ReadWindow w) {
    if (w.since() != null) {
      return "  echo 'incident:'\n"
          + "  echo \"  start: \\\"$(utc $(( CAPTURED_EPOCH - " + w.since().toSeconds() + " )))\\\"\"\n"
          + "  echo \"  end: \\\"$CAPTURED_AT\\\"\"\n";
    }
    if (w.start() == null) return "";
    return "  echo 'incident:'\n  echo '  start: \"" + w.start() + "\"'\n"
        + (w.end() != null ? "  echo '  end: \"" + w.end() + "\"'\n" : "  echo \"  end: \\\"$CAPTURED_AT\\\"\"\n");
  }

  private static String azureSteps(LiveTarget t, PlannedRead account, List<PlannedRead> reads) {
    StringBuilder s = new StringBuilder("\n# --- Azure (scaling, quota, SKUs): only if the account can see the subscription ---\n");
    s.append("if ").append(account.command()).append(" > /dev/null; then\n");
    for (PlannedRead r : reads) {
      if (r.isKube() || r.file() == null) continue;
      boolean regional = ((AzCall) r.source()).needsRegion();
      String command = regional ? r.command().replace("<region>", "\"$REGION\"") : r.command();
      if (regional) {
        s.append("  if [ -n \"$REGION\" ]; then\n").append(save(command, r.command(), r.file(), "    "))
            .append("  else\n    NOT_RUN+=('{command: \"").append(r.command())
            .append("\", reason: \"region unknown: az aks show did not run\"}')\n  fi\n");
      } else {
        s.append(save(command, r.file(), "  "));
      }
      if (r.file().equals("aks.json")) {
        s.append("  REGION=\"$(az aks show --subscription ").append(t.subscription()).append(" -g ")
            .append(t.resourceGroup()).append(" -n ").append(t.cluster()).append(" --query location -o tsv)\"\n");
      }
    }
    s.append("else\n");
    for (PlannedRead r : reads) {
      if (r.isKube() || r.file() == null) continue;
      s.append("  NOT_RUN+=('{command: \"").append(r.command()).append("\", reason: \"az account show failed\"}')\n");
    }
    s.append("fi\n");
    return s.toString();
  }

  private static String targetFile(LiveTarget t, ReadWindow window) {
    StringBuilder s = new StringBuilder("\n# --- the bound target, the capture time and the reads that did not run ---\n{\n");
    if (t.context() != null) s.append("  echo 'kubeContext: ").append(t.context()).append("'\n");
    s.append("  echo 'namespace: ").append(t.namespace()).append("'\n");
    if (t.kind() == LiveTarget.Kind.POOL) {
      s.append("  echo 'pool: ").append(t.name()).append("'\n");
    } else {
      s.append("  echo 'resource: ").append(t.kind().label()).append('/').append(t.name()).append("'\n");
    }
    if (t.subscription() != null) s.append("  echo 'subscription: ").append(t.subscription()).append("'\n");
    if (t.resourceGroup() != null) s.append("  echo 'resourceGroup: ").append(t.resourceGroup()).append("'\n");
    if (t.cluster() != null) s.append("  echo 'cluster: ").append(t.cluster()).append("'\n");
    s.append("  if [ -n \"$REGION\" ]; then echo \"region: $REGION\"; fi\n");
    s.append("  echo \"capturedAt: \\\"$CAPTURED_AT\\\"\"\n");
    s.append(incidentWindow(window));
    s.append("  if [ ${#NOT_RUN[@]} -gt 0 ]; then\n    echo 'readsNotRun:'\n")
        .append("    for r in \"${NOT_RUN[@]}\"; do echo \"  - $r\"; done\n  fi\n");
    s.append("} > target.yaml\n");
    s.append("echo \"gpu-doctor: evidence written to $PWD (${#NOT_RUN[@]} reads did not run)\" >&2\n");
    return s.toString();
  }
}
