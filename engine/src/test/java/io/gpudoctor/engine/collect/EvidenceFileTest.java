package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvidenceFileTest {
  @TempDir Path folder;

  @Test
  void fileOnDiskIsReadWhenAsked() throws IOException {
    Path pods = Files.writeString(folder.resolve("pods.json"), "{\"kind\": \"List\"}");
    EvidenceFile file = EvidenceFile.onDisk("pods.json", pods, Files.size(pods));

    Files.writeString(pods, "{\"kind\": \"PodList\"}"); // read later, as it is then
    assertThat(new String(file.content(), StandardCharsets.UTF_8)).isEqualTo("{\"kind\": \"PodList\"}");
    assertThat(file.head(6)).containsExactly('{', '"', 'k', 'i', 'n', 'd');
  }

  @Test
  void fileSwappedForALinkAfterListingIsNotFollowed(@TempDir Path elsewhere) throws IOException {
    Path secret = Files.writeString(elsewhere.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
    Path pods = Files.writeString(folder.resolve("pods.json"), "{}");
    EvidenceFile file = EvidenceFile.onDisk("pods.json", pods, 2);
    Files.delete(pods);
    try {
      Files.createSymbolicLink(pods, secret);
    } catch (UnsupportedOperationException | IOException e) {
      assumeTrue(false, "symbolic links are not supported here");
    }

    assertThatThrownBy(file::content).isInstanceOf(IOException.class);
    assertThatThrownBy(file::open).isInstanceOf(IOException.class);
  }
}
