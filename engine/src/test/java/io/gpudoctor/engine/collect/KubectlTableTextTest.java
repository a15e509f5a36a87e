package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.gpudoctor.facts.DaemonSetFacts;
import io.gpudoctor.facts.PodFacts;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kubectl get} tables: DaemonSets, the kind-prefixed names of {@code get all}, rows that are no rows. */
class KubectlTableTextTest {
  @TempDir Path folder;

  @Test
  void aGetDaemonSetsTableGivesTheCountsAndTheSelectorAndLeavesTheSpecUnknown() {
    write(folder, "ds.txt", """
        $ kubectl get ds -A
        NAMESPACE      NAME                             DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR                              AGE
        gpu-operator   nvidia-device-plugin-daemonset   0         0         0       0            0           nvidia.com/gpu.deploy.device-plugin=true   6d2h
        kube-system    kube-proxy                       3         3         3       3            3           kubernetes.io/os=linux                     41d
        kube-system    azure-ip-masq-agent              3         3         2       3            2           <none>                                     41d
        """);

    EvidenceBundle bundle = read(folder);
    var daemonSets = facts(bundle, DaemonSetFacts.class);
    assertThat(daemonSets).extracting(DaemonSetFacts::key, DaemonSetFacts::desiredNumberScheduled,
            DaemonSetFacts::currentNumberScheduled, DaemonSetFacts::numberReady, DaemonSetFacts::numberAvailable)
        .containsExactly(tuple("gpu-operator/nvidia-device-plugin-daemonset", 0, 0, 0, 0),
            tuple("kube-system/kube-proxy", 3, 3, 3, 3), tuple("kube-system/azure-ip-masq-agent", 3, 3, 2, 2));
    DaemonSetFacts plugin = daemonSets.get(0);
    assertThat(plugin.devicePlugin()).isTrue();
    assertThat(plugin.nodeSelector()).containsExactly(Map.entry("nvidia.com/gpu.deploy.device-plugin", "true"));
    assertThat(plugin.selectsNode(Map.of("kubernetes.azure.com/accelerator", "nvidia"))).isFalse();
    assertThat(plugin.known(DaemonSetFacts.TOLERATIONS)).isFalse();
    assertThat(plugin.known(DaemonSetFacts.IMAGES)).isFalse();
    assertThat(plugin.tolerationsQuote()).isEqualTo("(not captured)");
    assertThat(daemonSets.get(2).nodeSelector()).isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied(Topics.DAEMONSETS, "ds.txt"));
  }

  @Test
  void aWideDaemonSetsTableShowsTheImages() {
    write(folder, "ds.txt", """
        $ kubectl get ds -n kube-system -o wide
        NAME                             DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE   CONTAINERS                   IMAGES                                     SELECTOR
        nvdp-nvidia-device-plugin        1         1         0       1            0           <none>          2d    nvidia-device-plugin-ctr     nvcr.io/nvidia/k8s-device-plugin:v0.17.1   app.kubernetes.io/name=nvidia-device-plugin
        """);

    DaemonSetFacts plugin = only(read(folder), DaemonSetFacts.class);
    assertThat(plugin.key()).isEqualTo("kube-system/nvdp-nvidia-device-plugin");
    assertThat(plugin.images()).containsExactly("nvcr.io/nvidia/k8s-device-plugin:v0.17.1");
    assertThat(plugin.known(DaemonSetFacts.IMAGES)).isTrue();
    assertThat(plugin.numberReady()).isZero();
  }

  @Test
  void aDaemonSetTableWithoutANamespaceIsNotPutInTheTargetsNamespace() {
    write(folder, "target.yaml", "namespace: ml-serving\nresource: pod/vllm-0\n");
    write(folder, "ds.txt", """
        NAME                             DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
        nvidia-device-plugin-daemonset   1         1         1       1            1           <none>          6d
        """);

    assertThat(only(read(folder), DaemonSetFacts.class).namespace()).isNull();
  }

  @Test
  void getAllPrefixesTheNameWithTheKindAndEachTableReadsOnlyItsKind() {
    write(folder, "all.txt", """
        $ kubectl get all -n gpu-operator
        NAME                                       READY   STATUS             RESTARTS      AGE
        pod/nvidia-device-plugin-daemonset-x2k9q   0/1     CrashLoopBackOff   9 (2m ago)    31m
        pod/gpu-feature-discovery-7hd2s            1/1     Running            0             31m

        NAME                                   TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)    AGE
        service/gpu-operator                   ClusterIP   10.0.171.206   <none>        8080/TCP   31m

        NAME                                            DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR                                      AGE
        daemonset.apps/nvidia-device-plugin-daemonset   1         1         0       1            0           nvidia.com/gpu.deploy.device-plugin=true           31m
        daemonset.apps/gpu-feature-discovery            1         1         1       1            1           nvidia.com/gpu.deploy.gpu-feature-discovery=true   31m
        """);

    EvidenceBundle bundle = read(folder);
    assertThat(facts(bundle, PodFacts.class)).extracting(PodFacts::key)
        .containsExactly("gpu-operator/nvidia-device-plugin-daemonset-x2k9q", "gpu-operator/gpu-feature-discovery-7hd2s");
    assertThat(facts(bundle, DaemonSetFacts.class)).extracting(DaemonSetFacts::key)
        .containsExactly("gpu-operator/nvidia-device-plugin-daemonset", "gpu-operator/gpu-feature-discovery");
  }

  @Test
  void aRowWhoseNameIsNoObjectNameIsNoRow() {
    assertThat(KubectlTableText.name("```", "Workspace")).isNull();
    assertThat(KubectlTableText.name("Workspace-Phi", "Workspace")).isNull();
    assertThat(KubectlTableText.name("workspace-phi-3.", "Workspace")).isNull();
    assertThat(KubectlTableText.name("workspace.kaito.sh/workspace-phi-3", "Workspace")).isEqualTo("workspace-phi-3");
    assertThat(KubectlTableText.name("replicaset.apps/vllm-6d9f7c8b5d", "Pod")).isNull();
    assertThat(KubectlTableText.name("aks-gpunp-12345678-vmss000000", "Node")).isEqualTo("aks-gpunp-12345678-vmss000000");
  }

  @Test
  void aKubeletOutOfResourceStatusIsTheFailedPodsReason() {
    write(folder, "pods.txt", """
        NAME                            READY   STATUS                RESTARTS   AGE
        detector-batch-28911520-4xkqz   0/1     OutOfnvidia.com/gpu   0          6m
        """);

    PodFacts pod = only(read(folder), PodFacts.class);

    assertThat(pod.phase()).isEqualTo("Failed");
    assertThat(pod.reason()).isEqualTo("OutOfnvidia.com/gpu");
  }
}
