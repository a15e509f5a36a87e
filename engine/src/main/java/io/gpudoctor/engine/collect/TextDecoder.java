package io.gpudoctor.engine.collect;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns file bytes into text, or says why they are not text. UTF-16 with a byte-order mark is
 * accepted because Windows PowerShell 5 writes {@code kubectl ... > file} that way.
 */
final class TextDecoder {
  private TextDecoder() {}

  static String decode(byte[] bytes) throws NotReadable {
    if (startsWith(bytes, 0xFF, 0xFE)) return text(new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE));
    if (startsWith(bytes, 0xFE, 0xFF)) return text(new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE));
    int offset = startsWith(bytes, 0xEF, 0xBB, 0xBF) ? 3 : 0;
    if (looksBinary(bytes, offset)) throw new NotReadable("binary file");
    return text(new String(bytes, offset, bytes.length - offset, StandardCharsets.UTF_8));
  }

  private static String text(String s) throws NotReadable {
    if (s.isBlank()) throw new NotReadable("empty file");
    return s;
  }

  private static boolean looksBinary(byte[] bytes, int offset) {
    int length = Math.min(bytes.length - offset, EvidenceLimits.SNIFF_BYTES);
    boolean ascii = true;
    for (int i = offset; i < offset + length; i++) {
      if (bytes[i] == 0) return true;
      if (bytes[i] < 0) ascii = false;
    }
    // ASCII is valid UTF-8: no need to decode the window to know.
    if (ascii) return false;
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    boolean whole = offset + length == bytes.length;
    // A sniff window that cuts a multi-byte character in two is not an error: endOfInput=false.
    return decoder.decode(ByteBuffer.wrap(bytes, offset, length), CharBuffer.allocate(length + 1), whole)
        .isError();
  }

  private static boolean startsWith(byte[] bytes, int... prefix) {
    if (bytes.length < prefix.length) return false;
    for (int i = 0; i < prefix.length; i++) {
      if ((bytes[i] & 0xFF) != prefix[i]) return false;
    }
    return true;
  }
}
