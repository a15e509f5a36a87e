package io.gpudoctor.facts;

/** Certainty factors, combined the MYCIN way for independent supporting rules. */
public final class Confidence {
  private Confidence() {}

  /** a + b(1 - a): commutative and associative, so firing order cannot change the result. */
  public static double combine(double a, double b) {
    return a + b * (1 - a);
  }

  public static String level(double confidence) {
    if (confidence >= 0.8) return "high";
    if (confidence >= 0.5) return "medium";
    return "low";
  }
}
