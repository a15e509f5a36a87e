package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProvenanceOrderTest {

  @Test
  void linesOfAFileAreInReadingOrderNotTextOrder() {
    assertThat(Provenance.of("issue.md", "line 9").isBefore(Provenance.of("issue.md", "line 10"))).isTrue();
    assertThat(Provenance.of("issue.md", "line 10").isBefore(Provenance.of("issue.md", "line 9"))).isFalse();
  }

  @Test
  void jsonPointersCompareTheirIndexesAsNumbers() {
    assertThat(Provenance.of("pods.json", "/items/2/status").isBefore(Provenance.of("pods.json", "/items/10/status"))).isTrue();
  }

  @Test
  void theFileDecidesBeforeThePlaceInIt() {
    assertThat(Provenance.of("a.log", "line 200").isBefore(Provenance.of("b.log", "line 1"))).isTrue();
    assertThat(Provenance.of("logs/ns/p/c2.log", "line 1").isBefore(Provenance.of("logs/ns/p/c10.log", "line 1"))).isTrue();
  }

  @Test
  void theOrderIsTotalAndAgreesWithEquality() {
    List<Provenance> places = new ArrayList<>(List.of(Provenance.of("x", "line 007"), Provenance.of("x", "line 7"),
        Provenance.of("x", "line 70"), Provenance.of("x", ""), Provenance.of("x", "line 7a")));
    for (Provenance a : places) {
      assertThat(a.compareTo(a)).isZero();
      for (Provenance b : places) {
        assertThat(Integer.signum(a.compareTo(b))).isEqualTo(-Integer.signum(b.compareTo(a)));
        if (!a.equals(b)) assertThat(a.compareTo(b)).isNotZero();
      }
    }
    places.sort(null);
    assertThat(places).extracting(Provenance::toString)
        .containsExactly("x", "x#line 007", "x#line 7", "x#line 7a", "x#line 70");
  }
}
