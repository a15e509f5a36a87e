package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.PodSharedMemory;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.TemplateGpuRequest;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A workload's describe: its pod template says what every pod of it mounts at /dev/shm, and its GPU request. */
class DescribeWorkloadTextTest {
  // kubectl's DescribeDeployment, with DescribePodTemplate's "  " prefix before the template's lines.
  private static final String DEPLOYMENT = """
      $ kubectl describe deployment llama-70b-tp2 -n ml-serving
      Name:                   llama-70b-tp2
      Namespace:              ml-serving
      Selector:               app=llama-70b-tp2
      Replicas:               1 desired | 1 updated | 1 total | 0 available | 1 unavailable
      StrategyType:           Recreate
      Pod Template:
        Labels:  app=llama-70b-tp2
        Containers:
         vllm:
          Image:      vllm/vllm-openai:v0.9.2
          Limits:
            nvidia.com/gpu:  2
          Mounts:
            /dev/shm from dshm (rw)
        Volumes:
         dshm:
          Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
          Medium:     Memory
          SizeLimit:  1Gi
      NewReplicaSet:   llama-70b-tp2-6c9d8f7b5 (1/1 replicas created)
      Events:
        Type    Reason             Age   From                   Message
        ----    ------             ----  ----                   -------
        Normal  ScalingReplicaSet  11m   deployment-controller  Scaled up replica set llama-70b-tp2-6c9d8f7b5 to 1
      """;
  private static final String PODS = """
      $ kubectl get pods -n ml-serving
      NAME                                   READY   STATUS             RESTARTS      AGE
      llama-70b-tp2-6c9d8f7b5-x2k4q          0/1     CrashLoopBackOff   4 (30s ago)   11m
      llama-70b-tp2-router-5f6d7c9b8-q8w2e   1/1     Running            0             11m
      """;

  @TempDir Path dir;

  @Test
  void thePodsOfTheDeploymentTheEvidenceNamesMountWhatItsTemplateMounts() {
    write(dir, "issue.md", "```\n" + DEPLOYMENT + "```\n\n```\n" + PODS + "```\n");

    var bundle = read(dir);

    assertThat(facts(bundle, PodSharedMemory.class)).singleElement().satisfies(shm -> {
      assertThat(shm.podKey()).isEqualTo("ml-serving/llama-70b-tp2-6c9d8f7b5-x2k4q");
      assertThat(shm.volume()).isEqualTo("dshm");
      assertThat(shm.memoryBacked()).isTrue();
      assertThat(shm.sizeLimit()).isEqualTo("1Gi");
      assertThat(shm.evidence().quote()).startsWith("Deployment llama-70b-tp2 Pod Template: /dev/shm from dshm (rw)");
    });
    assertThat(bundle.reads()).contains(Read.supplied(Topics.WORKLOADS, "issue.md"));
    assertThat(facts(bundle, KubeEvent.class)).singleElement()
        .satisfies(e -> assertThat(e.involvedKey()).isEqualTo("ml-serving/llama-70b-tp2"));
  }

  @Test
  void withNoPodOfItNamedTheTemplateIsThePodALogThatNamesNoneCameFrom() {
    write(dir, "issue.md", "```\n" + DEPLOYMENT + "```\n");

    assertThat(facts(read(dir), PodSharedMemory.class)).extracting(PodSharedMemory::podKey)
        .containsExactly(PodFacts.UNNAMED);
  }

  @Test
  void thePodsOfTheDeploymentRequestTheGpusOfItsTemplate() {
    write(dir, "issue.md", "```\n" + DEPLOYMENT + "```\n\n```\n" + PODS + "```\n");

    assertThat(facts(read(dir), TemplateGpuRequest.class)).singleElement().satisfies(r -> {
      assertThat(r.podKey()).isEqualTo("ml-serving/llama-70b-tp2-6c9d8f7b5-x2k4q");
      assertThat(r.gpus()).isEqualTo(2);
      assertThat(r.evidence().quote()).isEqualTo("Deployment llama-70b-tp2 Pod Template: vllm: Limits: nvidia.com/gpu: 2");
      assertThat(r.evidence().pointer()).isEqualTo("line 14");
    });
  }

