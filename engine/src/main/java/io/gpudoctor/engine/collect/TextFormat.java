package io.gpudoctor.engine.collect;

/**
 * Evidence that is text but not JSON or YAML ({@code kubectl describe}, table output, logs,
 * Prometheus exposition). Text formats are tried before the YAML parser, which would otherwise
 * reject or misread them. Add one by adding a class to {@link EvidenceFormats#text()}.
 */
interface TextFormat {

  boolean recognises(EvidenceFile file, String text);

  void read(EvidenceFile file, String text, BundleBuilder out) throws NotReadable;
}
