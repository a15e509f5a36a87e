package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import tools.jackson.databind.JsonNode;

/** {@code reads.json} written by {@code collect}: one record per read it tried, and how it went. */
final class ReadsFileFormat implements EvidenceFormat {

  @Override
  public boolean recognises(Document document) {
    return document.fileName().equals("reads.json");
  }

  @Override
  public void read(Document document, BundleBuilder out) throws NotReadable {
    JsonNode reads = document.tree();
    if (!reads.isArray()) throw new NotReadable("reads.json is not a list of reads");
    Provenance at = document.provenance();
    for (int i = 0; i < reads.size(); i++) {
      JsonNode r = reads.get(i);
      String command = Trees.text(r, "command");
      String status = Trees.text(r, "status");
      if (command == null || status == null) {
        out.unreadable(document.locate(at.child(i)), "read without command or status");
        continue;
      }
      ReadStatus parsed;
      try {
        parsed = ReadStatus.parse(status);
      } catch (IllegalArgumentException e) {
        out.unreadable(document.locate(at.child(i)),
            "unknown read status '" + status + "' (expected ran, denied, failed or not-run)");
        continue;
      }
      String topic = Trees.text(r, "topic");
      out.read(new Read(topic != null ? topic : ReadTopics.of(command), command, parsed, Trees.text(r, "error")));
    }
    out.used(KubernetesObjectFormat.OTHER_TOPIC, document.path());
  }
}
