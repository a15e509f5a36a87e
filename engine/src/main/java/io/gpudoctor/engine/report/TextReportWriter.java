package io.gpudoctor.engine.report;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.UnreadableFile;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.TraceEntry;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Severity;
import io.gpudoctor.facts.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report for a terminal: the top finding first and in full, then the other findings
 * (diagnoses, then notes) in short, the install profiles, the reads that ran and those that did
 * not, unreadable files and warnings. ANSI colours only when asked for; otherwise plain text.
 * Deterministic: the same diagnosis gives the same text.
 */
public final class TextReportWriter {
  private static final String RESET = "\u001b[0m";
  private static final String BOLD = "\u001b[1m";
  private static final String DIM = "\u001b[2m";
  private static final String RED = "\u001b[31m";
  private static final String YELLOW = "\u001b[33m";
  private static final String CYAN = "\u001b[36m";
  private static final String GREEN = "\u001b[32m";

  private final String toolVersion;
  private final boolean color;
  private final boolean explain;
  private final boolean sparklines;

  public TextReportWriter(String toolVersion) {
    this(toolVersion, false, false, false);
  }

  private TextReportWriter(String toolVersion, boolean color, boolean explain, boolean sparklines) {
    this.toolVersion = toolVersion;
    this.color = color;
    this.explain = explain;
    this.sparklines = sparklines;
  }

  /** ANSI colours (only for a terminal). */
  public TextReportWriter withColor(boolean value) {
    return new TextReportWriter(toolVersion, value, explain, sparklines);
  }

  /** Appends the trace: each rule that fired, what it concludes, the facts it matched. */
  public TextReportWriter withTrace(boolean value) {
    return new TextReportWriter(toolVersion, color, value, sparklines);
  }

  /**
   * A FB_USED sparkline per GPU in the incident window under the top finding (for a terminal:
   * piped text and logs stay ASCII-stable without it).
   */
  public TextReportWriter withSparklines(boolean value) {
    return new TextReportWriter(toolVersion, color, explain, value);
  }

  public String write(Diagnosis diagnosis) {
    StringBuilder out = new StringBuilder();
    EvidenceBundle bundle = diagnosis.evidence();
    out.append(style(BOLD, "gpu-doctor " + toolVersion)).append("  rules ").append(diagnosis.rulesDigest()).append('\n');
    target(out, bundle.target());
    out.append('\n');

    ReportedFinding top = diagnosis.top();
    if (top == null) {
      out.append(style(BOLD, "No diagnosis:")).append(" the rules drew no explanation from this evidence.\n");
      if (bundle.reads().stream().noneMatch(Read::ran)) {
        out.append("  No read ran: nothing was observed, which is not the same as healthy.\n");
      }
    } else {
      headline(out, top);
      if (sparklines) sparklines(out, diagnosis);
    }

    List<ReportedFinding> otherDiagnoses = new ArrayList<>();
    List<ReportedFinding> notes = new ArrayList<>();
    for (ReportedFinding f : diagnosis.findings()) {
      if (f == top) continue;
      (f.isDiagnosis() ? otherDiagnoses : notes).add(f);
    }
    if (!otherDiagnoses.isEmpty()) {
      out.append('\n').append(style(BOLD, "Other diagnoses (" + otherDiagnoses.size() + "):")).append('\n');
      otherDiagnoses.forEach(f -> brief(out, f));
    }
    if (!notes.isEmpty()) {
      out.append('\n').append(style(BOLD, "Notes (" + notes.size() + "):")).append('\n');
      notes.forEach(f -> brief(out, f));
    }

    if (!diagnosis.profiles().isEmpty()) {
      out.append('\n').append(style(BOLD, "GPU install profiles:")).append('\n');
      for (GpuProfile p : diagnosis.profiles()) {
        out.append("  ").append(p.pool()).append(": ")
            .append(p.profile() == null ? "?" : p.profile().name().toLowerCase(Locale.ROOT));
        if (p.basis() != null && !p.basis().isBlank()) out.append(" (").append(p.basis()).append(')');
        out.append('\n');
        for (Evidence e : p.evidence()) evidenceLine(out, "    ", e);
      }
    }

    List<Read> ran = bundle.reads().stream().filter(Read::ran).toList();
    List<Read> notRan = bundle.reads().stream().filter(r -> !r.ran()).toList();
    out.append('\n').append(style(BOLD, "Reads that ran (" + ran.size() + "):")).append('\n');
    if (ran.isEmpty()) out.append("  none\n");
    for (Read r : ran) out.append("  ").append(pad(r.topic(), 12)).append(' ').append(r.command()).append('\n');
    if (!notRan.isEmpty()) {
      out.append('\n').append(style(BOLD, "Reads that did not run (" + notRan.size() + "):")).append('\n');
      for (Read r : notRan) {
        out.append("  ").append(pad(r.topic(), 12)).append(' ')
            .append(style(YELLOW, pad(r.status() == null ? "?" : r.status().label(), 8))).append(' ').append(r.command());
        if (!r.error().isBlank()) out.append(": ").append(r.error());
        out.append('\n');
      }
    }

    if (!bundle.unreadable().isEmpty()) {
      out.append('\n').append(style(BOLD, "Unreadable files (" + bundle.unreadable().size() + "):")).append('\n');
      for (UnreadableFile u : bundle.unreadable()) {
        out.append("  ").append(u.path()).append(": ").append(u.reason()).append('\n');
      }
    }
    if (!diagnosis.warnings().isEmpty()) {
      out.append('\n').append(style(BOLD, "Warnings:")).append('\n');
      for (String w : diagnosis.warnings()) out.append("  - ").append(w).append('\n');
    }
    if (explain) trace(out, diagnosis);
    return out.toString();
  }

