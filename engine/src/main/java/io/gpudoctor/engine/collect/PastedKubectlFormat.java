package io.gpudoctor.engine.collect;

import java.util.List;
import java.util.Set;

/**
 * Evidence as people paste it into a ticket or a chat: {@code kubectl describe} output, {@code kubectl
 * get} and {@code az -o table} tables, bare event lines, several of them in one file. Recognised by
 * content (the headers), never by file name. Facts wait until every file is read
 * ({@link BundleBuilder#later}): relative ages need the capture time, and JSON of the same object wins.
 */
final class PastedKubectlFormat implements TextFormat {
  /**
   * The sections of the text last recognised: {@link #read} is called with the same text right
   * after {@link #recognises}, and splitting is the costly part. One immutable pair, so a reader
   * shared between threads at worst splits again.
   */
  private volatile Split last;

  private record Split(String text, List<PastedSection> sections) {}

  @Override
  public boolean recognises(EvidenceFile file, String text) {
    return !sections(text).isEmpty() || DescribeHpaText.mentions(text);
  }

  private List<PastedSection> sections(String text) {
    Split split = last;
    if (split != null && split.text() == text) return split.sections();
    List<PastedSection> sections = PastedSections.split(text);
    last = new Split(text, sections);
    return sections;
  }

  @Override
  public void read(EvidenceFile file, String text, BundleBuilder out) throws NotReadable {
    List<PastedSection> sections = sections(text);
    String path = file.path();
    int used = 0;
    // Each describe is parsed once: who the log lines belong to and whether one workload is described ask it too.
    java.util.Map<PastedSection, DescribeText> described = new java.util.IdentityHashMap<>();
    for (PastedSection s : sections) if (s.kind() == PastedSection.Kind.DESCRIBE) described.put(s, new DescribeText(s.lines()));
    boolean oneWorkloadNoPod = describesOneWorkloadAndNoPod(described.values());
    for (PastedSection section : sections) {
      switch (section.kind()) {
        case DESCRIBE -> used += describe(described.get(section), section, path, oneWorkloadNoPod, out) ? 1 : 0;
        case KUBECTL_TABLE -> {
          KubectlTableText.read(section, path, out);
          used++;
        }
        case AZ_TABLE -> {
          AzTableText.read(section, path, out);
          used++;
        }
        case EVENTS_BLOCK -> {
          List<EventText.Row> rows = EventText.describeTable(section.lines().subList(1, section.lines().size()),
              section.context().namespace(), section.context().pod() == null ? null : "Pod", section.context().pod());
          out.used(io.gpudoctor.facts.Topics.EVENTS, path);
          out.later(1, at -> EventText.place(rows, path, at));
          used++;
        }
        case EVENT_LINES -> {
          List<EventText.Row> rows = EventText.bareLines(section.lines(), section.context().namespace(),
              section.context().pod());
          out.used(io.gpudoctor.facts.Topics.EVENTS, path);
          out.later(1, at -> EventText.place(rows, path, at));
          used++;
        }
      }
    }
    // Log lines and bare messages pasted beside the kubectl output (an issue thread, a ticket) are
    // evidence too; when the file describes exactly one pod, its log lines are taken to be that pod's.
    Set<Integer> sectionLines = sectionLines(sections);
    int logLines = ContainerLogFormat.classifyLines(path, text, sectionLines, pastedLogOwner(described.values()), out);
    if (logLines > 0) out.used(io.gpudoctor.facts.Topics.LOGS, path);
    int lines = logLines + MessageLines.read(path, text, sectionLines, out)
        + PastedLogsOutput.record(path, text, sectionLines, out);
    used += DescribeHpaText.readConditionTables(path, text, sectionLines, out);
    if (used == 0 && lines == 0) {
      throw new NotReadable("pasted kubectl output of a kind that is not read (" + kinds(sections) + ")");
    }
  }

  private static Set<Integer> sectionLines(List<PastedSection> sections) {
    Set<Integer> lines = new java.util.HashSet<>();
    for (PastedSection s : sections) for (TextLine l : s.lines()) lines.add(l.number());
    return lines;
  }

  private static ContainerLogFormat.LogOwner pastedLogOwner(java.util.Collection<DescribeText> described) {
    List<String[]> pods = new java.util.ArrayList<>();
    for (DescribeText d : described) {
      if (DescribePodText.isPod(d)) pods.add(new String[] {d.value("Namespace"), d.value("Name")});
    }
    return pods.size() == 1 ? new ContainerLogFormat.LogOwner(pods.get(0)[0], pods.get(0)[1], null, false)
        : ContainerLogFormat.LogOwner.UNKNOWN;
  }

  /** Whether the pasted describes are of one workload (a pod template) and of no pod. */
  private static boolean describesOneWorkloadAndNoPod(java.util.Collection<DescribeText> described) {
    int workloads = 0;
    for (DescribeText d : described) {
      if (DescribePodText.isPod(d)) return false;
      if (DescribeWorkloadText.isWorkload(d)) workloads++;
    }
    return workloads == 1;
  }

  private static boolean describe(DescribeText d, PastedSection section, String path, boolean oneWorkloadNoPod,
      BundleBuilder out) {
    if (DescribeCustomText.isCustom(d)) DescribeCustomText.read(d, section, path, out);
    else if (DescribePodText.isPod(d)) DescribePodText.read(d, section, path, out);
    else if (DescribeNodeText.isNode(d)) DescribeNodeText.read(d, section, path, out);
    else if (DescribeHpaText.isHpa(d)) DescribeHpaText.read(d, section, path, out);
    else if (DescribeWorkloadText.isWorkload(d)) DescribeWorkloadText.read(d, section, path, oneWorkloadNoPod, out);
    else if (d.field("Events") != null && d.value("Name") != null) {
      // A trimmed describe (Name, Namespace, Events) says not what kind it describes: its events are
      // kept about that object, its kind unknown.
      List<EventText.Row> rows = EventText.describeTable(d.field("Events").body(), d.value("Namespace"), null,
          d.value("Name"));
      out.used(io.gpudoctor.facts.Topics.EVENTS, path);
      out.later(0, at -> EventText.place(rows, path, at));
    } else {
      out.warning(path + " " + section.first().pointer() + ": a kubectl describe of a kind that is not read; skipped");
      return false;
    }
    return true;
  }

  private static String kinds(List<PastedSection> sections) {
    return String.join(", ", sections.stream().map(s -> "describe at " + s.first().pointer()).toList());
  }
}
