package io.gpudoctor.facts;

/**
 * One row of {@code az vm list-usage}: a compute quota of the region, counted in vCPUs for the VM
 * families ({@code standardNCASv3_T4Family}, "Standard NCASv3_T4 Family vCPUs"). {@code name} is
 * null when only the localized name was captured (the {@code -o table} form).
 */
public record QuotaUsage(String name, String localizedName, long currentValue, long limit, Provenance provenance) {

  public long available() {
    return limit - currentValue;
  }
}
