package io.gpudoctor.engine.collect;

/**
 * Why a file (or one object in it) yields no facts. Carries no stack trace: the reason is the
 * whole message and is shown to the user as is.
 */
final class NotReadable extends Exception {
  NotReadable(String reason) {
    super(reason, null, false, false);
  }

  String reason() {
    return getMessage();
  }
}
