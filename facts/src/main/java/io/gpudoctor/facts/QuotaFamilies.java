package io.gpudoctor.facts;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Azure VM-family quota names in the forms the tools print them: the key {@code az vm list-usage}
 * and {@code az quota} take ({@code standardNCASv3_T4Family}; its case varies by region and API
 * version), ARM's display form in older messages ("exceeding approved Standard NCASv3_T4 Family
 * Cores quota"), the portal's {@code localName} ("Standard NCADSA100v4 Family vCPUs") and Azure
 * Machine Learning's "Standard NC family vCPU quota". All name one family.
 */
public final class QuotaFamilies {
  private static final Pattern SPACES = Pattern.compile("\\s+");
  private static final Pattern VCPUS_SUFFIX = Pattern.compile("(?i)\\s*(?:vCPUs?|Cores)\\s*$");
  // N-series with NVIDIA GPUs: NC, ND, NV. NVv4 (NVasv4) carries AMD GPUs.
  private static final Pattern NVIDIA = Pattern.compile("^standardn[cdv].*");
  private static final Pattern AMD_NV_V4 = Pattern.compile("^standardnvasv4family$");

  private QuotaFamilies() {}

  /** The family as the quota key writes it ({@code standardNCASv3_T4Family}); null stays null. */
  public static String key(String family) {
    if (family == null) return null;
    String s = SPACES.matcher(VCPUS_SUFFIX.matcher(family.strip()).replaceFirst("")).replaceAll("");
    if (s.isEmpty()) return null;
    if (s.toLowerCase(Locale.ROOT).endsWith("family")) s = s.substring(0, s.length() - "family".length()) + "Family";
    return Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  /** Two spellings of one family. */
  public static boolean same(String a, String b) {
    String ka = key(a);
    return ka != null && ka.equalsIgnoreCase(key(b));
  }

  /** A family of N-series sizes with NVIDIA GPUs (NC, ND, NV but not the AMD NVv4). */
  public static boolean nvidiaGpu(String family) {
    String k = key(family);
    if (k == null) return false;
    String lc = k.toLowerCase(Locale.ROOT);
    return NVIDIA.matcher(lc).matches() && !AMD_NV_V4.matcher(lc).matches();
  }
}
