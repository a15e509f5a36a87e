package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.copy;
import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad file is reported with a reason, and the good files next to it still count. */
class BadEvidenceTest {
  @TempDir Path folder;

  /** The good evidence every test puts next to the bad file. */
  private Path withGoodPods() {
    return copy(folder, "gpu-taint/pods.json");
  }

  private static void assertGoodPodsStillRead(EvidenceBundle bundle) {
    assertThat(facts(bundle, PodFacts.class)).hasSize(2);
    assertThat(bundle.reads()).contains(Read.supplied("pods", "pods.json"));
  }

  @Test
  void malformedJsonIsUnreadableWithLineAndRestIsStillRead() {
    write(withGoodPods(), "nodes.json", """
        {
          "apiVersion": "v1",
          "kind": "List",
          "items": [
            {"kind": "Node" "apiVersion": "v1"}
          ]
        }
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("nodes.json",
        "cannot parse JSON at line 5, column 21: Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void truncatedJsonSaysUnexpectedEndOfInput() {
    write(withGoodPods(), "events.json", """
        {"apiVersion": "v1", "kind": "List", "items": [
          {"apiVersion": "v1", "kind": "Event", "reason": "FailedScheduling",
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("events.json");
      assertThat(u.reason()).matches("cannot parse JSON at line \\d+, column \\d+: unexpected end of input");
    });
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void malformedYamlIsUnreadableWithLine() {
    write(withGoodPods(), "nodes.yaml", """
        apiVersion: v1
        kind: Node
        metadata:
          name: aks-gpunp-36854149-vmss000000
            labels: {agentpool: gpunp}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("nodes.yaml");
      assertThat(u.reason()).startsWith("cannot parse YAML at line 5, column ");
    });
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void binaryFileIsUnreadable() {
    write(withGoodPods(), "core.dump", new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0});
    write(folder, "latin1.txt", "Gr\u00fc\u00dfe".getBytes(StandardCharsets.ISO_8859_1));

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("core.dump", "binary file"), new UnreadableFile("latin1.txt", "binary file"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void emptyAndWhitespaceOnlyFilesAreUnreadable() {
    write(withGoodPods(), "empty.json", "");
    write(folder, "blank.yaml", " \n\t\n");
    write(folder, "only-separators.yaml", "---\n---\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("blank.yaml", "empty file"),
        new UnreadableFile("empty.json", "empty file"),
        new UnreadableFile("only-separators.yaml", "empty file"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void wronglyTypedFieldInASingleObjectNamesThePointer() {
    write(withGoodPods(), "pod.json", """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "llm-1", "namespace": "inference"},
         "spec": {"containers": "vllm"}}
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("pod.json", "wrong type at /spec/containers: expected a list, found a string"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void wronglyTypedListItemIsReportedAloneAndTheOtherItemsAreRead() {
    write(folder, "nodes.yaml", """
        apiVersion: v1
        kind: List
        items:
        - apiVersion: v1
          kind: Node
          metadata: {name: aks-gpunp-36854149-vmss000000}
          status: {allocatable: {nvidia.com/gpu: "1"}}
        - apiVersion: v1
          kind: Node
          metadata: {name: aks-gpunp-36854149-vmss000001}
          status: {allocatable: [nvidia.com/gpu]}
        - apiVersion: v1
          kind: Node
          metadata: {name: aks-system-11223344-vmss000000}
        - just a string
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, NodeFacts.class)).extracting(NodeFacts::name)
        .containsExactly("aks-gpunp-36854149-vmss000000", "aks-system-11223344-vmss000000");
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("nodes.yaml#/items/1",
            "wrong type at /items/1/status/allocatable: expected a map, found a list"),
        new UnreadableFile("nodes.yaml#/items/3", "list item is not an object"));
    assertThat(bundle.reads()).containsExactly(Read.supplied("nodes", "nodes.yaml"));
  }

  @Test
  void deepNestingIsUnreadable() {
    write(withGoodPods(), "deep.json", "[".repeat(5000) + "]".repeat(5000));
    write(folder, "deep.yaml", "a: " + "[".repeat(5000) + "]".repeat(5000));

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("deep.json", "nesting too deep (limit 200 levels)"),
        new UnreadableFile("deep.yaml", "nesting too deep (limit 200 levels)"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void linkOutOfTheFolderIsUnreadableAndNeverFollowed(@TempDir Path elsewhere) throws IOException {
    Path secret = write(elsewhere, "kubeconfig", "apiVersion: v1\nkind: Config\n");
    withGoodPods();
    try {
      Files.createSymbolicLink(folder.resolve("kubeconfig.yaml"), secret);
      Files.createSymbolicLink(folder.resolve("outside"), elsewhere);
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "symbolic links are not supported here");
    }

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("kubeconfig.yaml", "link out of the folder"),
        new UnreadableFile("outside", "link out of the folder"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void linkInsideTheFolderIsRead() throws IOException {
    copy(folder, "gpu-taint/nodes.yaml");
    try {
      Files.createDirectories(folder.resolve("latest"));
      Files.createSymbolicLink(folder.resolve("latest/nodes.yaml"), folder.resolve("nodes.yaml"));
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "symbolic links are not supported here");
    }

    EvidenceBundle bundle = read(folder);
    // Both paths are used evidence, but the same nodes count once.
    assertThat(facts(bundle, NodeFacts.class)).hasSize(3);
    assertThat(bundle.reads()).containsExactly(
        Read.supplied("nodes", "latest/nodes.yaml"), Read.supplied("nodes", "nodes.yaml"));
  }

  @Test
  void fileOverTheSizeLimitIsNotRead() throws IOException {
    withGoodPods();
    try (RandomAccessFile huge = new RandomAccessFile(folder.resolve("huge.log").toFile(), "rw")) {
      huge.setLength(EvidenceLimits.DEFAULT.maxFileBytes() + 1);
    }

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("huge.log", "too large (67108865 bytes, limit 67108864)"));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void unknownShapesAndPlainTextAreNotRecognised() {
    write(withGoodPods(), "prices.json", "{\"Standard_NC24ads_A100_v4\": 3.673}");
    write(folder, "notes.txt", "The pod was pending since 09:58, see ticket.\nIt never got a GPU.\n");

    EvidenceBundle bundle = read(folder);
    String reason = "not recognised as Kubernetes, az or Prometheus output";
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("notes.txt", reason),
        new UnreadableFile("prices.json", reason));
    assertGoodPodsStillRead(bundle);
  }

  @Test
  void oneUnknownDocumentOfAMultiDocumentFileIsReportedByItsNumber() {
    write(folder, "objects.yaml", """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: a}
        ---
        hello: world
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.reads()).containsExactly(Read.supplied("configmaps", "objects.yaml"));
    assertThat(bundle.unreadable()).containsExactly(
        new UnreadableFile("objects.yaml#doc2", "not recognised as Kubernetes, az or Prometheus output"));
  }

  @Test
  void replayLabelsAndNotesAreSkippedSilently() {
    copy(folder, "gpu-taint/expected.yaml", "gpu-taint/README.md");
    write(folder, "sub/expected.yaml", "findings: []\n");
    write(folder, "sub/NOTES.md", "nothing here\n");
    write(folder, "other/notes.md", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n");
    write(folder, "other/Readme.md", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n");

    EvidenceBundle bundle = read(folder);
    assertThat(bundle.unreadable()).isEmpty();
    assertThat(bundle.reads()).isEmpty();
    assertThat(bundle.facts()).isEmpty();
  }

  @Test
  void powershellUtf16OutputIsRead() {
    String json = "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"name\":\"aks-gpunp-36854149-vmss000000\"}}";
    byte[] body = json.getBytes(StandardCharsets.UTF_16LE);
    byte[] withBom = new byte[body.length + 2];
    withBom[0] = (byte) 0xFF;
    withBom[1] = (byte) 0xFE;
    System.arraycopy(body, 0, withBom, 2, body.length);
    write(folder, "nodes.json", withBom);

    assertThat(facts(read(folder), NodeFacts.class)).hasSize(1);
  }

  @Test
  void missingPathIsAnEvidenceException() {
    assertThatThrownBy(() -> new EvidenceFolderReader().read(folder.resolve("nope")))
        .isInstanceOf(EvidenceException.class)
        .hasMessageContaining("evidence not found");
  }

  @Test
  void aPlainFileIsNotAnEvidenceFolder() {
    Path file = write(folder, "pods.json", "{}");

    assertThatThrownBy(() -> new EvidenceFolderReader().read(file))
        .isInstanceOf(EvidenceException.class)
        .hasMessageContaining("not a folder or a .tar.gz, .tgz or .zip archive");
  }
}
