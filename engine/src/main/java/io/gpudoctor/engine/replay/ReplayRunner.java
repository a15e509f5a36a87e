package io.gpudoctor.engine.replay;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceException;
import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.engine.reason.RuleBase;
import io.gpudoctor.facts.FindingStatus;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Replays incident folders (DESIGN 7): every folder below the given ones that holds
 * {@code expected.yaml} is a labelled incident; one that holds {@code target.yaml} but no
 * {@code expected.yaml}, below no labelled folder, is unlabelled (diagnosed, not scored). Each
 * is diagnosed with the same rule base, in sorted order. Nothing is shared between runs but the
 * rule base, so a runner may be used from several threads on different folders.
 */
public final class ReplayRunner {
  public static final String TARGET_FILE = "target.yaml";

  private final Diagnoser diagnoser;
  private final BundleReader reader;

  public ReplayRunner(RuleBase ruleBase) {
    this(ruleBase, path -> new EvidenceFolderReader().read(path));
  }

  public ReplayRunner(RuleBase ruleBase, BundleReader reader) {
    this.diagnoser = new Diagnoser(ruleBase);
    this.reader = reader;
  }

  /** An incident folder found below a root, and how to show it. */
  public record Incident(String display, Path folder, boolean labelled) {}

  /** Finds, diagnoses and scores every incident below the roots, one at a time. */
  public ReplayReport run(List<Path> roots) {
    return run(roots, ReplayPlan.SEQUENTIAL);
  }

  /**
   * Finds the incidents below the roots, keeps this plan's shard of them and diagnoses them on
   * {@code plan.jobs()} threads sharing the one rule base (a KieBase is thread-safe for creating
   * sessions; each session stays on its thread). The results keep the sorted order whatever the
   * number of threads, so the report is the same bytes for any {@code jobs}.
   */
  public ReplayReport run(List<Path> roots, ReplayPlan plan) {
    List<Work> work = plan.shard().select(work(roots));
    List<ReplayResult> results = new ArrayList<>(work.size());
    if (plan.jobs() <= 1 || work.size() <= 1) {
      int done = 0;
      for (Work w : work) {
        results.add(w.run(this));
        plan.progress().done(++done, work.size());
      }
      return new ReplayReport(results, diagnoser.ruleBase().digest(), plan.shard());
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(plan.jobs(), work.size()), ReplayRunner::daemon);
    try {
      AtomicInteger done = new AtomicInteger();
      List<Future<ReplayResult>> futures = new ArrayList<>(work.size());
      for (Work w : work) {
        futures.add(pool.submit(() -> {
          ReplayResult r = w.run(this);
          plan.progress().done(done.incrementAndGet(), work.size());
          return r;
        }));
      }
      for (Future<ReplayResult> f : futures) results.add(f.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("replay interrupted", e);
    } catch (ExecutionException e) {
      // replay() never throws; an Error (out of memory) is passed on as it is.
      if (e.getCause() instanceof Error err) throw err;
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return new ReplayReport(results, diagnoser.ruleBase().digest(), plan.shard());
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "gpu-doctor-replay");
    t.setDaemon(true);
    return t;
  }

  /** One line of the report to produce: an incident to replay, or a root that could not be listed. */
  private sealed interface Work permits Replay, RootError {
    ReplayResult run(ReplayRunner runner);
  }

  private record Replay(Incident incident) implements Work {
    public ReplayResult run(ReplayRunner runner) {
      return runner.replay(incident);
    }
  }

  private record RootError(ReplayResult result) implements Work {
    public ReplayResult run(ReplayRunner runner) {
      return result;
    }
  }

  /** Everything to report for the roots, in report order (roots sorted, incidents sorted below each). */
  private static List<Work> work(List<Path> roots) {
    List<Work> work = new ArrayList<>();
    for (Path root : roots.stream().sorted().distinct().toList()) {
      List<Incident> incidents;
      try {
        incidents = find(root);
      } catch (IOException e) {
        work.add(new RootError(error(root.toString(), root, "cannot list the folder: " + e.getMessage())));
        continue;
      }
      if (incidents.isEmpty()) {
        work.add(new RootError(error(root.toString(), root,
            "no incident folder (one holding " + ExpectedLabels.FILE_NAME + " or " + TARGET_FILE + ") below it")));
      }
      for (Incident incident : incidents) work.add(new Replay(incident));
    }
    return work;
  }

  /** The incident folders below one root (the root itself included), sorted by path. */
  public static List<Incident> find(Path root) throws IOException {
    if (!Files.exists(root)) throw new IOException("not found");
    if (Files.isRegularFile(root)) return List.of(new Incident(root.toString(), root, false));
    List<Incident> found = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
        if (!dir.equals(root) && name.startsWith(".")) return FileVisitResult.SKIP_SUBTREE;
        if (Files.isRegularFile(dir.resolve(ExpectedLabels.FILE_NAME))) {
          found.add(new Incident(dir.toString(), dir, true));
          return FileVisitResult.SKIP_SUBTREE;
        }
        if (Files.isRegularFile(dir.resolve(TARGET_FILE))) {
          found.add(new Incident(dir.toString(), dir, false));
          return FileVisitResult.SKIP_SUBTREE;
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return FileVisitResult.CONTINUE;
      }
    });
    found.sort(Comparator.comparing(i -> i.folder().toString()));
    return found;
  }

  /** Diagnoses one incident and scores it when it is labelled. Never throws. */
  public ReplayResult replay(Incident incident) {
    ExpectedLabels labels = null;
    if (incident.labelled()) {
      try {
        labels = ExpectedLabels.read(incident.folder().resolve(ExpectedLabels.FILE_NAME));
      } catch (IOException | RuntimeException e) {
        return error(incident.display(), incident.folder(), "bad labels: " + message(e));
      }
    }
    Diagnosis diagnosis;
    try {
      EvidenceBundle bundle = reader.read(incident.folder());
      diagnosis = diagnoser.diagnose(bundle);
    } catch (EvidenceException e) {
      return error(incident.display(), incident.folder(), "evidence could not be read: " + message(e));
    } catch (RuntimeException e) {
      return error(incident.display(), incident.folder(), "diagnosis failed: " + message(e));
    }
    ReportedFinding top = diagnosis.top();
    String topId = top == null ? null : top.id();
    FindingStatus topStatus = top == null ? null : top.status();
    int count = diagnosis.findings().size();
    if (labels == null) {
      return new ReplayResult(incident.display(), incident.folder(), ReplayResult.Outcome.UNLABELLED,
          topId, topStatus, count, List.of(), null);
    }
    List<String> failures = labels.check(diagnosis);
    return new ReplayResult(incident.display(), incident.folder(),
        failures.isEmpty() ? ReplayResult.Outcome.PASS : ReplayResult.Outcome.FAIL,
        topId, topStatus, count, failures, null);
  }

  private static ReplayResult error(String display, Path folder, String text) {
    return new ReplayResult(display, folder, ReplayResult.Outcome.ERROR, null, null, 0, List.of(), text);
  }

  private static String message(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) m = e.getClass().getSimpleName();
    int nl = m.indexOf('\n');
    return nl < 0 ? m.strip() : m.substring(0, nl).strip();
  }
}
