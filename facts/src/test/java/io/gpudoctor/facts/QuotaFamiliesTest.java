package io.gpudoctor.facts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A VM family's quota named as the key, ARM's display form, the portal's localName or Azure ML's wording. */
class QuotaFamiliesTest {
  @ParameterizedTest
  @CsvSource({
      "Standard NCASv3_T4 Family, standardNCASv3_T4Family",
      "Standard NCADSA100v4 Family vCPUs, standardNCADSA100v4Family",
      "StandardDasv7Family, standardDasv7Family",
      "standardNCadsH100v5Family, standardNCadsH100v5Family",
      "Standard NC family, standardNCFamily"})
  void everySpellingBecomesTheQuotaKey(String spelling, String key) {
    assertThat(QuotaFamilies.key(spelling)).isEqualTo(key);
  }

  @ParameterizedTest
  @ValueSource(strings = {"standardNCASv3_T4Family", "Standard NDASv4_A100 Family", "standardNVADSA10v5Family",
      "Standard NC family"})
  void nSeriesFamiliesWithNvidiaGpusAreGpuFamilies(String family) {
    assertThat(QuotaFamilies.nvidiaGpu(family)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"StandardDasv7Family", "standardDSv5Family", "standardDLSv5Family", "standardNVASv4Family",
      "Standard DSv2 Family vCPUs"})
  void familiesWithoutNvidiaGpusAreNot(String family) {
    assertThat(QuotaFamilies.nvidiaGpu(family)).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
      "StandardNCASv3_T4Family, Standard NCASv3_T4 Family",
      "standardncadsa100v4family, Standard NCADSA100v4 Family vCPUs"})
  void aUsageRowMatchesTheFamilyHoweverTheMessageSpellsIt(String key, String message) {
    QuotaUsage row = new QuotaUsage(null, key, null, 0, 0, Provenance.of("usage.json", "/0"));
    QuotaUsage table = new QuotaUsage(null, null, message, 0, 0, Provenance.of("usage.txt", "line 3"));

    assertThat(row.isFamily(message)).isTrue();
    assertThat(table.isFamily(key)).as("a pasted table has only the localized name").isTrue();
    assertThat(row.isFamily("standardNCSv3Family")).isFalse();
  }
}
