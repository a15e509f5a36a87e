package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ConfidenceTest {
  @Test
  void mycinCombinationOfTheTextbookValues() {
    assertThat(Confidence.combine(0.5, 0.6)).isCloseTo(0.8, within(1e-9));
  }

  @Test
  void combinationIsCommutativeAndAssociative() {
    double a = 0.3, b = 0.55, c = 0.9;
    assertThat(Confidence.combine(a, b)).isCloseTo(Confidence.combine(b, a), within(1e-12));
    assertThat(Confidence.combine(Confidence.combine(a, b), c))
        .isCloseTo(Confidence.combine(a, Confidence.combine(b, c)), within(1e-12));
  }

  @Test
  void levelsFollowTheDesignThresholds() {
    assertThat(Confidence.level(0.8)).isEqualTo("high");
    assertThat(Confidence.level(0.79)).isEqualTo("medium");
    assertThat(Confidence.level(0.5)).isEqualTo("medium");
    assertThat(Confidence.level(0.49)).isEqualTo("low");
  }
}
