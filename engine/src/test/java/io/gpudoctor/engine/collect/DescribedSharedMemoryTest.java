package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodSharedMemory;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a pasted {@code kubectl describe pod} shows mounted at /dev/shm, as kubectl 1.20 and later print it. */
class DescribedSharedMemoryTest {
  @TempDir Path folder;

  private static String describe(String mounts, String volumes) {
    return """
        Name:             llama-70b-tp2-6c9d8f7b5-x2k4q
        Namespace:        ml-serving
        Priority:         0
        Service Account:  default
        Node:             aks-gpua100-38611925-vmss000000/10.224.0.7
        Start Time:       Tue, 14 Jul 2026 10:17:41 +0000
        Labels:           app=llama-70b
                          pod-template-hash=6c9d8f7b5
        Status:           Running
        IP:               10.244.3.18
        Controlled By:    ReplicaSet/llama-70b-tp2-6c9d8f7b5
        Containers:
          vllm:
            Container ID:  containerd://4f1c2a9e0b7d
            Image:         vllm/vllm-openai:v0.9.2
            Image ID:      docker.io/vllm/vllm-openai@sha256:8a4c1f0e9b2d
            Port:          8000/TCP
            Host Port:     0/TCP
            Args:
              --model
              meta-llama/Llama-3.3-70B-Instruct
              --tensor-parallel-size
              2
            State:          Waiting
              Reason:       CrashLoopBackOff
            Last State:     Terminated
              Reason:       Error
              Exit Code:    1
              Started:      Tue, 14 Jul 2026 10:18:01 +0000
              Finished:     Tue, 14 Jul 2026 10:18:21 +0000
            Ready:          False
            Restart Count:  3
            Limits:
              memory:          160Gi
              nvidia.com/gpu:  2
            Requests:
              cpu:             16
              memory:          160Gi
              nvidia.com/gpu:  2
            Environment:       <none>
            Mounts:
        %s
        Conditions:
          Type                        Status
          PodReadyToStartContainers   True
          Initialized                 True
          Ready                       False
          ContainersReady             False
          PodScheduled                True
        %s
        QoS Class:                   Burstable
        Node-Selectors:              agentpool=gpua100
        Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s
                                     node.kubernetes.io/unreachable:NoExecute op=Exists for 300s
                                     sku=gpu:NoSchedule
        Events:                      <none>
        """.formatted(mounts, volumes);
  }

  private static final String API_ACCESS_MOUNT =
      "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9xk2p (ro)";
  private static final String API_ACCESS_VOLUME = """
        kube-api-access-9xk2p:
          Type:                    Projected (a volume that contains injected data from multiple sources)
          TokenExpirationSeconds:  3607
          ConfigMapName:           kube-root-ca.crt
          Optional:                false
          DownwardAPI:             true""";

  @Test
  void aMemoryBackedEmptyDirAtDevShmIsQuotedFromTheMountAndTheVolumeLines() {
    write(folder, "describe-pod.txt", describe("      /dev/shm from dshm (rw)\n" + API_ACCESS_MOUNT, """
        Volumes:
          dshm:
            Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
            Medium:     Memory
            SizeLimit:  1Gi
        """ + API_ACCESS_VOLUME));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.podKey()).isEqualTo("ml-serving/llama-70b-tp2-6c9d8f7b5-x2k4q");
    assertThat(shm.mounted()).isTrue();
    assertThat(shm.memoryBacked()).isTrue();
    assertThat(shm.volume()).isEqualTo("dshm");
    assertThat(shm.sizeLimit()).isEqualTo("1Gi");
    assertThat(shm.containers()).containsExactly("vllm");
    assertThat(shm.evidence().quote()).isEqualTo("/dev/shm from dshm (rw) ... dshm: Type: EmptyDir (a temporary directory "
        + "that shares a pod's lifetime) Medium: Memory SizeLimit: 1Gi");
    assertThat(shm.provenance().pointer()).isEqualTo("line 52");
    assertThat(shm.describe()).endsWith("limited to 1Gi");
  }

  @Test
  void anEmptyDirWithNoMediumAndAnUnsetLimitIsOnTheNodesDisk() {
    write(folder, "describe-pod.txt", describe("      /dev/shm from cache (rw)", """
        Volumes:
          cache:
            Type:       EmptyDir (a temporary directory that shares a pod's lifetime)
            Medium:
            SizeLimit:  <unset>
        """));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.kind()).isEqualTo("emptyDir");
    assertThat(shm.medium()).isNull();
    assertThat(shm.sizeLimit()).isNull();
    assertThat(shm.memoryBacked()).isFalse();
    assertThat(shm.describe()).contains("on the node's disk");
  }

  @Test
  void anotherKindOfVolumeAtDevShmIsNamedByItsSpecKey() {
    write(folder, "describe-pod.txt", describe("      /dev/shm from host-shm (rw)", """
        Volumes:
          host-shm:
            Type:          HostPath (bare host directory volume)
            Path:          /dev/shm
            HostPathType:  Directory
        """));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.kind()).isEqualTo("hostPath");
    assertThat(shm.memoryBacked()).isFalse();
  }

  @Test
  void containersThatMountNothingAtDevShmHaveTheRuntimesDefault() {
    write(folder, "describe-pod.txt", describe(API_ACCESS_MOUNT, "Volumes:\n" + API_ACCESS_VOLUME));

    PodSharedMemory shm = only(read(folder), PodSharedMemory.class);

    assertThat(shm.mounted()).isFalse();
    assertThat(shm.containers()).containsExactly("vllm");
    assertThat(shm.evidence().quote())
        .isEqualTo("vllm: Mounts: /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-9xk2p (ro)");
    assertThat(shm.provenance().pointer()).isEqualTo("line 41");
  }

  @Test
  void aDescribeThatDoesNotShowTheMountOrItsVolumeWholeSaysNothingOfIt() {
    // The Volumes section cut off after the mount.
    write(folder, "describe-pod.txt", describe("      /dev/shm from dshm (rw)", ""));
    assertThat(facts(read(folder), PodSharedMemory.class)).isEmpty();

    // kubectl before 1.20 printed no SizeLimit: the emptyDir's limit is not known.
    write(folder, "describe-pod.txt", describe("      /dev/shm from dshm (rw)", """
        Volumes:
          dshm:
            Type:    EmptyDir (a temporary directory that shares a pod's lifetime)
            Medium:  Memory
        """));
    assertThat(facts(read(folder), PodSharedMemory.class)).isEmpty();

    // A container's lines without its Mounts: what it mounts is not shown.
    write(folder, "describe-pod.txt", describe(API_ACCESS_MOUNT, "Volumes:\n" + API_ACCESS_VOLUME)
        .replace("    Mounts:\n" + API_ACCESS_MOUNT + "\n", ""));
    assertThat(facts(read(folder), PodSharedMemory.class)).isEmpty();
  }

  @Test
  void theSameDescribePastedTwiceSaysWhatItMountsOnce() {
    String text = describe(API_ACCESS_MOUNT, "Volumes:\n" + API_ACCESS_VOLUME);
    write(folder, "describe-pod.txt", text);
    write(folder, "notes.txt", "$ kubectl describe pod -n ml-serving llama-70b-tp2-6c9d8f7b5-x2k4q\n" + text);

    assertThat(facts(read(folder), PodSharedMemory.class)).hasSize(1);
  }
}
