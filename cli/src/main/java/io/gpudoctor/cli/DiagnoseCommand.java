package io.gpudoctor.cli;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.collect.FetchedEvidence;
import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.report.JsonReportWriter;
import io.gpudoctor.engine.report.TextReportWriter;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import io.gpudoctor.facts.Severity;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(
    name = "diagnose",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "Diagnoses an evidence folder (or a .tar.gz / .zip of one) collected from the cluster.")
final class DiagnoseCommand implements Callable<Integer> {
  enum Format { text, json }

  enum FailOn {
    critical(Severity.CRITICAL), warning(Severity.WARNING), info(Severity.INFO);

    final Severity severity;

    FailOn(Severity severity) {
      this.severity = severity;
    }
  }

  @Spec CommandSpec spec;
  @ParentCommand GpuDoctor root;

  @Parameters(index = "0", paramLabel = "DIR|FILE.tar.gz|FILE.zip", description = "The evidence folder or archive.")
  Path evidence;

  @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
      description = "Report format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the rules shipped with gpu-doctor).")
  Path rules;

  @Option(names = "--explain", description = "Also print the trace: each rule that fired, what it concludes, the facts it matched.")
  boolean explain;

  @Option(names = "--fail-on", paramLabel = "SEVERITY",
      description = "Exit 3 when a confirmed or likely finding has this severity or a higher one: ${COMPLETION-CANDIDATES}.")
  FailOn failOn;

  @Option(names = "--prometheus-url", paramLabel = "URL",
      description = "Also read the DCGM series (FB_USED, FB_FREE, FB_RESERVED, GPU_UTIL, XID) of the incident window from "
          + "this Prometheus (GET /api/v1/query_range only). The window is target.yaml's incident.start/end, else the "
          + "6 hours before capturedAt.")
  URI prometheusUrl;

  @Option(names = "--prometheus-timeout", paramLabel = "SECONDS", defaultValue = "10",
      description = "Seconds to wait for each Prometheus request (default: ${DEFAULT-VALUE}).")
  int prometheusTimeoutSeconds;

  @Option(names = "--no-color", description = "No ANSI colours (they are used only when stdout is a terminal).")
  boolean noColor;

  @Option(names = "--timings", hidden = true, description = "Add the wall-clock time to the JSON report (not reproducible).")
  boolean timings;

  @Override
  public Integer call() throws Exception {
    long started = System.nanoTime();
    if (!Files.exists(evidence)) {
      throw new CliException(ExitCodes.EVIDENCE, "evidence not found: " + evidence);
    }
    // Evidence first: an unreadable bundle (exit 4) is found before the rules take seconds to compile.
    EvidenceBundle bundle = new EvidenceFolderReader().read(evidence);
    if (prometheusUrl != null) bundle = withPrometheus(bundle);
    RuleBase ruleBase = Rules.compile(rules);
    Diagnosis diagnosis = new Diagnoser(ruleBase).diagnose(bundle);

    String report;
    if (format == Format.json) {
      JsonReportWriter writer = new JsonReportWriter(VersionInfo.version()).withTrace(explain);
      if (timings) writer = writer.withWallClockMillis((System.nanoTime() - started) / 1_000_000);
      report = writer.write(diagnosis);
    } else {
      boolean color = root != null && root.terminal && !noColor;
      report = new TextReportWriter(VersionInfo.version()).withColor(color).withTrace(explain).write(diagnosis);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(report);
    out.flush();
    return failOn != null && breaches(diagnosis, failOn.severity) ? ExitCodes.FAILED : ExitCodes.OK;
  }

  /** Without a declared window, this much history before the capture is read; the rules pick the incident window in it. */
  static final Duration PROMETHEUS_LOOKBACK = Duration.ofHours(6);

  private EvidenceBundle withPrometheus(EvidenceBundle bundle) throws Exception {
    Target t = bundle.target();
    Instant end = t.incidentEnd() != null ? t.incidentEnd() : t.capturedAt();
    Instant start = t.incidentStart() != null ? t.incidentStart() : end == null ? null : end.minus(PROMETHEUS_LOOKBACK);
    if (start == null || end == null) {
      throw new CliException(ExitCodes.USAGE, "--prometheus-url needs a time window: set incident.start/end or capturedAt in target.yaml");
    }
    FetchedEvidence fetched = new PrometheusCollector(prometheusUrl, Duration.ofSeconds(prometheusTimeoutSeconds))
        .fetch(start, end, PrometheusCollector.DEFAULT_STEP);
    PrintWriter err = spec.commandLine().getErr();
    for (Read failed : fetched.reads()) err.println("gpu-doctor: " + failed.error() + " (continuing without it)");
    err.flush();
    return new EvidenceFolderReader().read(evidence, fetched);
  }

  static boolean breaches(Diagnosis diagnosis, Severity threshold) {
    for (ReportedFinding f : diagnosis.findings()) {
      boolean established = f.status() == FindingStatus.CONFIRMED || f.status() == FindingStatus.LIKELY;
      if (established && f.severity() != null && f.severity().compareTo(threshold) <= 0) return true;
    }
    return false;
  }
}
