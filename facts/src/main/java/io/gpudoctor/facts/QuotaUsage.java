package io.gpudoctor.facts;

/**
 * One row of {@code az vm list-usage --location <region> -o json}: a vCPU quota and its use.
 * {@code familyKey} is {@code name.value} ({@code standardNCADSA100v4Family}, {@code cores} for
 * the total regional vCPUs); its case varies between regions and API versions, and messages
 * name the family in a display form, so compare it with {@link #isFamily}. {@code region} is null
 * when the output does not name it (it usually does not: the region is the {@code --location} of
 * the command).
 */
public record QuotaUsage(
    String region, String familyKey, String localName, long currentValue, long limit, Provenance provenance) {

  public static final String REGIONAL_KEY = "cores";

  public boolean regional() {
    return REGIONAL_KEY.equalsIgnoreCase(familyKey);
  }

  /**
   * This row is the family's, however either side spells it (key, display form, case); a pasted
   * {@code -o table} shows only the localized name ("Standard NCADSA100v4 Family vCPUs").
   */
  public boolean isFamily(String family) {
    return QuotaFamilies.same(familyKey != null ? familyKey : localName, family);
  }

  public long free() {
    return limit - currentValue;
  }

  public String quote() {
    return "name.value " + familyKey + (localName == null ? "" : " (" + localName + ")") + ": currentValue "
        + currentValue + ", limit " + limit;
  }
}
