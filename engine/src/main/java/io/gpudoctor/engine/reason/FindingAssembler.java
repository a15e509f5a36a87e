package io.gpudoctor.engine.reason;

import io.gpudoctor.facts.Confidence;
import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.Finding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Severity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the findings the rules inserted into the reported list: one entry per id and subject,
 * confidence combined once (MYCIN), completed from the catalogue, ranked per DESIGN 5.
 */
final class FindingAssembler {
  /** A finding with the rule that inserted it and when, in firing order. */
  record Conclusion(Finding finding, String rule, int sequence) {}

  static final Comparator<ReportedFinding> RANK = Comparator
      .comparing((ReportedFinding f) -> f.isDiagnosis() ? 0 : 1)
      .thenComparing(ReportedFinding::status)
      .thenComparing(ReportedFinding::confidence, Comparator.reverseOrder())
      .thenComparing(ReportedFinding::severity)
      .thenComparing(ReportedFinding::id)
      .thenComparing(ReportedFinding::subject);

  // Conclusions of one rule equally strong (one per node of a pool, say) are ordered by what they
  // say, not by when they fired: which match of a rule Drools fires first is its own affair (it
  // changes with how the network shares nodes), and the lead's summary must not change with it.
  private static final Comparator<Conclusion> STRONGEST_FIRST = Comparator
      .comparing((Conclusion c) -> c.finding().getStatus())
      .thenComparing(c -> c.finding().getConfidence(), Comparator.reverseOrder())
      .thenComparing(Conclusion::rule)
      .thenComparing(c -> c.finding().getSummary())
      .thenComparingInt(Conclusion::sequence);

  private final Catalogue catalogue;

  FindingAssembler(Catalogue catalogue) {
    this.catalogue = catalogue;
  }

  List<ReportedFinding> assemble(List<Conclusion> conclusions) {
    Map<String, List<Conclusion>> byKey = new TreeMap<>();
    for (Conclusion c : conclusions) {
      byKey.computeIfAbsent(c.finding().getId() + "\u0000" + c.finding().getSubject(), k -> new ArrayList<>()).add(c);
    }
    List<ReportedFinding> reported = new ArrayList<>();
    for (List<Conclusion> group : byKey.values()) reported.add(combine(group));
    reported.sort(RANK);
    return List.copyOf(reported);
  }

  private ReportedFinding combine(List<Conclusion> group) {
    group.sort(STRONGEST_FIRST);
    Finding lead = group.get(0).finding();
    CatalogueEntry entry = catalogue.get(lead.getId());

    // One contribution per rule: a rule that fires twice on the same subject is not independent support.
    Map<String, Double> perRule = new TreeMap<>();
    for (Conclusion c : group) perRule.merge(c.rule(), c.finding().getConfidence(), Math::max);
    double confidence = perRule.values().stream().sorted().reduce(0.0, Confidence::combine);
    confidence = Math.round(confidence * 1000) / 1000.0;

    FindingStatus status = lead.getStatus();
    Severity severity = group.stream().map(c -> c.finding().getSeverity()).filter(s -> s != null)
        .min(Comparator.naturalOrder())
        .orElse(entry.severity() == null ? Severity.WARNING : Severity.parse(entry.severity()));
    String owner = lead.getOwner() != null ? lead.getOwner() : entry.owner();
    if (owner == null) owner = "-";

    Set<Evidence> evidence = new LinkedHashSet<>();
    Map<String, MissingEvidence> missing = new java.util.LinkedHashMap<>();
    Set<ProposedAction> actions = new LinkedHashSet<>();
    Set<String> rules = new TreeSet<>();
    for (Conclusion c : group) {
      evidence.addAll(c.finding().getEvidence());
      // One line per read: two rules asking for the same command keep the strongest rule's reason.
      c.finding().getMissingEvidence().forEach(m -> missing.putIfAbsent(m.read(), m));
      actions.addAll(c.finding().getProposedActions());
      rules.add(c.rule());
    }
    String handoff = lead.getHandoff().isBlank() ? defaultHandoff(entry, owner, lead) : lead.getHandoff();
    return new ReportedFinding(lead.getId(), lead.getSubject(), entry.route(), entry.kind(), entry.title(),
        status, confidence, Confidence.level(confidence), severity, lead.getSummary(),
        List.copyOf(evidence), List.copyOf(missing.values()), owner, handoff, List.copyOf(actions),
        entry.reference(), List.copyOf(rules));
  }

  private static String defaultHandoff(CatalogueEntry entry, String owner, Finding lead) {
    String who = "-".equals(owner) ? "the reader" : owner;
    return "For " + who + ": " + entry.title() + (lead.getSubject().isEmpty() ? "" : " (" + lead.getSubject() + ")")
        + "; status " + lead.getStatus().label() + ", see the quoted evidence.";
  }
}
