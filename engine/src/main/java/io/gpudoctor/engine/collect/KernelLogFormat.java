package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Topics;

/**
 * A node's kernel log as SREs paste it (dmesg, {@code journalctl -k}, syslog, {@code kubectl debug
 * node} output): recognised by its first line, or by an NVIDIA driver Xid line in text no other
 * format reads. Only the Xid
 * lines ({@link KernelXidLines}) and the OOM killer's ({@link KernelOomLines}) are facts; a kernel log without
 * one was still read. Container logs
 * ({@code logs/<ns>/<pod>/<container>.log}) stay with {@link ContainerLogFormat}, which reads their
 * Xid lines too.
 */
final class KernelLogFormat implements TextFormat {
  private static final java.util.regex.Pattern CONTAINER_LOG = java.util.regex.Pattern.compile("(?:^|[/!])logs/[^/]+/[^/]+/[^/]+\\.log$");

  @Override
  public boolean recognises(EvidenceFile file, String text) {
    if (CONTAINER_LOG.matcher(file.path()).find()) return false;
    if (KernelXidLines.looksLikeKernelLog(text)) return true;
    // Xid lines pasted among container-log lines (a ticket) leave the file to the container log,
    // which reads its Xid lines too; only otherwise is it a kernel log.
    return KernelXidLines.hasXid(text) && !new ContainerLogFormat().recognises(file, text);
  }

  @Override
  public void read(EvidenceFile file, String text, BundleBuilder out) {
    KernelXidLines.read(file.path(), text, out);
    KernelOomLines.read(file.path(), text, out);
    out.used(Topics.KERNEL_LOG, file.path());
  }
}
