package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.PodSharedMemory;
import io.gpudoctor.facts.Provenance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a {@code kubectl describe pod} shows mounted at {@code /dev/shm}: a container's {@code Mounts:} line
 * {@code /dev/shm from dshm (rw)} and the volume under {@code Volumes:} ({@code Type: EmptyDir (...)}, {@code
 * Medium: Memory}, {@code SizeLimit: 1Gi} or {@code <unset>}). Only what the text shows whole counts: nothing
 * mounted there needs every container's mounts, and a mounted volume needs its block; kubectl before 1.20 printed
 * no {@code SizeLimit}, so an emptyDir without that line is not known either.
 */
final class DescribedSharedMemory {
  // kubectl's describeContainerVolumes: "%s from %s (%s)", the flags rw|ro[,path="..."]
  private static final Pattern MOUNT = Pattern.compile("^(\\S+) from (\\S+) \\(r[wo](?:,.*)?\\)$");

  private final PodSharedMemory withoutPod;

  private DescribedSharedMemory(PodSharedMemory withoutPod) {
    this.withoutPod = withoutPod;
  }

  /** Null when the describe does not show it whole. */
  static DescribedSharedMemory read(DescribeText d, String path) {
    DescribeText.Field containers = d.field("Containers");
    if (containers == null) return null;
    boolean allShown = !d.containerOnly();
    List<String> all = new ArrayList<>();
    List<String> mounting = new ArrayList<>();
    String volume = null;
    TextLine mountLine = null;
    List<String> mountsShown = new ArrayList<>();
    TextLine firstMounts = null;
    for (DescribeText.Node c : containers.children()) {
      if (c.key() == null) continue;
      all.add(c.key());
      DescribeText.Node mounts = c.child("Mounts");
      if (mounts == null) {
        allShown = false;
        continue;
      }
      if (firstMounts == null) firstMounts = mounts.line();
      StringBuilder shown = new StringBuilder(c.key()).append(": ").append(mounts.line().trimmed());
      for (DescribeText.Node m : mounts.children()) {
        shown.append(' ').append(m.line().trimmed());
        Matcher mount = MOUNT.matcher(m.line().trimmed());
        if (!mount.matches() || !PodSharedMemory.PATH.equals(mount.group(1))) continue;
        if (volume == null) {
          volume = mount.group(2);
          mountLine = m.line();
        }
        if (volume.equals(mount.group(2))) mounting.add(c.key());
      }
      mountsShown.add(shown.toString());
    }
    if (all.isEmpty()) return null;
    if (volume == null) {
      if (!allShown) return null;
      Provenance at = Provenance.ofLines(path, firstMounts.number(), Map.of("/spec/containers", containers.line().number()));
      return new DescribedSharedMemory(new PodSharedMemory(null, all, null, null, null, null, at,
          String.join(" ... ", mountsShown)));
    }
    return mountedVolume(d.field("Volumes"), volume, mounting, mountLine, path);
  }

  private static DescribedSharedMemory mountedVolume(DescribeText.Field volumes, String volume, List<String> mounting,
      TextLine mountLine, String path) {
    if (volumes == null) return null;
    for (DescribeText.Node v : volumes.children()) {
      if (!volume.equals(v.key())) continue;
      String type = v.childValue("Type");
      if (type == null || type.isBlank()) return null;
      String kind = kind(type);
      StringBuilder shown = new StringBuilder(mountLine.trimmed()).append(" ... ").append(v.line().trimmed())
          .append(" Type: ").append(type);
      String medium = null;
      String sizeLimit = null;
      if (kind.equals("emptyDir")) {
        DescribeText.Node limit = v.child("SizeLimit");
        if (limit == null) return null;
        medium = blankToNull(v.childValue("Medium"));
        sizeLimit = "<unset>".equals(limit.value()) ? null : blankToNull(limit.value());
        shown.append(" Medium: ").append(medium == null ? "" : medium).append(" SizeLimit: ").append(limit.value());
      }
      Provenance at = Provenance.ofLines(path, v.line().number(), Map.of("/spec/volumes", v.line().number(),
          "/spec/containers/volumeMounts", mountLine.number()));
      return new DescribedSharedMemory(new PodSharedMemory(null, mounting, volume, kind, medium, sizeLimit, at,
          shown.toString().replaceAll("\\s+", " ").strip()));
    }
    return null;
  }

  /** The spec's key of the volume kind describe names first: {@code EmptyDir} emptyDir, {@code CSI} csi. */
  private static String kind(String type) {
    String word = type.strip().split("[\\s(]", 2)[0];
    if (word.isEmpty()) return "unknown";
    if (word.equals(word.toUpperCase(java.util.Locale.ROOT))) return word.toLowerCase(java.util.Locale.ROOT);
    return Character.toLowerCase(word.charAt(0)) + word.substring(1);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }

  PodSharedMemory of(String podKey) {
    return of(podKey, "");
  }

  /** For a pod of a workload, quoted after the workload's {@code Pod Template:} that shows it. */
  PodSharedMemory ofTemplate(String podKey, String kind, String workload) {
    return of(podKey, (kind == null ? "" : kind + " ") + workload + " Pod Template: ");
  }

  private PodSharedMemory of(String podKey, String shownAfter) {
    PodSharedMemory s = withoutPod;
    return new PodSharedMemory(podKey, s.containers(), s.volume(), s.kind(), s.medium(), s.sizeLimit(), s.provenance(),
        shownAfter + s.shown());
  }
}
