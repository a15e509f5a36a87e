package io.gpudoctor.facts;

import java.util.List;

/**
 * One {@code restrictions[]} entry of a VM size in {@code az vm list-skus --all}: type
 * {@code Location} (the size is not offered to the subscription in the region) or {@code Zone}
 * (not in the listed zones), with its {@code reasonCode} ({@code NotAvailableForSubscription}).
 */
public record SkuRestriction(
    String name, String type, String reasonCode, List<String> locations, List<String> zones, Provenance provenance) {
  public SkuRestriction {
    locations = List.copyOf(locations);
    zones = List.copyOf(zones);
  }

  public boolean zonal() {
    return "Zone".equalsIgnoreCase(type);
  }

  public boolean appliesTo(String size, String region) {
    if (size == null || name == null || !name.equalsIgnoreCase(size.trim())) return false;
    if (region == null || locations.isEmpty()) return true;
    return locations.stream().anyMatch(l -> l.equalsIgnoreCase(region.trim()));
  }

  public String quote() {
    return name + ": " + reasonCode + ", type: " + type + ", locations: " + String.join(",", locations)
        + (zones.isEmpty() ? "" : ", zones: " + String.join(",", zones));
  }
}
