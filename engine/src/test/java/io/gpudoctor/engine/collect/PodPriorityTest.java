package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodPriority;
import io.gpudoctor.facts.Provenance;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PodPriorityTest {
  @TempDir Path folder;

  @Test
  void aPodsUidPriorityAndClassAreReadFromItsObject() {
    write(folder, "pod.json", """
        {"apiVersion": "v1", "kind": "Pod",
         "metadata": {"name": "finetune-llama-0-x7q2m", "namespace": "training", "uid": "7c3e9b21-4d5f-4a6b-9c8d-2e1f0a9b8c7d"},
         "spec": {"priority": 1000000, "priorityClassName": "training-high",
                  "containers": [{"name": "trainer", "image": "nvcr.io/nvidia/pytorch:25.01-py3"}]},
         "status": {"phase": "Running"}}
        """);

    PodPriority p = only(read(folder), PodPriority.class);

    assertThat(p.podKey()).isEqualTo("training/finetune-llama-0-x7q2m");
    assertThat(p.uid()).isEqualTo("7c3e9b21-4d5f-4a6b-9c8d-2e1f0a9b8c7d");
    assertThat(p.priority()).isEqualTo(1000000);
    assertThat(p.describe()).isEqualTo("priority 1000000, class training-high");
    assertThat(p.provenance()).isEqualTo(Provenance.of("pod.json", "/spec"));
  }

  @Test
  void aPodWithoutAClassSaysSo() {
    write(folder, "pod.json", """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "vllm-0", "namespace": "ml", "uid": "a1b2c3d4-1111-4222-8333-000000000010"},
         "spec": {"priority": 0, "containers": [{"name": "server", "image": "vllm/vllm-openai:v0.11.0"}]}}
        """);

    assertThat(only(read(folder), PodPriority.class).describe()).isEqualTo("priority 0, no PriorityClass");
  }

  @Test
  void aDescribedPodShowsItsPriorityAndClass() {
    write(folder, "describe.txt", """
        Name:                 finetune-llama-0-x7q2m
        Namespace:            training
        Priority:             1000000
        Priority Class Name:  training-high
        Service Account:      default
        Node:                 aks-gpunp-12345678-vmss000000/10.224.0.7
        Status:               Running
        Containers:
          trainer:
            Image:          nvcr.io/nvidia/pytorch:25.01-py3
            Limits:
              nvidia.com/gpu:  1
            Requests:
              nvidia.com/gpu:  1
        Conditions:
          Type           Status
          PodScheduled   True
        Events:          <none>
        """);

    PodPriority p = only(read(folder), PodPriority.class);

    assertThat(p.podKey()).isEqualTo("training/finetune-llama-0-x7q2m");
    assertThat(p.uid()).isNull();
    assertThat(p.describe()).isEqualTo("priority 1000000, class training-high");
  }

  @Test
  void thePodReadAloneAndInAListHasOnePriority() {
    String pod = """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "vllm-0", "namespace": "ml", "uid": "a1b2c3d4-1111-4222-8333-000000000010"},
         "spec": {"priority": 0, "containers": [{"name": "server", "image": "vllm/vllm-openai:v0.11.0"}]}}
        """;
    write(folder, "pod.json", pod);
    write(folder, "pods.json", "{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [" + pod + "]}");

    assertThat(facts(read(folder), PodPriority.class)).hasSize(1);
  }
}
