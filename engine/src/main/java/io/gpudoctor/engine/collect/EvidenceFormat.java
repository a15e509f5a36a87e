package io.gpudoctor.engine.collect;

/**
 * One kind of evidence file recognised by its parsed content. Formats are tried in order; the
 * first that recognises a document reads it. Add a format by adding a class to
 * {@link EvidenceFormats}.
 */
interface EvidenceFormat {

  boolean recognises(Document document);

  /**
   * Adds the facts of the document to {@code out}. Throws when the document as a whole cannot be
   * used; a bad part of a document that has good parts is reported with {@link BundleBuilder#unreadable}.
   */
  void read(Document document, BundleBuilder out) throws NotReadable;
}
