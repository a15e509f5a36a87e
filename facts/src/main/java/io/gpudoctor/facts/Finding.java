package io.gpudoctor.facts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A conclusion a rule draws, built in the rule's consequence and inserted as a fact:
 * <pre>
 * insert(Finding.of("GpuCapacityExhausted", $pod.key())
 *     .status(FindingStatus.LIKELY).confidence(0.7)
 *     .summary("...").evidence($reason.evidence()).owner("cluster-operator"));
 * </pre>
 * Title, route, kind and reference come from the catalogue; the engine records which rule
 * inserted it. Several rules concluding the same id and subject are combined once, in Java.
 */
public final class Finding {
  private final String id;
  private final String subject;
  private FindingStatus status = FindingStatus.UNCONFIRMED;
  private double confidence = 0.5;
  private Severity severity;
  private String summary = "";
  private String owner;
  private String handoff = "";
  private final List<Evidence> evidence = new ArrayList<>();
  private final List<MissingEvidence> missingEvidence = new ArrayList<>();
  private final List<ProposedAction> proposedActions = new ArrayList<>();

  private Finding(String id, String subject) {
    this.id = id;
    this.subject = subject == null ? "" : subject;
  }

  public static Finding of(String id, String subject) {
    return new Finding(id, subject);
  }

  public Finding status(FindingStatus value) {
    this.status = value;
    return this;
  }

  public Finding confidence(double value) {
    if (value < 0 || value > 1) throw new IllegalArgumentException("confidence must be within 0..1: " + value);
    this.confidence = value;
    return this;
  }

  public Finding severity(Severity value) {
    this.severity = value;
    return this;
  }

  public Finding summary(String value) {
    this.summary = value;
    return this;
  }

  public Finding owner(String value) {
    this.owner = value;
    return this;
  }

  public Finding handoff(String value) {
    this.handoff = value;
    return this;
  }

  public Finding evidence(Evidence item) {
    if (item != null && !evidence.contains(item)) evidence.add(item);
    return this;
  }

  public Finding evidence(List<Evidence> items) {
    items.forEach(this::evidence);
    return this;
  }

  public Finding quote(Provenance where, String text) {
    return evidence(where.quote(text));
  }

  public Finding missing(String read, String why) {
    MissingEvidence item = new MissingEvidence(read, why);
    if (!missingEvidence.contains(item)) missingEvidence.add(item);
    return this;
  }

  public Finding propose(ProposedAction action) {
    if (!proposedActions.contains(action)) proposedActions.add(action);
    return this;
  }

  public Finding proposeMutation(String description, String command) {
    return propose(ProposedAction.mutation(description, command));
  }

  public Finding proposeRead(String description, String command) {
    return propose(ProposedAction.readOnly(description, command));
  }

  public String getId() { return id; }
  public String getSubject() { return subject; }
  public FindingStatus getStatus() { return status; }
  public double getConfidence() { return confidence; }
  public Severity getSeverity() { return severity; }
  public String getSummary() { return summary; }
  public String getOwner() { return owner; }
  public String getHandoff() { return handoff; }
  public List<Evidence> getEvidence() { return Collections.unmodifiableList(evidence); }
  public List<MissingEvidence> getMissingEvidence() { return Collections.unmodifiableList(missingEvidence); }
  public List<ProposedAction> getProposedActions() { return Collections.unmodifiableList(proposedActions); }

  @Override
  public String toString() {
    return "Finding[" + id + " " + subject + " " + status.label() + " " + confidence + "]";
  }
}
