package io.gpudoctor.facts;

import java.util.List;

/**
 * A VM size from {@code az vm list-skus --all -o json}: its quota {@code family} (the key
 * {@code az vm list-usage} reports it under) and its vCPUs, which is what quota counts.
 */
public record VmSku(String name, String family, Integer vCpus, List<String> locations, Provenance provenance) {
  public VmSku {
    locations = List.copyOf(locations);
  }

  public boolean named(String size) {
    return size != null && name != null && name.equalsIgnoreCase(size.trim());
  }

  public String quote() {
    return name + ": family " + family + ", vCPUs " + vCpus + ", locations " + locations;
  }
}
