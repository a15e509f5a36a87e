package io.gpudoctor.cli;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.collect.FetchedEvidence;
import io.gpudoctor.engine.collect.PrometheusCollector;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleCompileException;
import io.gpudoctor.engine.report.JsonReportWriter;
import io.gpudoctor.engine.report.MarkdownReportWriter;
import io.gpudoctor.engine.report.SarifReportWriter;
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
  enum Format { text, json, markdown, sarif }

  /** {@code --fail-on-status}: the lowest status that fails a CI run. */
  enum FailOnStatus {
    confirmed(FindingStatus.CONFIRMED), likely(FindingStatus.LIKELY);

    final FindingStatus status;

    FailOnStatus(FindingStatus status) {
      this.status = status;
    }
  }

  enum FailOn {
    critical(Severity.CRITICAL), warning(Severity.WARNING), info(Severity.INFO);

    final Severity severity;

    FailOn(Severity severity) {
      this.severity = severity;
    }
  }

  @Spec CommandSpec spec;
  @ParentCommand GpuDoctor root;

  @Parameters(index = "0", arity = "0..1", paramLabel = "DIR|FILE.tar.gz|FILE.zip", description = "The evidence folder or archive.")
  Path evidence;

  @Option(names = "--live", description = "Read the cluster (and Azure) now instead of a folder: the reads of "
      + "'gpu-doctor plan', each after an access review; denied reads are listed and their conclusions stay unconfirmed.")
  boolean live;

  @picocli.CommandLine.Mixin TargetOptions liveTarget;

  @picocli.CommandLine.Mixin CollectionOptions collection;

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

  @Option(names = "--fail-on-status", paramLabel = "STATUS",
      description = "Exit 3 when a diagnosis (notes do not count) has this status or a stronger one: "
          + "${COMPLETION-CANDIDATES}. With --fail-on, the diagnosis must also be that severe.")
  FailOnStatus failOnStatus;

  @Option(names = "--reference-base", paramLabel = "URI",
      description = "Absolute URI that references/... paths resolve against in SARIF helpUri "
          + "(default: the folder holding the references/ shipped with gpu-doctor, as a file: URI).")
  java.net.URI referenceBaseOption;

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
    if (!live) {
      if (evidence == null) throw new CliException(ExitCodes.USAGE, "an evidence folder or archive is needed (or --live)");
      return diagnose();
    }
    if (evidence != null) throw new CliException(ExitCodes.USAGE, "--live reads the cluster: give no evidence folder");
    Path folder = Files.createTempDirectory("gpu-doctor-live");
    try {
      LiveCollection.into(folder, liveTarget, collection, prometheus(), true, spec.commandLine().getErr());
      evidence = folder;
      return diagnose();
    } finally {
      try (var files = Files.walk(folder)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private Integer diagnose() throws Exception {
    long started = System.nanoTime();
    if (!Files.exists(evidence)) {
      throw new CliException(ExitCodes.EVIDENCE, "evidence not found: " + evidence);
    }
    // The rules load on the second core while the evidence is read; an unreadable bundle (exit 4)
    // still wins over a rules problem, as if the evidence had been read first.
    RuleBase.Loading loading = null;
    CliException unreadableRules = null;
    try {
      loading = Rules.loading(rules);
    } catch (CliException e) {
      unreadableRules = e;
    }
    EvidenceBundle bundle = new EvidenceFolderReader().read(evidence);
    if (unreadableRules != null) throw unreadableRules;
    if (prometheusUrl != null && !live) bundle = withPrometheus(bundle);
    RuleBase ruleBase = Rules.finish(loading);
    Diagnosis diagnosis = new Diagnoser(ruleBase).diagnose(bundle);

    String report;
    if (format == Format.markdown) {
      report = new MarkdownReportWriter(VersionInfo.version()).write(diagnosis);
    } else if (format == Format.sarif) {
      report = new SarifReportWriter(VersionInfo.version(), ruleBase.catalogue().entries())
          .withReferenceBase(referenceBase()).write(diagnosis);
    } else if (format == Format.json) {
      JsonReportWriter writer = new JsonReportWriter(VersionInfo.version()).withTrace(explain);
      if (timings) writer = writer.withWallClockMillis((System.nanoTime() - started) / 1_000_000);
      report = writer.write(diagnosis);
    } else {
      boolean color = root != null && root.terminal && !noColor;
      report = new TextReportWriter(VersionInfo.version()).withColor(color).withTrace(explain)
          .withSparklines(root != null && root.terminal).write(diagnosis);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(report);
    out.flush();
    Rules.rehearseAnEditIfRecording(rules, ruleBase);
    return fails(diagnosis) ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private java.net.URI referenceBase() throws CliException {
    if (referenceBaseOption != null) {
      if (!referenceBaseOption.isAbsolute()) {
        throw new CliException(ExitCodes.USAGE, "--reference-base must be an absolute URI: " + referenceBaseOption);
      }
      return referenceBaseOption;
    }
    return Locations.find("references/findings.md")
        .map(p -> p.toAbsolutePath().normalize().getParent().getParent().toUri())
        .orElse(null);
  }

  private boolean fails(Diagnosis diagnosis) {
    if (failOnStatus != null) {
      return breaches(diagnosis, failOnStatus.status, failOn == null ? null : failOn.severity);
    }
    return failOn != null && breaches(diagnosis, failOn.severity);
  }

  /**
   * A diagnosis at or above {@code status} (confirmed is above likely) and, when given, at or above
   * {@code severity}. Notes are not counted: a note explains nothing by itself (DESIGN 5).
   */
  static boolean breaches(Diagnosis diagnosis, FindingStatus status, Severity severity) {
    for (ReportedFinding f : diagnosis.findings()) {
      if (!f.isDiagnosis() || f.status().compareTo(status) > 0) continue;
      if (severity == null || f.severity() != null && f.severity().compareTo(severity) <= 0) return true;
    }
    return false;
  }

  private EvidenceBundle withPrometheus(EvidenceBundle bundle) throws Exception {
    Target t = bundle.target();
    Instant end = t.incidentEnd() != null ? t.incidentEnd() : t.capturedAt();
    Instant start = t.incidentStart() != null ? t.incidentStart() : end == null ? null : end.minus(PrometheusCollector.DEFAULT_LOOKBACK);
    if (start == null || end == null) {
      throw new CliException(ExitCodes.USAGE, "--prometheus-url needs a time window: set incident.start/end or capturedAt in target.yaml");
    }
    FetchedEvidence fetched = prometheus().fetch(start, end, PrometheusCollector.DEFAULT_STEP);
    PrintWriter err = spec.commandLine().getErr();
    for (Read failed : fetched.reads()) err.println("gpu-doctor: " + failed.error() + " (continuing without it)");
    err.flush();
    return new EvidenceFolderReader().read(evidence, fetched);
  }

  /** Live, the collector queries it and saves the answers in the folder, as {@code collect} does. */
  private PrometheusCollector prometheus() {
    return prometheusUrl == null ? null : new PrometheusCollector(prometheusUrl, Duration.ofSeconds(prometheusTimeoutSeconds));
  }

  static boolean breaches(Diagnosis diagnosis, Severity threshold) {
    for (ReportedFinding f : diagnosis.findings()) {
      boolean established = f.status() == FindingStatus.CONFIRMED || f.status() == FindingStatus.LIKELY;
      if (established && f.severity() != null && f.severity().compareTo(threshold) <= 0) return true;
    }
    return false;
  }
}
