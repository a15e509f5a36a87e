package io.gpudoctor.facts;

/**
 * Text order in which runs of digits compare by their value: {@code line 9} before {@code line 10}.
 * Equal values written differently ({@code 7} and {@code 007}) fall back to plain text order, so the
 * order stays total and agrees with {@code equals}.
 */
final class NaturalOrder {
  private NaturalOrder() {}

  static int compare(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      char x = a.charAt(i);
      char y = b.charAt(j);
      if (isDigit(x) && isDigit(y)) {
        int endA = digitsEnd(a, i);
        int endB = digitsEnd(b, j);
        int byValue = compareDigits(a, skipZeros(a, i, endA), endA, b, skipZeros(b, j, endB), endB);
        if (byValue != 0) return byValue;
        i = endA;
        j = endB;
      } else {
        if (x != y) return Character.compare(x, y);
        i++;
        j++;
      }
    }
    if (i < a.length() || j < b.length()) return i < a.length() ? 1 : -1;
    return a.compareTo(b);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String s, int from) {
    int end = from;
    while (end < s.length() && isDigit(s.charAt(end))) end++;
    return end;
  }

  private static int skipZeros(String s, int from, int end) {
    while (from < end - 1 && s.charAt(from) == '0') from++;
    return from;
  }

  private static int compareDigits(String a, int i, int endA, String b, int j, int endB) {
    int lengths = Integer.compare(endA - i, endB - j);
    if (lengths != 0) return lengths;
    for (; i < endA; i++, j++) {
      int c = Character.compare(a.charAt(i), b.charAt(j));
      if (c != 0) return c;
    }
    return 0;
  }
}
