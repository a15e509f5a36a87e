package io.gpudoctor.facts;

import java.math.BigDecimal;
import java.util.Map;

/** Kubernetes resource quantities ({@code 1}, {@code 500m}, {@code 16Gi}, {@code 1e3}). */
public final class Quantities {
  private static final Map<String, BigDecimal> SUFFIXES = Map.ofEntries(
      Map.entry("n", new BigDecimal("1e-9")), Map.entry("u", new BigDecimal("1e-6")),
      Map.entry("m", new BigDecimal("1e-3")), Map.entry("", BigDecimal.ONE),
      Map.entry("k", new BigDecimal("1e3")), Map.entry("M", new BigDecimal("1e6")),
      Map.entry("G", new BigDecimal("1e9")), Map.entry("T", new BigDecimal("1e12")),
      Map.entry("P", new BigDecimal("1e15")), Map.entry("E", new BigDecimal("1e18")),
      Map.entry("Ki", BigDecimal.valueOf(1L << 10)), Map.entry("Mi", BigDecimal.valueOf(1L << 20)),
      Map.entry("Gi", BigDecimal.valueOf(1L << 30)), Map.entry("Ti", BigDecimal.valueOf(1L << 40)),
      Map.entry("Pi", BigDecimal.valueOf(1L << 50)), Map.entry("Ei", BigDecimal.valueOf(1L << 60)));

  private Quantities() {}

  /** The value, or null when the text is not a quantity (redacted, empty, garbage). */
  public static BigDecimal parse(String text) {
    if (text == null) return null;
    String s = text.trim();
    if (s.isEmpty()) return null;
    int end = s.length();
    while (end > 0 && Character.isLetter(s.charAt(end - 1))) end--;
    String number = s.substring(0, end);
    String suffix = s.substring(end);
    if (number.toLowerCase().endsWith("e") || (suffix.startsWith("e") && suffix.length() > 1)) {
      return null;
    }
    BigDecimal factor = SUFFIXES.get(suffix);
    if (factor == null || number.isEmpty()) return null;
    try {
      return new BigDecimal(number).multiply(factor);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A whole count such as a number of GPUs, or null when absent or not a whole number. */
  public static Long count(String text) {
    BigDecimal v = parse(text);
    if (v == null) return null;
    try {
      return v.stripTrailingZeros().longValueExact();
    } catch (ArithmeticException e) {
      return null;
    }
  }
}
