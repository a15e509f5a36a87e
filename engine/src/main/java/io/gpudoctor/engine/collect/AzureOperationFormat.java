package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AzureError;
import io.gpudoctor.facts.AzureErrorText;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where Azure writes a failed operation's error: {@code az aks operation show-latest -o json} (an
 * object with {@code status} and {@code error{code, message, details[]}}) and
 * {@code az monitor activity-log list -o json} (an array of records whose
 * {@code properties.statusMessage} is itself JSON with the {@code error}). Every error in the tree
 * (details included) that is a known allocation error becomes an {@link AzureError}.
 */
final class AzureOperationFormat implements EvidenceFormat {
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  @Override
  public boolean recognises(Document document) {
    JsonNode tree = document.tree();
    if (tree.isObject()) return isOperation(tree);
    return Trees.nonEmptyArrayOf(tree, AzureOperationFormat::isActivity);
  }

  /** A failed operation carries {@code error}; a succeeded one is still the operation (its id ends in /operations/ID). */
  private static boolean isOperation(JsonNode node) {
    JsonNode error = Trees.field(node, "error");
    if (error != null && error.isObject()) return Trees.has(node, "status") || Trees.has(node, "percentComplete");
    String id = Trees.text(node, "id");
    return Trees.has(node, "status") && id != null && id.contains("/providers/Microsoft.ContainerService/managedClusters/")
        && id.contains("/operations/");
  }

  private static boolean isActivity(JsonNode node) {
    return node.isObject() && Trees.has(node, "operationName") && Trees.has(node, "eventTimestamp");
  }

  @Override
  public void read(Document document, BundleBuilder out) {
    JsonNode tree = document.tree();
    Provenance at = document.provenance();
    if (tree.isObject()) {
      AzureResourceId id = AzureResourceId.parse(Trees.text(tree, "resourceId"));
      out.azureIdentity(AzureIdentity.ofId(tree, "resourceId", at));
      Instant when = Times.latest(Times.parse(Trees.text(tree, "startTime")), Times.parse(Trees.text(tree, "endTime")));
      out.observed(when);
      errors(Trees.field(tree, "error"), at.child("error"), "az aks operation show-latest", id.agentPool(), when,
          new HashSet<>(), out);
    } else {
      for (int i = 0; i < tree.size(); i++) readActivity(tree.get(i), at.child(i), out);
    }
    out.used(Topics.OPERATIONS, document.path());
  }

  private static void readActivity(JsonNode record, Provenance at, BundleBuilder out) {
    String statusMessage = Trees.text(Trees.field(record, "properties"), "statusMessage");
    if (statusMessage == null) return;
    Instant when = Times.parse(Trees.text(record, "eventTimestamp"));
    out.observed(when);
    AzureResourceId id = AzureResourceId.parse(Trees.text(record, "resourceId"));
    // No identity from activity-log records: a resource group's log also names other clusters and the
    // VM scale sets in the node resource group, so another name there proves nothing.
    Provenance messageAt = at.child("properties").child("statusMessage");
    JsonNode parsed;
    try {
      parsed = JSON.readTree(statusMessage);
    } catch (JacksonException e) {
      // Some records carry the message as plain text.
      add(AzureErrorText.parse(null, statusMessage, "activity log", null, id.agentPool(), when, messageAt),
          new HashSet<>(), out);
      return;
    }
    JsonNode error = Trees.field(parsed, "error");
    errors(error != null ? error : parsed, messageAt, "activity log", id.agentPool(), when, new HashSet<>(), out);
  }

  private static void errors(JsonNode error, Provenance at, String origin, String pool, Instant when,
      Set<String> seen, BundleBuilder out) {
    if (error == null || !error.isObject()) return;
    add(AzureErrorText.parse(Trees.text(error, "code"), Trees.text(error, "message"), origin, null, pool, when, at),
        seen, out);
    JsonNode details = Trees.field(error, "details");
    if (details != null && details.isArray()) {
      for (int i = 0; i < details.size(); i++) {
        errors(details.get(i), at.child("details").child(i), origin, pool, when, seen, out);
      }
    }
  }

  private static void add(AzureError error, Set<String> seen, BundleBuilder out) {
    // A wrapper and its detail often repeat the same error: count it once.
    if (error != null && seen.add(error.kind() + "\u0000" + error.message())) out.fact(error);
  }
}
