package io.gpudoctor.engine.collect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;

/**
 * Reads an evidence folder (or a {@code .tar.gz}/{@code .tgz}/{@code .zip} of one) into facts.
 * Files are recognised by content, never by name (except {@code target.yaml} and
 * {@code reads.json}); every file ends up either used (a {@code Read}) or unreadable with a reason,
 * and one bad file never stops the rest. The same input always gives an equal bundle.
 */
public final class EvidenceFolderReader {
  private final EvidenceLimits limits;
  private final FolderWalker walker;
  private final ArchiveExpander archives;
  private final List<TextFormat> textFormats = EvidenceFormats.text();
  private final List<EvidenceFormat> formats = EvidenceFormats.all();
  private final KubernetesObjectFormat kubernetesObjects = formats.stream()
      .filter(KubernetesObjectFormat.class::isInstance).map(KubernetesObjectFormat.class::cast)
      .findFirst().orElseThrow();

  public EvidenceFolderReader() {
    this(EvidenceLimits.DEFAULT);
  }

  EvidenceFolderReader(EvidenceLimits limits) {
    this.limits = limits;
    this.walker = new FolderWalker(limits);
    this.archives = new ArchiveExpander(limits);
  }

  /** @throws EvidenceException only when nothing can be read at all */
  public EvidenceBundle read(Path folderOrArchive) throws EvidenceException {
    return read(folderOrArchive, FetchedEvidence.none());
  }

  /** The folder plus answers fetched from an API (e.g. Prometheus), each read like a file of the folder. */
  public EvidenceBundle read(Path folderOrArchive, FetchedEvidence fetched) throws EvidenceException {
    FileListing listing = list(folderOrArchive);
    BundleBuilder out = new BundleBuilder();
    listing.unreadable().forEach(u -> out.unreadable(u.path(), u.reason()));
    Map<EvidenceFile, Future<BundleBuilder>> readAside = readBigFilesAside(listing.files());
    for (EvidenceFile file : listing.files()) {
      Future<BundleBuilder> aside = readAside.get(file);
      if (aside == null) readFile(file, out);
      else out.absorb(join(aside));
    }
    for (FetchedEvidence.Answer answer : fetched.answers()) readFile(new EvidenceFile(answer.source(), answer.body()), out);
    fetched.reads().forEach(out::read);
    out.placeLater();
    out.facts().addAll(PodsSeenInEvents.derive(out.facts()));
    out.facts().addAll(SchedulingReasons.derive(out.facts()));
    out.facts().addAll(ScalingEvidence.derive(out.facts(), out));
    TargetConsistency.check(out);
    return out.build(TargetBinder.bind(out));
  }