  private void target(StringBuilder out, Target t) {
    if (t == null) t = Target.unbound();
    List<String> parts = new ArrayList<>();
    add(parts, "subscription", t.subscription());
    add(parts, "resource group", t.resourceGroup());
    add(parts, "cluster", t.cluster());
    add(parts, "context", t.kubeContext());
    add(parts, "region", t.region());
    add(parts, "pool", t.pool());
    add(parts, "namespace", t.namespace());
    add(parts, "resource", t.resource());
    out.append("Target: ").append(parts.isEmpty() ? "(nothing bound)" : String.join(", ", parts)).append('\n');
    if (t.incidentStart() != null || t.incidentEnd() != null) {
      out.append("Incident: ").append(t.incidentStart() == null ? "?" : t.incidentStart().toString())
          .append(" .. ").append(t.incidentEnd() == null ? "?" : t.incidentEnd().toString()).append('\n');
    }
    if (t.capturedAt() != null) out.append("Captured at: ").append(t.capturedAt()).append('\n');
    List<String> unbound = t.unboundFields();
    if (!unbound.isEmpty()) out.append("Unbound: ").append(String.join(", ", unbound)).append('\n');
  }

  private static void add(List<String> parts, String name, String value) {
    if (value != null && !value.isBlank()) parts.add(name + " " + value);
  }

  private void headline(StringBuilder out, ReportedFinding f) {
    out.append(style(BOLD, "TOP FINDING: " + f.id())).append(" - ").append(f.title()).append('\n');
    out.append("  status:     ").append(style(statusColor(f), f.status().label())).append('\n');
    out.append("  confidence: ").append(confidence(f)).append('\n');
    out.append("  severity:   ").append(style(severityColor(f.severity()), f.severity().label())).append('\n');
    if (!f.subject().isBlank()) out.append("  subject:    ").append(f.subject()).append('\n');
    out.append("  route:      ").append(f.route()).append('\n');
    if (f.summary() != null && !f.summary().isBlank()) {
      out.append('\n').append("  ").append(f.summary()).append('\n');
    }
    if (!f.evidence().isEmpty()) {
      out.append('\n').append("  Evidence:\n");
      for (Evidence e : f.evidence()) evidenceLine(out, "    ", e);
    }
    if (!f.missingEvidence().isEmpty()) {
      out.append('\n').append("  Missing evidence (read-only, run these to settle it):\n");
      for (MissingEvidence m : f.missingEvidence()) missingLine(out, "    ", m);
    }
    out.append('\n').append("  Owner:   ").append(f.owner()).append('\n');
    out.append("  Handoff: ").append(f.handoff()).append('\n');
    if (!f.proposedActions().isEmpty()) {
      out.append('\n').append("  Proposed actions (none is run by gpu-doctor):\n");
      for (ProposedAction a : f.proposedActions()) actionLine(out, "    ", a);
    }
    out.append('\n').append("  Reference: ").append(f.reference()).append('\n');
    out.append("  Rule:      ").append(String.join(", ", f.rules())).append('\n');
  }

