package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.fixture;
import static io.gpudoctor.engine.collect.Bundles.read;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.SchedulingReason;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

class DeterminismTest {

  @Test
  void theSameFolderGivesEqualBundles() {
    EvidenceBundle first = read(fixture("gpu-taint"));
    EvidenceBundle second = read(fixture("gpu-taint"));

    assertThat(second).isEqualTo(first);
  }

  @Test
  void factsFollowTheFilePathThenThePositionInTheFileThenTheDerivedReasons() {
    EvidenceBundle bundle = read(fixture("gpu-taint"));

    List<Provenance> observed = bundle.facts().stream()
        .filter(f -> !derived(f))
        .map(DeterminismTest::provenanceOf).filter(Objects::nonNull).toList();
    assertThat(observed).extracting(Provenance::source).isSorted();
    assertThat(observed.stream().map(Provenance::source).distinct()).containsExactly(
        "aks-show.json", "cluster-autoscaler-status.yaml", "daemonsets.yaml", "events-v1.yaml",
        "events.json", "nodeclaims.yaml", "nodes.yaml", "pods.json", "statefulset.yaml", "workspace.yaml");
    assertThat(bundle.facts().get(bundle.facts().size() - 1)).matches(DeterminismTest::derived);
  }

  /** Facts derived from the facts read (scheduler reasons, autoscaler and Azure errors, templates' requests) follow them. */
  private static boolean derived(Object fact) {
    return fact instanceof SchedulingReason || fact instanceof io.gpudoctor.facts.AzureError
        || fact instanceof io.gpudoctor.facts.TemplateGpuRequest
        || fact instanceof io.gpudoctor.facts.ScaleUpSkipped || fact instanceof io.gpudoctor.facts.ScaleUpTriggered
        || fact instanceof io.gpudoctor.facts.ScaleUpFailed || fact instanceof io.gpudoctor.facts.AutoscalerGroupStatus;
  }

  @Test
  void wholeFixtureBundleIsAccountedFor() {
    EvidenceBundle bundle = read(fixture("gpu-taint"));

    assertThat(bundle.unreadable()).containsExactly(new UnreadableFile("secret.yaml", "Secret objects are not read"));
    assertThat(bundle.warnings()).containsExactly("target.yaml: unknown key 'ticket' ignored");
    assertThat(bundle.target().cluster()).isEqualTo("aks-gpu-prod");
    assertThat(bundle.target().pool()).isEqualTo("gpunp");
  }

  private static Provenance provenanceOf(Object fact) {
    try {
      return (Provenance) fact.getClass().getMethod("provenance").invoke(fact);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
