package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReadStatus;
import io.gpudoctor.facts.Topics;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@code kubectl logs} command pasted with what it printed under it. A log whose lines say nothing
 * gpu-doctor classifies was still read: the pod ran and logged that. What kubectl printed instead of
 * a log (the API server's or the kubelet's refusal: a container still waiting to start, no previous
 * container, a pod not found) is a log read that failed, quoted, never a clean log.
 */
final class PastedLogsOutput {
  /**
   * kubectl's own error lines ({@code Error from server (BadRequest): container "vllm" in pod "p" is
   * waiting to start: ContainerCreating}, {@code error: a container name must be specified ...}) and the
   * kubelet's when the log file is gone ({@code unable to retrieve container logs for containerd://...},
   * {@code failed to try resolving symlinks in path "/var/log/pods/..."}).
   */
  private static final Pattern REFUSAL = Pattern.compile(
      "^(?:Error from server(?: \\(\\w+\\))?: |error: )|unable to retrieve container logs for |failed to try resolving symlinks in path");

  /** One pasted command and what became of it: {@code failure} is kubectl's line, null when a log was printed. */
  record Section(String command, int line, String failure) {}

  private PastedLogsOutput() {}

  /** The {@code kubectl logs} commands of the text with output under them, except in the lines (1-based) of {@code skip}. */
  static List<Section> sections(String text, Set<Integer> skip) {
    List<Section> sections = new ArrayList<>();
    if (!text.contains("logs")) return sections;
    String command = null;
    int commandLine = 0;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      int number = i + 1;
      if (skip.contains(number) || MarkdownText.isHeading(line)) {
        command = null;
        continue;
      }
      // Only the line after a logs command is tried as a prompt: this runs over every pasted file.
      if (command == null || !line.isEmpty() && (CommandContext.isCommand(line) || CommandContext.SHELL_PROMPT.matcher(line).find())) {
        command = line.contains("logs") && LogsCommand.owner(line) != null ? CommandContext.kubectlCommand(line) : null;
        commandLine = number;
        continue;
      }
      if (line.isEmpty()) continue;
      sections.add(new Section(command, commandLine, REFUSAL.matcher(line).find() ? line : null));
      command = null;
    }
    return sections;
  }

  /**
   * Records a log read of the file for the pasted logs that were printed and a failed one for each
   * refusal; returns how many commands it found.
   */
  static int record(String path, String text, Set<Integer> skip, BundleBuilder out) {
    List<Section> sections = sections(text, skip);
    for (Section s : sections) {
      if (s.failure() == null) out.used(Topics.LOGS, path);
      else out.read(new Read(Topics.LOGS, path, ReadStatus.FAILED, "line " + s.line() + " " + s.command() + " printed no log: " + s.failure()));
    }
    return sections.size();
  }
}