  private void sparklines(StringBuilder out, Diagnosis diagnosis) {
    List<String> lines = FramebufferSeries.of(diagnosis).stream().map(FramebufferSparkline::line)
        .filter(l -> l != null).toList();
    if (lines.isEmpty()) return;
    out.append('\n').append("  GPU framebuffer in the incident window:\n");
    for (String l : lines) out.append("    ").append(l).append('\n');
  }

  private void brief(StringBuilder out, ReportedFinding f) {
    out.append("  ").append(style(BOLD, f.id())).append(" - ").append(f.title()).append('\n');
    out.append("    ").append(style(statusColor(f), f.status().label())).append(", ").append(confidence(f))
        .append(", ").append(style(severityColor(f.severity()), f.severity().label()));
    if (!f.subject().isBlank()) out.append(", ").append(f.subject());
    out.append(", owner ").append(f.owner()).append('\n');
    if (f.summary() != null && !f.summary().isBlank()) out.append("    ").append(f.summary()).append('\n');
    for (Evidence e : f.evidence()) evidenceLine(out, "    ", e);
    for (MissingEvidence m : f.missingEvidence()) {
      out.append("    missing: ").append(m.read());
      if (m.why() != null && !m.why().isBlank()) out.append("  (").append(m.why()).append(')');
      out.append('\n');
    }
    for (ProposedAction a : f.proposedActions()) {
      out.append("    action: ").append(a.description()).append(actionMarks(a));
      if (a.command() != null && !a.command().isBlank()) out.append(": ").append(a.command());
      out.append('\n');
    }
  }

  private void evidenceLine(StringBuilder out, String indent, Evidence e) {
    out.append(indent).append('"').append(oneLine(e.quote())).append("\"\n");
    String where = e.pointer().isEmpty() ? e.source() : e.source() + "#" + e.pointer();
    out.append(indent).append("  ").append(style(DIM, where)).append('\n');
  }

  private void missingLine(StringBuilder out, String indent, MissingEvidence m) {
    out.append(indent).append(style(CYAN, "$ " + m.read())).append('\n');
    if (m.why() != null && !m.why().isBlank()) out.append(indent).append("  ").append(m.why()).append('\n');
  }

  private void actionLine(StringBuilder out, String indent, ProposedAction a) {
    out.append(indent).append("- ").append(a.description()).append(style(YELLOW, actionMarks(a))).append('\n');
    if (a.command() != null && !a.command().isBlank()) out.append(indent).append("    $ ").append(a.command()).append('\n');
  }

  private static String actionMarks(ProposedAction a) {
    if (a.mutation()) return " (mutation, needs authorisation)";
    return a.requiresAuthorization() ? " (read-only, needs authorisation)" : " (read-only)";
  }

  private void trace(StringBuilder out, Diagnosis diagnosis) {
    out.append('\n').append(style(BOLD, "Trace (" + diagnosis.rulesFired() + " rule firings):")).append('\n');
    int i = 1;
    for (TraceEntry t : diagnosis.trace()) {
      out.append("  ").append(i++).append(". rule \"").append(t.rule()).append('"');
      if (t.concludes() != null && !t.concludes().isBlank()) out.append(" -> ").append(t.concludes());
      out.append('\n');
      for (String fact : t.facts()) out.append("       matched ").append(oneLine(fact)).append('\n');
    }
  }

  static String confidence(ReportedFinding f) {
    return String.format(Locale.ROOT, "%.2f (%s)", f.confidence(), f.level());
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  private static String pad(String s, int width) {
    String v = s == null ? "" : s;
    return v.length() >= width ? v : v + " ".repeat(width - v.length());
  }

  private String statusColor(ReportedFinding f) {
    return switch (f.status()) {
      case CONFIRMED -> RED;
      case LIKELY -> YELLOW;
      case UNCONFIRMED -> DIM;
    };
  }

  private static String severityColor(Severity s) {
    if (s == null) return "";
    return switch (s) {
      case CRITICAL -> RED;
      case WARNING -> YELLOW;
      case INFO -> GREEN;
    };
  }

  private String style(String code, String text) {
    return color && !code.isEmpty() ? code + text + RESET : text;
  }
}