  @Test
  void aDeploymentObjectGivesItsTemplatesGpusToThePodsTheEventsName() {
    write(dir, "deployment.yaml", """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: llama-8b
          namespace: llm
        spec:
          replicas: 3
          template:
            spec:
              containers:
              - name: vllm
                image: vllm/vllm-openai:v0.8.5
                resources:
                  limits:
                    nvidia.com/gpu: "1"
        """);
    write(dir, "events.txt", """
        LAST SEEN   TYPE      REASON             OBJECT                         MESSAGE
        3m          Warning   FailedScheduling   pod/llama-8b-6c9f7d8b5-x5t9n   0/5 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 3 node(s) had untolerated taint {CriticalAddonsOnly: true}.
        3m          Warning   FailedScheduling   pod/other-7f8d9c6b5-k2m4q      0/5 nodes are available: 5 Insufficient cpu.
        """);
    write(dir, "target.yaml", "namespace: llm\n");

    assertThat(facts(read(dir), TemplateGpuRequest.class)).singleElement().satisfies(r -> {
      assertThat(r.podKey()).isEqualTo("llm/llama-8b-6c9f7d8b5-x5t9n");
      assertThat(r.gpus()).isEqualTo(1);
      assertThat(r.evidence().source()).isEqualTo("deployment.yaml");
    });
  }

  @Test
  void aTemplateWhoseContainersShowNoGpuLineRequestsNone() {
    String noGpu = DEPLOYMENT.replace("      nvidia.com/gpu:  2\n", "      memory:  64Gi\n");
    write(dir, "issue.md", "```\n" + noGpu + "```\n");

    assertThat(facts(read(dir), TemplateGpuRequest.class)).singleElement().satisfies(r -> {
      assertThat(r.podKey()).isEqualTo(PodFacts.UNNAMED);
      assertThat(r.gpus()).isZero();
      assertThat(r.evidence().quote()).endsWith("containers vllm show no nvidia.com/gpu");
    });
  }

  @Test
  void aStatefulSetsPodsAreItsOrdinals() {
    String statefulSet = DEPLOYMENT.replace("describe deployment", "describe statefulset")
        .replace("StrategyType:           Recreate\n", "Update Strategy:        RollingUpdate\nPods Status:            1 Running / 0 Waiting / 0 Succeeded / 0 Failed\n")
        .replace("Replicas:               1 desired | 1 updated | 1 total | 0 available | 1 unavailable", "Replicas:               2 desired | 2 total");
    String pods = PODS.replace("llama-70b-tp2-6c9d8f7b5-x2k4q  ", "llama-70b-tp2-1               ");
    write(dir, "issue.md", "```\n" + statefulSet + "```\n\n```\n" + pods + "```\n");

    assertThat(facts(read(dir), PodSharedMemory.class)).extracting(PodSharedMemory::podKey)
        .containsExactly("ml-serving/llama-70b-tp2-1");
  }

  @Test
  void aTemplateThatDoesNotShowTheMountedVolumeSaysNothingOfDevShm() {
    String cut = DEPLOYMENT.substring(0, DEPLOYMENT.indexOf("  Volumes:")) + DEPLOYMENT.substring(DEPLOYMENT.indexOf("NewReplicaSet:"));
    write(dir, "issue.md", "```\n" + cut + "```\n");

    assertThat(facts(read(dir), PodSharedMemory.class)).isEmpty();
  }

  @Test
  void besideADescribedPodTheTemplateIsNotGivenToAnUnnamedOne() {
    String pod = """
        $ kubectl describe pod -n ml-serving other-0
        Name:             other-0
        Namespace:        ml-serving
        Status:           Running
        Containers:
          app:
            Image:   busybox
            Mounts:  <none>
        Volumes:
          cache:
            Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
            Medium:
            SizeLimit:  <unset>
        """;
    write(dir, "issue.md", "```\n" + DEPLOYMENT + "```\n\n```\n" + pod + "```\n");

    assertThat(facts(read(dir), PodSharedMemory.class)).extracting(PodSharedMemory::podKey)
        .doesNotContain(PodFacts.UNNAMED);
  }
}
