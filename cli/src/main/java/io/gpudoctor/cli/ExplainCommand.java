package io.gpudoctor.cli;

import io.gpudoctor.engine.reason.CatalogueEntry;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.engine.reason.RuleInfo;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    versionProvider = VersionInfo.class,
    description = "What a finding means: its catalogue entry, the rules that conclude it, and its reference section.")
final class ExplainCommand implements Callable<Integer> {
  static final String FINDINGS_DOC = "references/findings.md";

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FINDING_ID", description = "A finding id, e.g. GpuCapacityExhausted.")
  String id;

  @Option(names = "--rules", paramLabel = "DIR", description = "A folder of *.drl rules (default: the shipped rules).")
  Path rules;

  @Override
  public Integer call() throws Exception {
    RuleBase ruleBase = Rules.compileForOneRun(rules);
    CatalogueEntry entry = ruleBase.catalogue().get(id);
    if (entry == null) {
      entry = ruleBase.catalogue().entries().stream().filter(e -> e.id().equalsIgnoreCase(id)).findFirst().orElse(null);
    }
    if (entry == null) {
      String lower = id.toLowerCase(Locale.ROOT);
      List<String> close = ruleBase.catalogue().entries().stream().map(CatalogueEntry::id)
          .filter(c -> c.toLowerCase(Locale.ROOT).contains(lower) || lower.contains(c.toLowerCase(Locale.ROOT)))
          .toList();
      throw new CliException(ExitCodes.USAGE, "unknown finding id '" + id + "'"
          + (close.isEmpty() ? "; the ids are in catalogue.yaml (gpu-doctor rules list shows the rules)" : "; did you mean " + String.join(", ", close) + "?"));
    }
    final String findingId = entry.id();
    StringBuilder out = new StringBuilder();
    out.append(entry.id()).append(entry.isNote() ? " (note)" : "").append('\n');
    out.append("  title:     ").append(entry.title()).append('\n');
    out.append("  route:     ").append(entry.route()).append('\n');
    out.append("  kind:      ").append(entry.kind()).append('\n');
    out.append("  owner:     ").append(entry.owner() == null ? "- (set by the rule, e.g. by install profile)" : entry.owner()).append('\n');
    out.append("  severity:  ").append(entry.severity() == null ? "warning (default)" : entry.severity()).append('\n');
    out.append("  reference: ").append(entry.reference()).append('\n');
    List<RuleInfo> concluding = ruleBase.rules().stream().filter(r -> findingId.equals(r.findingId())).toList();
    out.append('\n').append("Rules that conclude it (").append(concluding.size()).append("):\n");
    if (concluding.isEmpty()) out.append("  none yet\n");
    for (RuleInfo r : concluding) out.append("  ").append(r.name()).append("  ").append(r.file()).append(':').append(r.line()).append('\n');

    out.append('\n');
    Optional<Path> doc = Locations.find(FINDINGS_DOC);
    String anchor = anchorOf(entry.reference());
    if (doc.isPresent()) {
      String section = section(Files.readString(doc.get(), StandardCharsets.UTF_8), entry.id(), anchor);
      if (section != null) {
        out.append(section.stripTrailing()).append('\n');
      } else {
        out.append("No '## ").append(entry.id()).append("' section in ").append(doc.get()).append(".\n");
      }
    } else {
      out.append("The reference text is ").append(entry.reference())
          .append(" in the gpu-doctor repository (no ").append(FINDINGS_DOC)
          .append(" found from the working folder or the jar's location).\n");
    }
    PrintWriter pw = spec.commandLine().getOut();
    pw.print(out);
    pw.flush();
    return ExitCodes.OK;
  }

  private static String anchorOf(String reference) {
    if (reference == null) return null;
    int hash = reference.indexOf('#');
    return hash < 0 ? null : reference.substring(hash + 1);
  }

  /** The text of the {@code ## <id>} section (its heading included), up to the next heading of level 1 or 2. */
  static String section(String markdown, String id, String anchor) {
    List<String> lines = markdown.lines().toList();
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("## ")) continue;
      String heading = line.substring(3).strip();
      String first = heading.split("[\\s:(]", 2)[0].replace("`", "");
      if (first.equalsIgnoreCase(id) || (anchor != null && slug(heading).equals(anchor))) {
        start = i;
        break;
      }
    }
    if (start < 0) return null;
    int end = lines.size();
    for (int i = start + 1; i < lines.size(); i++) {
      if (lines.get(i).startsWith("## ") || lines.get(i).startsWith("# ")) {
        end = i;
        break;
      }
    }
    return lines.subList(start, end).stream().collect(Collectors.joining("\n"));
  }

  /** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
  static String slug(String heading) {
    return heading.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").strip().replace(' ', '-');
  }

}