  /**
   * The big files (those that may be read item by item), each read into a builder of its own that
   * is absorbed in its turn: the same bundle as reading them one after the other. The biggest is
   * read on this thread first, the others on a second thread meanwhile. The events and pods of a
   * 1,000-node cluster are two such files, most of its reading time, and with C1 alone (the
   * launcher's) the second core sat idle.
   */
  private Map<EvidenceFile, Future<BundleBuilder>> readBigFilesAside(List<EvidenceFile> files) {
    List<EvidenceFile> big = files.stream()
        .filter(f -> f.size() >= limits.streamFromBytes() && !TargetFileFormat.isTargetFileName(f.fileName())).toList();
    if (big.size() < 2 || Runtime.getRuntime().availableProcessors() < 2) return Map.of();
    EvidenceFile biggest = big.stream().max(Comparator.comparingLong(EvidenceFile::size)).orElseThrow();
    ExecutorService aside = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "gpu-doctor-read");
      t.setDaemon(true);
      return t;
    });
    Map<EvidenceFile, Future<BundleBuilder>> read = new HashMap<>();
    EvidenceFolderReader reader = new EvidenceFolderReader(limits); // its own formats: none shared between threads
    for (EvidenceFile file : big) {
      if (file != biggest) read.put(file, aside.submit(() -> readOwn(reader, file)));
    }
    aside.shutdown();
    read.put(biggest, CompletableFuture.completedFuture(readOwn(this, biggest)));
    return read;
  }

  private static BundleBuilder readOwn(EvidenceFolderReader reader, EvidenceFile file) {
    BundleBuilder own = new BundleBuilder();
    reader.readFile(file, own);
    return own;
  }

  private static BundleBuilder join(Future<BundleBuilder> read) {
    try {
      return read.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the evidence", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) throw re;
      if (e.getCause() instanceof Error error) throw error;
      throw new IllegalStateException(e.getCause());
    }
  }

  private FileListing list(Path path) throws EvidenceException {
    if (path == null || !Files.exists(path)) throw new EvidenceException("evidence not found: " + path);
    FileListing listing = new FileListing();
    try {
      if (Files.isDirectory(path)) {
        walker.walk(path, listing);
      } else if (Files.isRegularFile(path) && ArchiveExpander.isArchiveName(path.getFileName().toString())) {
        long size = Files.size(path);
        if (size > limits.maxArchiveTotalBytes()) {
          throw new EvidenceException("cannot read the archive " + path + ": too large (" + size + " bytes)");
        }
        archives.expand(path.getFileName().toString(), Files.readAllBytes(path), listing);
      } else {
        throw new EvidenceException("not a folder or a .tar.gz, .tgz or .zip archive: " + path);
      }
    } catch (NotReadable e) {
      throw new EvidenceException("cannot read the archive " + path + ": " + e.reason());
    } catch (IOException | RuntimeException e) {
      throw new EvidenceException("cannot read the evidence at " + path + ": " + ShortMessages.of(e));
    }
    return listing;
  }

  private void readFile(EvidenceFile file, BundleBuilder out) {
    try {
      if (file.size() >= limits.streamFromBytes() && readStreamed(file, out)) return;
      if (file.size() > limits.maxFileBytes()) throw new NotReadable(limits.tooLarge(file.size()));
      String text = TextDecoder.decode(file.content());
      List<Document> documents = null;
      // A .log of JSON lines (a controller's log) is text; a .log holding one JSON document is that document.
      if (!DocumentParser.isJson(text) || KernelXidLines.looksLikeKernelLog(text)
          || ControllerLogLines.isJsonLinesLog(file.path(), text)) {
        // A kubectl/az YAML file quotes messages the pasted-text readers know: it is read as the objects it holds.
        documents = ContainerLogFormat.isLogPath(file.path()) ? null : documents(file, DocumentParser.objectsOfYamlFile(text));
        if (documents != null && documents.stream().noneMatch(this::recognised)) documents = null;
        if (documents == null && readText(file, text, out)) return;
      }
      if (documents == null) documents = documents(file, DocumentParser.parse(text));
      for (Document document : documents) readDocument(document, out);
    } catch (NotReadable e) {
      out.unreadable(file.path(), e.reason());
    } catch (IOException e) {
      out.unreadable(file.path(), "cannot read the file: " + ShortMessages.of(e));
    } catch (RuntimeException | StackOverflowError e) {
      // A reader bug must cost one file, not the diagnosis.
      out.unreadable(file.path(), "cannot read: " + ShortMessages.of(e));
    }
  }

  /** The documents of a file, {@code doc2}, {@code doc3} ... when there are several; null for null. */
  private static List<Document> documents(EvidenceFile file, List<JsonNode> trees) {
    if (trees == null) return null;
    List<Document> documents = new ArrayList<>();
    for (int i = 0; i < trees.size(); i++) {
      documents.add(new Document(file, trees.size() > 1 ? "doc" + (i + 1) : "", Redaction.scrub(trees.get(i))));
    }
    return documents;
  }

  /**
   * Text: the documents pasted in it first (a fenced {@code ```yaml} block, a bare run from
   * {@code apiVersion:}), then the rest, without them and without its Markdown, by the first text
   * format that recognises it. False when the text may still be a YAML file as a whole.
   */
  private boolean readText(EvidenceFile file, String text, BundleBuilder out) throws NotReadable {
    MarkdownText md = MarkdownText.of(text);
    List<EmbeddedDocuments.Run> runs = EmbeddedDocuments.find(md);
    Set<Integer> taken = new HashSet<>();
    for (EmbeddedDocuments.Run run : runs) {
      if (readRun(file, run, out)) {
        for (int line = run.firstLine(); line <= run.lastLine(); line++) taken.add(line);
      }
    }
    String rest = taken.isEmpty() ? md.text() : blank(md.text(), taken);
    for (TextFormat format : textFormats) {
      if (format.recognises(file, rest)) {
        format.read(file, rest, out);
        return true;
      }
    }
    if (!taken.isEmpty()) return true;
    if (md.isMarkdown() || !runs.isEmpty()) throw DocumentParser.nothingRead();
    return false;
  }

  /** One pasted document; true when a format read it (its lines are then no one else's). */
  private boolean readRun(EvidenceFile file, EmbeddedDocuments.Run run, BundleBuilder out) {
    String where = file.path() + "#line " + run.firstLine();
    List<Document> documents = new ArrayList<>();
    try {
      for (DocumentParser.Located doc : DocumentParser.parseLocated(run.text())) {
        documents.add(new Document(file, "line " + doc.line(), Redaction.scrub(doc.tree())));
      }
    } catch (NotReadable e) {
      notRead(where, run, e.reason(), out);
      return false;
    }
    if (documents.stream().noneMatch(this::recognised)) {
      notRead(where, run, DocumentParser.notRecognised().reason(), out);
      return false;
    }
    for (Document document : documents) readDocument(document, out);
    return true;
  }

  private static void notRead(String where, EmbeddedDocuments.Run run, String reason, BundleBuilder out) {
    // A JSON error body a paste broke (a message string wrapped onto the next line) still holds messages the
    // readers of pasted text take from its lines: those lines are read, not lost.
    if (run.claim() == EmbeddedDocuments.Claim.DOCUMENT && MessageLines.mentioned(run.text())) {
      out.warning(where + ": a pasted document that cannot be parsed (" + reason + "); its lines are read as pasted text");
      return;
    }
    switch (run.claim()) {
      case DOCUMENT -> out.unreadable(where, reason);
      case FRAGMENT -> out.warning(where + ": a fenced block that is not a whole Kubernetes, az or Prometheus document ("
          + reason + "); its lines are read as pasted text");
      case MAYBE -> { }
    }
  }

  /** The text with these lines (1-based) emptied, every other line where it was. */
  private static String blank(String text, Set<Integer> lines) {
    String[] all = text.split("\n", -1);
    for (int line : lines) all[line - 1] = "";
    return String.join("\n", all);
  }

  private boolean recognised(Document document) {
    for (EvidenceFormat format : formats) {
      if (format.recognises(document)) return true;
    }
    return false;
  }

  /** A big Kubernetes List, item by item; false when the file is something else. */
  private boolean readStreamed(EvidenceFile file, BundleBuilder out) throws IOException, NotReadable {
    if (StreamedKubeList.readInOnePass(file, (header, item, index) ->
        kubernetesObjects.readItem(new Document(file, "", header), Redaction.scrub(item), index, out))) {
      return true;
    }
    JsonNode header = StreamedKubeList.header(file);
    if (header == null) return false;
    Document list = new Document(file, "", header);
    StreamedKubeList.readItems(file, (item, index) -> kubernetesObjects.readItem(list, Redaction.scrub(item), index, out));
    return true;
  }

  private void readDocument(Document document, BundleBuilder out) {
    String where = document.locate(document.provenance());
    for (EvidenceFormat format : formats) {
      if (format.recognises(document)) {
        try {
          format.read(document, out);
        } catch (NotReadable e) {
          out.unreadable(where, e.reason());
        }
        return;
      }
    }
    out.unreadable(where, DocumentParser.notRecognised().reason());
  }
}
