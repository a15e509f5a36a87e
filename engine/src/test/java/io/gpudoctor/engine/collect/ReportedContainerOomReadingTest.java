package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.ReportedContainerOom;
import io.gpudoctor.facts.TemplateMemoryLimit;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A container killed at its memory limit as an issue reports it: the prose, and the manifest pasted beside it. */
class ReportedContainerOomReadingTest {

  @Test
  void theSentenceBesideAPastedDeploymentIsReadAndTheTemplatesMemoryLimitToo(@TempDir Path folder) {
    write(folder, "issue.md", """
        # kimi-k2 restarts on load

        Container is killed by Kubernetes when memory crosses the defined limit while model is loading.

        ```yaml
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: kimi-k2
          namespace: ai-test
        spec:
          template:
            spec:
              initContainers:
                - name: fetch
                  image: busybox
              containers:
                - name: vllm-leader
                  image: rocm/vllm-dev:nightly
                  resources:
                    limits:
                      memory: 512Gi
                    requests:
                      memory: 256Gi
                - name: sidecar
                  image: busybox
        ```
        """);
    EvidenceBundle bundle = read(folder);

    ReportedContainerOom r = only(bundle, ReportedContainerOom.class);
    assertThat(r.sentence()).isEqualTo("Container is killed by Kubernetes when memory crosses the defined limit while model is loading.");
    assertThat(r.provenance().pointer()).isEqualTo("line 3");
    TemplateMemoryLimit l = only(bundle, TemplateMemoryLimit.class);
    assertThat(l.workloadKey()).isEqualTo("ai-test/kimi-k2");
    assertThat(l.container()).isEqualTo("vllm-leader");
    assertThat(l.limit()).isEqualTo("512Gi");
    assertThat(l.request()).isEqualTo("256Gi");
    assertThat(l.provenance().pointer()).endsWith("/spec/template/spec/containers/0/resources");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.PROSE, "issue.md"));
  }

  @Test
  void theSameSentenceTwiceIsOneReport(@TempDir Path folder) {
    write(folder, "issue.md", """
        ## Mixtral restarts

        The pod gets OOMKilled while loading.

        > The pod gets OOMKilled while loading.
        """);
    assertThat(facts(read(folder), ReportedContainerOom.class)).hasSize(1);
  }

  @Test
  void aDescribedPodsOomKilledIsThePodsStatusNotAReport(@TempDir Path folder) {
    write(folder, "describe.txt", """
        Name:             llama-70b-6d9f8b7c5-x2k8p
        Namespace:        llm-serving
        Node:             aks-gpuh100-31285746-vmss000000/10.224.0.7
        Status:           Running
        Containers:
          vllm:
            Image:         vllm/vllm-openai:v0.6.3
            State:          Waiting
              Reason:       CrashLoopBackOff
            Last State:     Terminated
              Reason:       OOMKilled
              Exit Code:    137
            Restart Count:  4
            Limits:
              memory:          48Gi
            Requests:
              memory:          48Gi
        Events:           <none>
        """);
    EvidenceBundle bundle = read(folder);

    assertThat(facts(bundle, ReportedContainerOom.class)).isEmpty();
    assertThat(only(bundle, PodFacts.class).containerStatuses().get(0).lastTerminatedReason()).isEqualTo("OOMKilled");
  }

  @Test
  void aPodsTableWithOomKilledIsThePodsStatusNotAReport(@TempDir Path folder) {
    write(folder, "issue.md", """
        The reranker restarts:

        ```
        $ kubectl get pods -n search
        NAME                             READY   STATUS      RESTARTS      AGE
        bge-reranker-5f9c7d8b6-t7m4x     0/1     OOMKilled   4 (52s ago)   11m
        ```
        """);
    assertThat(facts(read(folder), ReportedContainerOom.class)).isEmpty();
  }

  @Test
  void aCudaOutOfMemoryInProseIsNoReport(@TempDir Path folder) {
    write(folder, "issue.md", """
        ## crash on startup

        The container is killed with CUDA out of memory as soon as vLLM profiles the model, although the memory limit of the pod is 200Gi.
        """);
    assertThat(facts(read(folder), ReportedContainerOom.class)).isEmpty();
  }

  @Test
  void aDescribedDeploymentsPodTemplateMemoryLimitIsRead(@TempDir Path folder) {
    write(folder, "describe.txt", """
        Name:                   qwen-72b
        Namespace:              llm-serving
        Replicas:               1 desired | 1 updated | 1 total | 0 available | 1 unavailable
        StrategyType:           RollingUpdate
        Pod Template:
          Labels:  app=qwen-72b
          Containers:
           vllm:
            Image:      vllm/vllm-openai:v0.6.3
            Port:       8000/TCP
            Host Port:  0/TCP
            Limits:
              memory:          64Gi
              nvidia.com/gpu:  4
            Requests:
              cpu:             16
              memory:          48Gi
              nvidia.com/gpu:  4
            Environment:       <none>
            Mounts:            <none>
          Volumes:             <none>
        Events:                <none>
        """);
    TemplateMemoryLimit l = only(read(folder), TemplateMemoryLimit.class);

    assertThat(l.workloadKind()).isEqualTo("Deployment");
    assertThat(l.workloadKey()).isEqualTo("llm-serving/qwen-72b");
    assertThat(l.container()).isEqualTo("vllm");
    assertThat(l.limit()).isEqualTo("64Gi");
    assertThat(l.request()).isEqualTo("48Gi");
    assertThat(l.provenance().pointer()).isEqualTo("line 13");
  }
}
