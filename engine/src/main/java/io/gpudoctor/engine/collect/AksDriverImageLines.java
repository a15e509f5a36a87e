package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.AksDriverImage;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AKS's NVIDIA driver installer image where a text names it: the node provisioning log
 * ({@code /var/log/azure/aks/cluster-provision.log}) and what people quote from it, {@code ctr images ls} on the node.
 * AgentBaker's {@code components.json} lists them as {@code mcr.microsoft.com/aks/aks-gpu-cuda:*},
 * {@code aks-gpu-cuda-lts}, {@code aks-gpu-grid} and {@code aks-gpu-grid-v20}, tagged {@code <driver version>-<build
 * timestamp>} ({@code 570.211.01-20260522192315}); a network-isolated cluster pulls the same path from its own
 * registry. The node is known as for the kernel lines ({@link KernelLineOrigin}).
 */
final class AksDriverImageLines {
  private static final Pattern IMAGE = Pattern.compile(
      "((?:[A-Za-z0-9.-]+(?::\\d+)?/)?aks/aks-gpu-(cuda|grid)(?:-[a-z0-9]+)*):(\\d+\\.\\d+(?:\\.\\d+)?)-\\d{8,14}\\b");

  private AksDriverImageLines() {}

  /** Whether the text names one: a cheap test every text passes first. */
  static boolean mentions(String text) {
    return text.contains("aks/aks-gpu-") && IMAGE.matcher(text).find();
  }

  /**
   * Adds an {@link AksDriverImage} per image and node the text names, outside the lines in {@code skip}, once the
   * bundle is read; returns how many lines named one.
   */
  static int read(String path, String text, Set<Integer> skip, BundleBuilder out) {
    if (!text.contains("aks/aks-gpu-")) return 0;
    String[] lines = text.split("\\R", -1);
    List<Object[]> found = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      if (skip.contains(i + 1) || !lines[i].contains("aks/aks-gpu-")) continue;
      Matcher m = IMAGE.matcher(lines[i]);
      if (m.find()) found.add(new Object[] {i + 1, m.group(), m.group(2).equals("grid"), m.group(3), lines[i].strip()});
    }
    if (found.isEmpty()) return 0;
    out.used(Topics.LOGS, path);
    KernelLineOrigin origin = KernelLineOrigin.of(path, text, lines);
    out.later(2, placement -> {
      Set<String> seen = new LinkedHashSet<>();
      for (Object[] f : found) {
        int lineNo = (Integer) f[0];
        KernelLineOrigin.Node node = origin.node(lineNo, null, placement);
        // One fact per image and node: a provisioning log names its image on several lines.
        if (!seen.add(f[1] + "\u0000" + node.name())) continue;
        placement.out().fact(new AksDriverImage((String) f[1], (Boolean) f[2], (String) f[3], node.name(), node.from(),
            (String) f[4], Provenance.of(path, "line " + lineNo)));
      }
    });
    return found.size();
  }
}
