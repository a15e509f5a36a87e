package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodSharedMemory;
import io.gpudoctor.facts.Provenance;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PodSharedMemoryTest {
  @TempDir Path folder;

  private static String pod(String volumes, String mounts) {
    return """
        {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": "vllm-tp2-0", "namespace": "ml"},
         "spec": {
           "containers": [
             {"name": "vllm", "image": "vllm/vllm-openai:v0.9.2", "volumeMounts": [%s]},
             {"name": "metrics", "image": "busybox", "volumeMounts": []}],
           "volumes": [%s]},
         "status": {"phase": "Running"}}
        """.formatted(mounts, volumes);
  }

  @Test
  void aPodThatMountsNothingAtDevShmHasTheRuntimesDefaultInEveryContainer() {
    write(folder, "pod.json", pod("{\"name\": \"cache\", \"emptyDir\": {}}", "{\"name\": \"cache\", \"mountPath\": \"/cache\"}"));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.podKey()).isEqualTo("ml/vllm-tp2-0");
    assertThat(shm.mounted()).isFalse();
    assertThat(shm.containers()).containsExactly("vllm", "metrics");
    assertThat(shm.evidence().quote()).isEqualTo("no volumeMount at /dev/shm in containers vllm, metrics");
    assertThat(shm.provenance()).isEqualTo(Provenance.of("pod.json", "/spec"));
  }

  @Test
  void aMemoryBackedEmptyDirAtDevShmIsReadWithItsSizeLimitAndItsPlaceInTheVolumes() {
    // A null item keeps its place in the list: the pointer names the volume's own index.
    write(folder, "pod.json", pod("{\"name\": \"cache\", \"emptyDir\": {}}, null, "
        + "{\"name\": \"dshm\", \"emptyDir\": {\"medium\": \"Memory\", \"sizeLimit\": \"64Mi\"}}",
        "{\"name\": \"dshm\", \"mountPath\": \"/dev/shm\"}"));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.mounted()).isTrue();
    assertThat(shm.memoryBacked()).isTrue();
    assertThat(shm.volume()).isEqualTo("dshm");
    assertThat(shm.sizeLimit()).isEqualTo("64Mi");
    assertThat(shm.containers()).containsExactly("vllm");
    assertThat(shm.provenance()).isEqualTo(Provenance.of("pod.json", "/spec/volumes/2"));
    assertThat(shm.describe()).endsWith("limited to 64Mi");
  }

  @Test
  void anEmptyDirOnTheNodesDiskOrAnotherKindOfVolumeIsNoMemoryBackedDevShm() {
    write(folder, "pod.json", pod("{\"name\": \"dshm\", \"emptyDir\": {}}", "{\"name\": \"dshm\", \"mountPath\": \"/dev/shm\"}"));
    PodSharedMemory disk = only(read(folder), PodSharedMemory.class);
    assertThat(disk.mounted()).isTrue();
    assertThat(disk.memoryBacked()).isFalse();
    assertThat(disk.describe()).contains("on the node's disk");

    write(folder, "pod.json", pod("{\"name\": \"dshm\", \"hostPath\": {\"path\": \"/dev/shm\"}}",
        "{\"name\": \"dshm\", \"mountPath\": \"/dev/shm\"}"));
    PodSharedMemory host = only(read(folder), PodSharedMemory.class);
    assertThat(host.kind()).isEqualTo("hostPath");
    assertThat(host.memoryBacked()).isFalse();
  }

  @Test
  void thePodReadAloneAndInAListSaysWhatItMountsOnce() {
    String pod = pod("{\"name\": \"dshm\", \"emptyDir\": {\"medium\": \"Memory\"}}", "{\"name\": \"dshm\", \"mountPath\": \"/dev/shm\"}");
    write(folder, "pod.json", pod);
    write(folder, "pods.json", "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [" + pod + "]}");

    assertThat(facts(read(folder), PodSharedMemory.class)).hasSize(1);
  }

  @Test
  void aPodReadWithoutItsSpecSaysNothingOfItsSharedMemory() {
    write(folder, "pod.json", """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "vllm-tp2-0", "namespace": "ml"}, "status": {"phase": "Running"}}
        """);

    List<PodSharedMemory> shm = facts(read(folder), PodSharedMemory.class);

    assertThat(shm).isEmpty();
  }
}
