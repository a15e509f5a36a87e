package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.fixture;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveEvidenceTest {
  @TempDir Path folder;

  private static byte[] fixtureBytes(String name) throws IOException {
    return Files.readAllBytes(fixture(name));
  }

  private static byte[] tarGz(Map<String, byte[]> entries) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GzipCompressorOutputStream gz = new GzipCompressorOutputStream(bytes);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(gz)) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        TarArchiveEntry entry = new TarArchiveEntry(e.getKey(), true);
        entry.setSize(e.getValue().length);
        tar.putArchiveEntry(entry);
        tar.write(e.getValue());
        tar.closeArchiveEntry();
      }
    }
    return bytes.toByteArray();
  }

  private static byte[] zip(Map<String, byte[]> entries) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey()));
        zip.write(e.getValue());
        zip.closeEntry();
      }
    }
    return bytes.toByteArray();
  }

  private static Map<String, byte[]> bundleEntries() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("incident/target.yaml", fixtureBytes("gpu-taint/target.yaml"));
    entries.put("incident/pods.json", fixtureBytes("gpu-taint/pods.json"));
    entries.put("incident/k8s/nodes.yaml", fixtureBytes("gpu-taint/nodes.yaml"));
    entries.put("incident/expected.yaml", fixtureBytes("gpu-taint/expected.yaml"));
    entries.put("incident/broken.json", "{\"kind\":".getBytes(StandardCharsets.UTF_8));
    return entries;
  }

  @Test
  void tarGzGivenDirectlyIsReadWithArchivePaths() throws IOException {
    Path archive = write(folder, "incident.tar.gz", tarGz(bundleEntries()));

    EvidenceBundle bundle = read(archive);
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(facts(bundle, NodeFacts.class).get(0).provenance())
        .isEqualTo(Provenance.of("incident.tar.gz!/incident/k8s/nodes.yaml", "/items/0"));
    assertThat(bundle.reads()).contains(
        Read.supplied("pods", "incident.tar.gz!/incident/pods.json"),
        Read.supplied("nodes", "incident.tar.gz!/incident/k8s/nodes.yaml"),
        Read.supplied("target", "incident.tar.gz!/incident/target.yaml"));
    assertThat(bundle.target().resourceName()).isEqualTo("llm-0");
    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("incident.tar.gz!/incident/broken.json");
      assertThat(u.reason()).endsWith("unexpected end of input");
    });
  }

  @Test
  void zipGivenDirectlyGivesTheSameFactsAsTheTarGz() throws IOException {
    Path tgz = write(folder, "incident.tgz", tarGz(bundleEntries()));
    Path zip = write(folder, "incident.zip", zip(bundleEntries()));

    assertThat(read(zip).facts()).hasSameSizeAs(read(tgz).facts());
    assertThat(facts(read(zip), PodFacts.class).get(0).provenance())
        .isEqualTo(Provenance.of("incident.zip!/incident/pods.json", "/items/0"));
  }

  @Test
  void archiveInsideTheFolderIsExpandedNextToThePlainFiles() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("nodes.yaml", fixtureBytes("gpu-taint/nodes.yaml"));
    write(folder, "captures/nodes.zip", zip(entries));
    write(folder, "pods.json", fixtureBytes("gpu-taint/pods.json"));

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.reads()).containsExactly(
        Read.supplied("nodes", "captures/nodes.zip!/nodes.yaml"), Read.supplied("pods", "pods.json"));
  }

  @Test
  void zipSlipEntryIsRefusedAndTheOtherEntriesAreRead() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("../../etc/cron.d/evil", "* * * * * root sh".getBytes(StandardCharsets.UTF_8));
    entries.put("/abs/path.json", "{}".getBytes(StandardCharsets.UTF_8));
    entries.put("pods.json", fixtureBytes("gpu-taint/pods.json"));
    Path archive = write(folder, "slip.zip", zip(entries));

    EvidenceBundle bundle = read(archive);
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(bundle.unreadable()).containsExactlyInAnyOrder(
        new UnreadableFile("slip.zip!/../../etc/cron.d/evil", "entry escapes the archive (\"../\" or absolute path)"),
        new UnreadableFile("slip.zip!//abs/path.json", "entry escapes the archive (\"../\" or absolute path)"));
    assertThat(Files.exists(folder.resolve("../etc/cron.d/evil"))).isFalse();
  }

  @Test
  void corruptArchiveGivenDirectlyIsAnEvidenceException() throws IOException {
    byte[] archive = tarGz(bundleEntries());
    byte[] cut = java.util.Arrays.copyOf(archive, 40);
    Path path = write(folder, "cut.tar.gz", cut);
    Path garbage = write(folder, "garbage.zip", "not a zip at all".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> new EvidenceFolderReader().read(path))
        .isInstanceOf(EvidenceException.class).hasMessageStartingWith("cannot read the archive");
    assertThatThrownBy(() -> new EvidenceFolderReader().read(garbage))
        .isInstanceOf(EvidenceException.class).hasMessageStartingWith("cannot read the archive");
  }

  @Test
  void archiveWithoutFilesIsAnEvidenceExceptionWhenGivenDirectly() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("incident/expected.yaml", fixtureBytes("gpu-taint/expected.yaml"));
    entries.put("__MACOSX/incident/._pods.json", new byte[] {0, 5, 22, 7, 0, 2, 0, 0});
    Path archive = write(folder, "labels-only.zip", zip(entries));

    assertThatThrownBy(() -> new EvidenceFolderReader().read(archive))
        .isInstanceOf(EvidenceException.class)
        .hasMessage("cannot read the archive " + archive + ": the archive holds no evidence files");
  }

  @Test
  void corruptArchiveInsideTheFolderIsJustUnreadable() throws IOException {
    write(folder, "pods.json", fixtureBytes("gpu-taint/pods.json"));
    write(folder, "old.tgz", "this is not gzip".getBytes(StandardCharsets.UTF_8));

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("old.tgz");
      assertThat(u.reason()).startsWith("cannot read the archive: ");
    });
  }

  @Test
  void archiveBombIsStoppedAtTheTotalLimit() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("a-pods.json", fixtureBytes("gpu-taint/pods.json"));
    for (int e = 0; e < 9; e++) entries.put("zeros-" + e + ".log", new byte[60 * 1024]);
    Path inFolder = write(folder, "bundle/bomb.zip", zip(entries));

    EvidenceBundle bundle = readWithSmallLimits(inFolder.getParent());
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(bundle.unreadable()).anySatisfy(u -> {
      assertThat(u.path()).isEqualTo("bomb.zip");
      assertThat(u.reason()).isEqualTo(
          "archive expands beyond 262144 bytes; the rest is not read (the entries before it were read)");
    });
  }

  @Test
  void theRealLimitsAre64MiBPerFile512MiBPerArchiveAnd1GiBPerStreamedList() {
    assertThat(EvidenceLimits.DEFAULT).isEqualTo(
        new EvidenceLimits(67_108_864L, 536_870_912L, 8_388_608L, 1_073_741_824L));
  }

  @Test
  void archiveEntryOverTheFileLimitIsNotRead() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("big.log", new byte[70 * 1024]);
    entries.put("pods.json", fixtureBytes("gpu-taint/pods.json"));
    Path archive = write(folder, "big.zip", zip(entries));

    EvidenceBundle bundle = readWithSmallLimits(archive);
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("big.zip!/big.log", "too large (71680 bytes, limit 65536)"));
  }

  private static EvidenceBundle readWithSmallLimits(Path path) {
    try {
      return new EvidenceFolderReader(new EvidenceLimits(64 * 1024, 256 * 1024)).read(path);
    } catch (EvidenceException e) {
      throw new AssertionError(e.getMessage(), e);
    }
  }
}
