package io.gpudoctor.engine.collect;

import java.util.Set;

/**
 * The readers of single messages that people paste into any text, whatever else it holds: kernel
 * Xid and OOM lines, autoscaler and Karpenter lines, scheduler and kubelet event messages, Azure
 * errors, KAITO webhook denials, pod status messages and AKS's driver installer image. One list for a log and for pasted kubectl
 * output, so that a reader added here reads both.
 */
final class MessageLines {
  private MessageLines() {}

  /**
   * Whether the text holds a message one of these readers takes. Xid lines are not asked: a text of
   * them alone is a kernel log ({@link KernelLogFormat}), which reads them too.
   */
  static boolean mentioned(String text) {
    return PastedEventMessages.mentions(text)
        || KernelOomLines.mentions(text)
        || PastedAzureErrors.mentions(text)
        || KaitoWebhookLines.mentions(text)
        || PastedStatusMessages.mentions(text)
        || io.gpudoctor.facts.ReportedGpuCount.reportedIn(text)
        || ScalingLogLines.mentions(text)
        || AksDriverImageLines.mentions(text);
  }

  /**
   * Reads the messages of the text outside the lines in {@code skip} (already read as something
   * else) into facts; returns how many lines were read. The scaling lines go first: a message
   * they read is no event message too.
   */
  static int read(String path, String text, Set<Integer> skip, BundleBuilder out) {
    int lines = KernelXidLines.read(path, text, out);
    lines += KernelOomLines.read(path, text, out);
    Set<Integer> scalerLines = ScalingLogLines.linesRead(path, text, skip, out);
    lines += scalerLines.size();
    Set<Integer> notYetRead = ScalingLogLines.withRead(skip, scalerLines);
    lines += PastedEventMessages.read(path, text, notYetRead, out);
    lines += PastedAzureErrors.read(path, text, notYetRead, out);
    lines += KaitoWebhookLines.read(path, text, notYetRead, out);
    lines += PastedStatusMessages.read(path, text, notYetRead, out);
    lines += AksDriverImageLines.read(path, text, skip, out);
    return lines;
  }
}
