package io.gpudoctor.facts;

/** The GPU install profile of a pool (DESIGN 4): who owns driver, device plugin and exporter. */
public enum InstallProfile {
  /** AKS owns the driver, device plugin, DCGM exporter (port 19400) and GPU health conditions. */
  MANAGED_INSTALL("aks"),
  /** AKS installs the driver only; the customer runs the device plugin. */
  DRIVER_ONLY("gpu-stack-owner"),
  /** Nothing from AKS; the customer owns driver, device plugin and exporter. */
  BYO("gpu-stack-owner"),
  /** Missing or contradicted: preserve the evidence, prescribe no stack repair. */
  UNKNOWN("unknown");

  private final String stackOwner;

  InstallProfile(String stackOwner) {
    this.stackOwner = stackOwner;
  }

  /** Who owns the GPU software stack (driver, device plugin) under this profile. */
  public String stackOwner() {
    return stackOwner;
  }
}
