package io.gpudoctor.engine.report;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.UnreadableFile;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The handoff note a person pastes into a ticket (CommonMark): the bound target, the top finding
 * with its status and confidence in words, the quoted evidence, what is still missing as commands
 * to run, the owner and the sentence for them, proposed changes marked as needing authorisation,
 * the reads that ran and did not, unreadable files. Quotes and commands go into code blocks so they
 * stay exact; prose is escaped so a {@code <none>} in a message is text, not HTML.
 * Deterministic: the same diagnosis gives the same bytes.
 */
public final class MarkdownReportWriter {
  /**
   * Extension point for the incident-window FB_USED/FB_FREE chart (issue: handoff with telemetry):
   * returns an inline {@code <svg>} element for the diagnosis, or null when it holds no such series.
   * Supplied by the code that owns the framebuffer facts; the note embeds it under the top finding.
   */
  @FunctionalInterface
  public interface FramebufferChart {
    String svg(Diagnosis diagnosis);
  }

  static final String KAITO_DELETION_WARNING = "Deleting the Workspace does not remove the GPU node pools it "
      + "created: cleanup is a separate step, the pools keep being charged until removed, and removing them "
      + "needs authorisation. Check `az aks nodepool list` for pools labelled `kaito.sh/workspace` before and after.";

  private static final Pattern SPECIAL = Pattern.compile("[\\\\`*_\\[\\]<>#|!~&]");

  private final String toolVersion;
  private final FramebufferChart chart;

  /** A writer that embeds the incident-window framebuffer chart ({@link FramebufferSvg}) when the evidence has one. */
  public MarkdownReportWriter(String toolVersion) {
    this(toolVersion, FramebufferSvg::chart);
  }

  private MarkdownReportWriter(String toolVersion, FramebufferChart chart) {
    this.toolVersion = toolVersion;
    this.chart = chart;
  }

  /** Embeds the chart the given source draws instead (null: no chart). */
  public MarkdownReportWriter withFramebufferChart(FramebufferChart value) {
    return new MarkdownReportWriter(toolVersion, value == null ? d -> null : value);
  }

  public String write(Diagnosis diagnosis) {
    StringBuilder out = new StringBuilder();
    EvidenceBundle bundle = diagnosis.evidence();
    ReportedFinding top = diagnosis.top();
    out.append("# gpu-doctor handoff: ")
        .append(top == null ? "no diagnosis" : code(top.id()) + " " + text(top.title())).append("\n\n");
    target(out, bundle.target());

    if (top == null) {
      out.append("## No diagnosis\n\nThe rules drew no explanation from this evidence.");
      if (bundle.reads().stream().noneMatch(Read::ran)) {
        out.append(" No read ran: nothing was observed, which is not the same as healthy.");
      }
      out.append("\n\n");
    } else {
      topFinding(out, top);
      String svg = chart.svg(diagnosis);
      if (svg != null && !svg.isBlank()) {
        out.append("### Framebuffer memory in the incident window\n\n").append(svg.strip()).append("\n\n");
      }
    }
    if (diagnosis.findings().stream().anyMatch(f -> f.isDiagnosis() && "kaito".equals(f.route()))) {
      out.append("> **Warning:** ").append(KAITO_DELETION_WARNING).append("\n\n");
    }
    others(out, diagnosis, top);
    reads(out, bundle);
    if (!bundle.unreadable().isEmpty()) {
      out.append("## Files that could not be read\n\n");
      for (UnreadableFile u : bundle.unreadable()) {
        out.append("- ").append(code(u.path())).append(": ").append(text(u.reason())).append('\n');
      }
      out.append('\n');
    }
    if (!diagnosis.warnings().isEmpty()) {
      out.append("## Warnings\n\n");
      for (String w : diagnosis.warnings()) out.append("- ").append(text(w)).append('\n');
      out.append('\n');
    }
    out.append("---\n\n*gpu-doctor ").append(text(toolVersion)).append(", rules ").append(code(diagnosis.rulesDigest()))
        .append(". gpu-doctor only reads; it ran none of the commands above.*\n");
    return out.toString();
  }

