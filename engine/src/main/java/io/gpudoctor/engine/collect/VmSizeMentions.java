package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.ClaimConditionMessage;
import io.gpudoctor.facts.MentionedGpus;
import io.gpudoctor.facts.MentionedVmSize;
import io.gpudoctor.facts.Provenance;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The VM sizes a text names: Azure's {@code Standard_D4pds_v5} anywhere, and the portal's display
 * form after a size label ({@code VMsize: Standard DS2 v2}, {@code VM size: Standard NC6s v3}); EC2's
 * instance types ({@code p3.2xlarge}, {@code g5.12xlarge}, {@code c6i.metal}) beside EC2's errors.
 * Storage and network SKUs ({@code Standard_LRS}, {@code Standard_v2}) have no vCPU count and are not sizes.
 */
final class VmSizeMentions {
  private static final Pattern SIZE = Pattern.compile("(?i)(?<![\\w-])Standard_[a-z]+\\d+[a-z]*(?:_[a-z0-9]+)*(?![\\w-])");
  private static final Pattern LABELLED_DISPLAY = Pattern.compile(
      "(?i:(?<![A-Za-z0-9_])VM ?size)\\s*[:=]?\\s*[`*\"']*(Standard [A-Z][A-Za-z]*\\d+[A-Za-z]*(?: (?:[A-Z][A-Za-z]*\\d+[A-Za-z0-9]*|v\\d+))*)");
  /** An EC2 type: family with its generation, a dot, the size (InstanceTypes tells its GPUs). */
  private static final Pattern EC2_TYPE = Pattern.compile(
      "(?<![\\w.-])[a-z]+\\d[a-z0-9-]*\\.(?:nano|micro|small|medium|large|\\d*xlarge|metal(?:-\\d+xl)?)(?![\\w-])");
  private static final int LONGEST_QUOTE = 240;

  private VmSizeMentions() {}

  /** The one size the text names (in any spelling), or null when it names none or several. */
  static MentionedVmSize only(String path, List<String> lines) {
    Map<String, MentionedVmSize> sizes = new TreeMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher t = EC2_TYPE.matcher(line);
      while (t.find()) add(sizes, t.group(), path, line, i);
      if (!line.contains("tandard")) continue;
      Matcher m = SIZE.matcher(line);
      while (m.find()) add(sizes, m.group(), path, line, i);
      Matcher d = LABELLED_DISPLAY.matcher(line);
      while (d.find()) add(sizes, d.group(1).replace(' ', '_'), path, line, i);
    }
    return sizes.size() == 1 ? sizes.values().iterator().next() : null;
  }

  /** The first line of the text that names NVIDIA GPUs (the body before its titles), or null when none does. */
  static MentionedGpus gpus(String path, List<String> lines) {
    for (boolean titles : new boolean[] {false, true}) {
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (MarkdownText.isHeading(line) != titles || !ClaimConditionMessage.namesGpus(line)) continue;
        String quote = line.strip().length() <= LONGEST_QUOTE ? line.strip() : line.strip().substring(0, LONGEST_QUOTE);
        return new MentionedGpus(path, quote, Provenance.of(path, "line " + (i + 1)));
      }
    }
    return null;
  }

  private static void add(Map<String, MentionedVmSize> sizes, String size, String path, String line, int index) {
    String quote = line.strip().length() <= LONGEST_QUOTE ? line.strip() : size;
    sizes.putIfAbsent(size.toLowerCase(Locale.ROOT),
        new MentionedVmSize(path, size, quote, Provenance.of(path, "line " + (index + 1))));
  }
}
