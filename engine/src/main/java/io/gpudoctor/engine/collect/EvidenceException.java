package io.gpudoctor.engine.collect;

/** The evidence could not be read at all (missing folder, unreadable archive): exit code 4. */
public class EvidenceException extends Exception {
  public EvidenceException(String message) {
    super(message);
  }

  public EvidenceException(String message, Throwable cause) {
    super(message, cause);
  }
}