  private static void target(StringBuilder out, Target t) {
    if (t == null) t = Target.unbound();
    out.append("| Target | |\n|---|---|\n");
    row(out, "Subscription", t.subscription());
    row(out, "Resource group", t.resourceGroup());
    row(out, "Cluster", t.cluster());
    row(out, "Kube context", t.kubeContext());
    row(out, "Region", t.region());
    row(out, "Pool", t.pool());
    row(out, "Namespace", t.namespace());
    row(out, "Resource", t.resource());
    if (t.incidentStart() != null || t.incidentEnd() != null) {
      row(out, "Incident window", (t.incidentStart() == null ? "?" : t.incidentStart().toString()) + " .. "
          + (t.incidentEnd() == null ? "?" : t.incidentEnd().toString()));
    }
    row(out, "Captured at", t.capturedAt() == null ? null : t.capturedAt().toString());
    out.append('\n');
    if (!t.unboundFields().isEmpty()) {
      out.append("**Not bound:** ").append(text(String.join(", ", t.unboundFields())))
          .append(". Commands below keep a `<placeholder>` for these; fill them in before running anything.\n\n");
    }
  }

  private static void row(StringBuilder out, String name, String value) {
    out.append("| ").append(name).append(" | ")
        .append(value == null || value.isBlank() ? "*not bound*" : code(value)).append(" |\n");
  }

  private static void topFinding(StringBuilder out, ReportedFinding f) {
    out.append("## Top finding: ").append(code(f.id())).append(" ").append(text(f.title())).append("\n\n");
    out.append("- **Status:** ").append(f.status().label()).append(": ").append(statusInWords(f.status())).append('\n');
    out.append("- **Confidence:** ").append(confidenceInWords(f)).append('\n');
    out.append("- **Severity:** ").append(f.severity() == null ? "unknown" : f.severity().label()).append('\n');
    if (!f.subject().isBlank()) out.append("- **Subject:** ").append(code(f.subject())).append('\n');
    out.append("- **Reference:** ").append(code(f.reference())).append('\n');
    out.append('\n').append(text(f.summary())).append("\n\n");

    out.append("### Evidence\n\n");
    if (f.evidence().isEmpty()) out.append("None quoted.\n\n");
    for (Evidence e : f.evidence()) {
      out.append("From ").append(code(where(e))).append(":\n\n").append(fence("text", e.quote()));
    }

    out.append("### Still missing: run these read-only commands\n\n");
    if (f.missingEvidence().isEmpty()) out.append("Nothing: the evidence the conclusion needs was captured.\n\n");
    for (MissingEvidence m : f.missingEvidence()) {
      if (m.why() != null && !m.why().isBlank()) out.append(text(capitalised(m.why()))).append(":\n\n");
      out.append(fence("sh", m.read()));
    }

    out.append("### Owner\n\n**").append(text(f.owner() == null ? "unknown" : f.owner())).append("**: ")
        .append(text(f.handoff())).append("\n\n");

    if (!f.proposedActions().isEmpty()) {
      out.append("### Proposed changes: each needs authorisation; gpu-doctor ran none\n\n");
      for (ProposedAction a : f.proposedActions()) {
        out.append("- [ ] **").append(a.mutation() ? "Needs authorisation (changes the cluster)" : "Needs authorisation (read-only)")
            .append(":** ").append(text(a.description())).append('\n');
        if (a.command() != null && !a.command().isBlank()) {
          out.append('\n').append(indent(fence("sh", a.command()), "  "));
        }
      }
      out.append('\n');
    }
  }

