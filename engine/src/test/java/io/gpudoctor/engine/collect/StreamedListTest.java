package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Big List files are read item by item (StreamedKubeList); what they say must not change. */
class StreamedListTest {
  private static final Path INCIDENTS = Path.of("..", "references", "incidents");
  private static final EvidenceLimits SMALL = new EvidenceLimits(4 * 1024, 1024 * 1024, 2 * 1024, 256 * 1024);

  @TempDir Path folder;

  @Test
  void everyExampleIncidentReadsTheSameWhenEveryListIsStreamedAndTheFilesAfterTheFirstReadAside() throws Exception {
    List<Path> incidents;
    try (Stream<Path> s = Files.list(INCIDENTS)) {
      incidents = s.filter(Files::isDirectory).sorted().toList();
    }
    assertThat(incidents).hasSizeGreaterThan(40);
    EvidenceFolderReader whole = new EvidenceFolderReader();
    EvidenceFolderReader streaming = new EvidenceFolderReader(EvidenceLimits.DEFAULT.withStreamFromBytes(0));
    for (Path incident : incidents) {
      assertThat(streaming.read(incident)).as(incident.toString()).isEqualTo(whole.read(incident));
    }
  }

  @Test
  void kubectlListBiggerThanTheFileLimitIsReadItemByItem() throws Exception {
    // kubectl's order: apiVersion, items, then kind: List.
    write(folder, "events.json", eventList(60, "\"apiVersion\": \"v1\", \"items\": [%s], \"kind\": \"List\", "
        + "\"metadata\": {\"resourceVersion\": \"\"}"));
    write(folder, "notes.json", "{\"text\": \"" + "x".repeat(5 * 1024) + "\"}");

    EvidenceBundle bundle = reader().read(folder);
    assertThat(facts(bundle, KubeEvent.class)).hasSize(60)
        .allSatisfy(e -> assertThat(e.message()).startsWith("0/3 nodes are available: 3 Insufficient nvidia.com/gpu."));
    assertThat(facts(bundle, KubeEvent.class).get(59).provenance().pointer()).isEqualTo("/items/59");
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("notes.json", "too large (5132 bytes, limit 4096)"));
    assertThat(bundle.reads()).contains(Read.supplied("events", "events.json"));
  }

  @Test
  void typedListWhoseKindComesLastIsStreamedWithItsKind() throws Exception {
    StringBuilder items = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      if (i > 0) items.append(',');
      items.append("{\"metadata\": {\"name\": \"aks-gpunp-36854149-vmss").append(String.format("%06d", i))
          .append("\", \"labels\": {\"kubernetes.azure.com/accelerator\": \"nvidia\"}}, \"status\": {\"allocatable\": "
              + "{\"nvidia.com/gpu\": \"1\"}}}");
    }
    write(folder, "nodes.json", "{\"apiVersion\": \"v1\", \"items\": [" + items + "], \"kind\": \"NodeList\"}");

    EvidenceBundle bundle = reader().read(folder);
    assertThat(facts(bundle, NodeFacts.class)).hasSize(40)
        .allSatisfy(n -> assertThat(n.allocatable()).containsEntry("nvidia.com/gpu", "1"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void yamlListIsStreamedAndABadItemIsReportedAlone() throws Exception {
    StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    for (int i = 0; i < 40; i++) {
      yaml.append("- apiVersion: v1\n  kind: Pod\n  metadata: {name: vllm-").append(i)
          .append(", namespace: ml-serving}\n  spec:\n    containers:\n    - name: vllm\n")
          .append("      resources: {limits: {nvidia.com/gpu: 1}}\n");
      if (i == 7) yaml.append("- apiVersion: v1\n  kind: Pod\n  metadata: {name: broken, namespace: ml-serving}\n")
          .append("  spec: {containers: vllm}\n");
    }
    write(folder, "pods.yaml", yaml.toString());

    EvidenceBundle bundle = reader().read(folder);
    assertThat(facts(bundle, PodFacts.class)).hasSize(40);
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("pods.yaml#/items/8",
        "wrong type at /items/8/spec/containers: expected a list, found a string"));
  }

  @Test
  void documentsAfterABigYamlListAreNamedAsNotRead() throws Exception {
    StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    for (int i = 0; i < 40; i++) {
      yaml.append("- apiVersion: v1\n  kind: Node\n  metadata: {name: aks-gpunp-36854149-vmss").append(String.format("%06d", i))
          .append("}\n  status: {allocatable: {nvidia.com/gpu: \"1\"}}\n");
    }
    yaml.append("---\napiVersion: v1\nkind: Pod\nmetadata: {name: vllm-0, namespace: ml-serving}\n");
    write(folder, "cluster.yaml", yaml.toString());

    EvidenceBundle bundle = reader().read(folder);
    assertThat(facts(bundle, NodeFacts.class)).hasSize(40);
    assertThat(facts(bundle, PodFacts.class)).isEmpty();
    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("cluster.yaml", "only the first document is "
        + "read: a file this big is read item by item; put the other documents in files of their own"));
  }

  @Test
  void truncatedBigListKeepsTheItemsBeforeTheCutAndNamesTheFile() throws Exception {
    String whole = eventList(60, "\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [%s]");
    write(folder, "events.json", whole.substring(0, whole.length() * 2 / 3));

    EvidenceBundle bundle = reader().read(folder);
    assertThat(bundle.unreadable()).singleElement().satisfies(u -> {
      assertThat(u.path()).isEqualTo("events.json");
      assertThat(u.reason()).startsWith("cannot parse JSON after the items read: ");
    });
    assertThat(facts(bundle, KubeEvent.class)).hasSizeBetween(30, 59);
  }

  @Test
  void bigListOverTheStreamedLimitIsTooLarge() throws Exception {
    write(folder, "events.json", eventList(2000, "\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [%s]"));

    EvidenceBundle bundle = reader().read(folder);
    assertThat(bundle.unreadable()).singleElement()
        .satisfies(u -> assertThat(u.reason()).matches("too large \\(\\d+ bytes, limit 262144\\)"));
  }

  private EvidenceFolderReader reader() {
    return new EvidenceFolderReader(SMALL);
  }

  private static String eventList(int count, String shape) {
    StringBuilder items = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i > 0) items.append(",\n");
      items.append("{\"apiVersion\": \"v1\", \"kind\": \"Event\", \"metadata\": {\"name\": \"vllm-").append(i)
          .append(".188a8f94d0a88f89\", \"namespace\": \"ml-serving\"}, \"involvedObject\": {\"kind\": \"Pod\", "
              + "\"name\": \"vllm-").append(i).append("\", \"namespace\": \"ml-serving\"}, \"reason\": \"FailedScheduling\", "
              + "\"message\": \"0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are "
              + "available: 3 No preemption victims found for incoming pod.\", \"type\": \"Warning\", \"count\": 3, "
              + "\"firstTimestamp\": \"2026-01-14T09:41:13Z\", \"lastTimestamp\": \"2026-01-14T10:04:40Z\", "
              + "\"source\": {\"component\": \"default-scheduler\"}}");
    }
    return "{" + String.format(shape, items) + "}";
  }
}
