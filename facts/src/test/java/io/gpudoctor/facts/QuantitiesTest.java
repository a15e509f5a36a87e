package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class QuantitiesTest {
  @Test
  void parsesDecimalAndBinarySuffixes() {
    assertThat(Quantities.parse("500m")).isEqualByComparingTo("0.5");
    assertThat(Quantities.parse("16Gi")).isEqualByComparingTo(BigDecimal.valueOf(16L << 30));
    assertThat(Quantities.parse("2k")).isEqualByComparingTo("2000");
    assertThat(Quantities.parse("1e3")).isEqualByComparingTo("1000");
  }

  @Test
  void countsAreWholeNumbersOnly() {
    assertThat(Quantities.count("8")).isEqualTo(8L);
    assertThat(Quantities.count("500m")).isNull();
  }

  @Test
  void redactedOrGarbageIsUnknownNotZero() {
    assertThat(Quantities.parse("<redacted>")).isNull();
    assertThat(Quantities.parse("***")).isNull();
    assertThat(Quantities.parse("")).isNull();
    assertThat(Quantities.count(null)).isNull();
  }
}