  private static void others(StringBuilder out, Diagnosis diagnosis, ReportedFinding top) {
    List<ReportedFinding> rest = new ArrayList<>();
    for (ReportedFinding f : diagnosis.findings()) if (f != top) rest.add(f);
    if (rest.isEmpty()) return;
    out.append("## Other findings\n\n| Finding | Kind | Status | Confidence | Owner | Summary |\n|---|---|---|---|---|---|\n");
    for (ReportedFinding f : rest) {
      out.append("| ").append(code(f.id())).append(" | ").append(f.kind()).append(" | ").append(f.status().label())
          .append(" | ").append(confidenceInWords(f)).append(" | ").append(text(f.owner() == null ? "unknown" : f.owner()))
          .append(" | ").append(text(oneLine(f.summary()))).append(" |\n");
    }
    out.append('\n');
  }

  private static void reads(StringBuilder out, EvidenceBundle bundle) {
    List<Read> ran = bundle.reads().stream().filter(Read::ran).toList();
    List<Read> notRan = bundle.reads().stream().filter(r -> !r.ran()).toList();
    out.append("## Reads\n\n**Ran (").append(ran.size()).append("):**\n\n");
    if (ran.isEmpty()) out.append("- none: nothing was observed, which is not the same as healthy\n");
    for (Read r : ran) out.append("- ").append(text(r.topic())).append(": ").append(code(r.command())).append('\n');
    out.append("\n**Did not run (").append(notRan.size()).append("):**\n\n");
    if (notRan.isEmpty()) out.append("- none recorded\n");
    for (Read r : notRan) {
      out.append("- ").append(text(r.topic())).append(", ").append(r.status() == null ? "?" : r.status().label())
          .append(": ").append(code(r.command()));
      if (!r.error().isBlank()) out.append(" (").append(text(r.error())).append(')');
      out.append('\n');
    }
    out.append('\n');
  }

  static String statusInWords(FindingStatus status) {
    return switch (status) {
      case CONFIRMED -> "every piece of evidence the conclusion needs is present and agrees";
      case LIKELY -> "the primary signal is present, corroboration is missing";
      case UNCONFIRMED -> "evidence the conclusion needs is missing or contradicts it; do not act on it before the reads below";
    };
  }

  static String confidenceInWords(ReportedFinding f) {
    return String.format(Locale.ROOT, "%s (%.2f)", switch (f.level() == null ? "" : f.level()) {
      case "high" -> "high";
      case "medium" -> "medium";
      default -> "low";
    }, f.confidence());
  }

  private static String where(Evidence e) {
    return e.pointer().isEmpty() ? e.source() : e.source() + " " + e.pointer();
  }

  /** Prose with Markdown's special characters escaped, on one line. */
  static String text(String s) {
    if (s == null) return "";
    Matcher m = SPECIAL.matcher(oneLine(s));
    return m.replaceAll(r -> "\\\\" + Matcher.quoteReplacement(r.group()));
  }

  /** Inline code with a backtick fence longer than any backtick run inside. */
  static String code(String s) {
    String v = s == null ? "" : oneLine(s);
    String ticks = "`".repeat(longestRun(v, '`') + 1);
    String pad = v.startsWith("`") || v.endsWith("`") ? " " : "";
    return ticks + pad + v + pad + ticks;
  }

  /** A fenced block, the fence longer than any backtick run inside, so the content stays exact. */
  static String fence(String info, String content) {
    String body = content == null ? "" : content.strip();
    String ticks = "`".repeat(Math.max(3, longestRun(body, '`') + 1));
    return ticks + info + "\n" + body + "\n" + ticks + "\n\n";
  }

  private static String indent(String block, String prefix) {
    StringBuilder sb = new StringBuilder();
    for (String line : block.split("\n", -1)) {
      if (!line.isEmpty()) sb.append(prefix).append(line);
      sb.append('\n');
    }
    return sb.toString().replaceAll("\n+$", "\n");
  }

  private static int longestRun(String s, char c) {
    int best = 0;
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      run = s.charAt(i) == c ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  }

  private static String oneLine(String s) {
    return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
  }

  private static String capitalised(String s) {
    String v = s.strip();
    return v.isEmpty() ? v : Character.toUpperCase(v.charAt(0)) + v.substring(1);
  }
}
