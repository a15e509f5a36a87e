package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Collects what the formats read, in reading order, until the bundle is assembled. */
final class BundleBuilder {
  private final List<Object> facts = new ArrayList<>();
  private final Set<Object> identities = new java.util.HashSet<>();
  private final Set<Read> reads = new LinkedHashSet<>();
  private final List<UnreadableFile> unreadable = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();
  private final List<ClusterBinding> clusterBindings = new ArrayList<>();
  private final List<AzureIdentity> azureIdentities = new ArrayList<>();
  private Target declaredTarget;
  private boolean capturedAtDeclared;
  private Instant latestTimestamp;
  private final List<Later> later = new ArrayList<>();
  private final StringPool strings = new StringPool();

  /**
   * A step that turns pasted text into facts once every file is read. Text facts wait because
   * their relative ages ({@code 3m}, {@code 2d4h}) need the declared capture time, a bare event line
   * needs the target's pod, and the same object read as JSON must win over its text form.
   * Lower {@code rank} runs first ({@code kubectl describe} before tables, which carry less).
   */
  record Later(int rank, int order, java.util.function.Consumer<TextPlacement> step) {}

  /**
   * Adds a fact unless the same object was already read from an earlier file: people capture the
   * affected pod alone and again in a list, and counting it twice would double its GPU requests.
   */
  void fact(Object fact) {
    Object identity = FactIdentity.of(fact);
    if (identity == null || identities.add(identity)) facts.add(fact);
  }

  StringPool strings() {
    return strings;
  }

  /** The file was used as evidence on this topic. */
  void used(String topic, String path) {
    reads.add(Read.supplied(topic, path));
  }

  void read(Read read) {
    reads.add(read);
  }

  void unreadable(String path, String reason) {
    unreadable.add(new UnreadableFile(path, reason));
  }

  void warning(String warning) {
    if (!warnings.contains(warning)) warnings.add(warning);
  }

  /** A time seen in the evidence: the latest one stands in for an undeclared capture time. */
  void observed(Instant at) {
    if (at != null && (latestTimestamp == null || at.isAfter(latestTimestamp))) latestTimestamp = at;
  }

  void later(int rank, java.util.function.Consumer<TextPlacement> step) {
    later.add(new Later(rank, later.size(), step));
  }

  /** Runs the waiting text steps, by rank then in reading order. */
  void placeLater() {
    Target declared = declaredTarget;
    Instant capturedAt = declared == null || !capturedAtDeclared ? null : declared.capturedAt();
    TextPlacement placement = new TextPlacement(capturedAt, declared, this);
    List<Later> steps = new ArrayList<>(later);
    later.clear();
    steps.sort(Comparator.comparingInt(Later::rank).thenComparingInt(Later::order));
    for (Later step : steps) step.step().accept(placement);
  }

  /** Whether this object was already read (from JSON, or from richer text). */
  boolean hasFact(Object fact) {
    Object identity = FactIdentity.of(fact);
    return identity != null && identities.contains(identity);
  }

  /** The same event (object, reason, message) is already a fact: JSON and text of one event count once. */
  boolean hasEvent(io.gpudoctor.facts.KubeEvent event) {
    for (Object f : facts) {
      if (f instanceof io.gpudoctor.facts.KubeEvent e && java.util.Objects.equals(e.involvedName(), event.involvedName())
          && java.util.Objects.equals(e.namespace(), event.namespace()) && e.reason().equals(event.reason())
          && e.message().strip().equals(event.message().strip())) {
        return true;
      }
    }
    return false;
  }

  void clusterBinding(ClusterBinding binding) {
    clusterBindings.add(binding);
  }

  /** What an az output says about the cluster it describes; checked against the target (TargetConsistency). */
  void azureIdentity(AzureIdentity identity) {
    if (identity.namesAnything()) azureIdentities.add(identity);
  }

  List<AzureIdentity> azureIdentities() {
    return azureIdentities;
  }

  /** The files that were used as evidence on one of these topics. */
  Set<String> filesOn(Set<String> topics) {
    Set<String> files = new java.util.TreeSet<>();
    for (Read r : reads) {
      if (r.ran() && topics.contains(r.topic()) && r.command() != null) files.add(r.command());
    }
    return files;
  }

  /**
   * Keeps the facts of these files that {@code isFromThem} accepts out of the diagnosis, with the
   * bindings they gave, and turns their reads on {@code topics} into failed reads carrying
   * {@code why}: conclusions that need them stay unconfirmed and name the read as missing, never
   * "read and found nothing".
   */
  void setAside(Set<String> files, Set<String> topics, java.util.function.Predicate<Object> isFromThem, String why) {
    facts.removeIf(isFromThem);
    clusterBindings.removeIf(b -> files.contains(b.provenance().source()));
    List<Read> kept = new ArrayList<>();
    for (Read r : reads) {
      boolean aside = r.ran() && topics.contains(r.topic()) && files.contains(r.command());
      kept.add(aside ? new Read(r.topic(), r.command(), io.gpudoctor.facts.ReadStatus.FAILED, why) : r);
    }
    reads.clear();
    reads.addAll(kept);
  }

  /**
   * Adds what another builder read from one file, as if that file had been read into this one at
   * this point: its facts (an object already read counts once), reads, unreadable parts, warnings,
   * bindings, times and waiting text steps, each in its order.
   */
  void absorb(BundleBuilder file) {
    file.facts.forEach(this::fact);
    reads.addAll(file.reads);
    unreadable.addAll(file.unreadable);
    file.warnings.forEach(this::warning);
    clusterBindings.addAll(file.clusterBindings);
    azureIdentities.addAll(file.azureIdentities);
    observed(file.latestTimestamp);
    for (Later step : file.later) later(step.rank(), step.step());
    if (file.declaredTarget != null) declareTarget(file.declaredTarget, file.capturedAtDeclared);
  }

  /** Only the first target.yaml counts; the caller warns about the others. */
  boolean declareTarget(Target target, boolean capturedAtGiven) {
    if (declaredTarget != null) return false;
    declaredTarget = target;
    capturedAtDeclared = capturedAtGiven;
    return true;
  }

  List<Object> facts() {
    return facts;
  }

  List<ClusterBinding> clusterBindings() {
    return clusterBindings;
  }

  Target declaredTarget() {
    return declaredTarget;
  }

  boolean capturedAtDeclared() {
    return capturedAtDeclared;
  }

  Instant latestTimestamp() {
    return latestTimestamp;
  }

  boolean hasUnreadable(String path) {
    return unreadable.stream().anyMatch(u -> u.path().equals(path));
  }

  EvidenceBundle build(Target target) {
    List<UnreadableFile> byFile = new ArrayList<>(unreadable);
    // Stable: the parts of one file (pods.json#/items/3, #/items/10) keep their order in the file.
    byFile.sort(Comparator.comparing(u -> fileOf(u.path())));
    return new EvidenceBundle(target, facts, new ArrayList<>(reads), byFile, warnings);
  }

  private static String fileOf(String path) {
    int hash = path.indexOf('#');
    if (hash < 0) hash = path.lastIndexOf(":line "); // a malformed line of a text file: metrics.prom:line 12
    return hash < 0 ? path : path.substring(0, hash);
  }
}
