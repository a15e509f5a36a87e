package io.gpudoctor.engine.reason;

import io.gpudoctor.facts.Evidence;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.MissingEvidence;
import io.gpudoctor.facts.ProposedAction;
import io.gpudoctor.facts.Severity;
import java.util.List;

/** A finding as reported: the rules' conclusions for one id and subject, combined and completed from the catalogue. */
public record ReportedFinding(
    String id,
    String subject,
    String route,
    String kind,
    String title,
    FindingStatus status,
    double confidence,
    String level,
    Severity severity,
    String summary,
    List<Evidence> evidence,
    List<MissingEvidence> missingEvidence,
    String owner,
    String handoff,
    List<ProposedAction> proposedActions,
    String reference,
    List<String> rules) {

  public boolean isDiagnosis() {
    return "diagnosis".equals(kind);
  }
}
