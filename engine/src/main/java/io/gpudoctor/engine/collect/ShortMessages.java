package io.gpudoctor.engine.collect;

/** One-line reasons from exceptions, without class names or stack traces. */
final class ShortMessages {
  private static final int MAX_LENGTH = 160;

  private ShortMessages() {}

  static String of(Throwable e) {
    String message = e.getMessage();
    if (message == null || message.isBlank()) {
      return e.getClass().getSimpleName().replaceAll("(?<=[a-z])(?=[A-Z])", " ").toLowerCase();
    }
    return shorten(message);
  }

  static String shorten(String message) {
    String line = message.strip();
    int newline = line.indexOf('\n');
    if (newline >= 0) line = line.substring(0, newline).strip();
    return line.length() > MAX_LENGTH ? line.substring(0, MAX_LENGTH) + "..." : line;
  }
}
