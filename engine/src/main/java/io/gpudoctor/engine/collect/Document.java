package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;
import tools.jackson.databind.JsonNode;

/**
 * One parsed document of an evidence file. {@code pointerPrefix} is empty for a single-document
 * file and {@code doc2}, {@code doc3} ... for the documents of a multi-document file.
 */
record Document(EvidenceFile file, String pointerPrefix, JsonNode tree) {

  String path() {
    return file.path();
  }

  String fileName() {
    return file.fileName();
  }

  Provenance provenance() {
    return Provenance.of(file.path(), pointerPrefix);
  }

  /** How the report names a part of this file: {@code pods.json#/items/3}. */
  String locate(Provenance at) {
    return at.pointer().isEmpty() ? file.path() : file.path() + "#" + at.pointer();
  }
}
