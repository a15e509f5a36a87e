package io.gpudoctor.engine.collect;

import static io.gpudoctor.engine.collect.Bundles.facts;
import static io.gpudoctor.engine.collect.Bundles.only;
import static io.gpudoctor.engine.collect.Bundles.read;
import static io.gpudoctor.engine.collect.Bundles.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.PodResourceClaims;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PodResourceClaimsTest {
  @TempDir Path folder;

  @Test
  void aPodsDraClaimsAreReadByNameAndTemplateOrClaim() {
    write(folder, "pod.json", """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "vllm-dra-0", "namespace": "ml"},
         "spec": {"containers": [{"name": "server", "image": "vllm/vllm-openai:v0.11.0",
                                  "resources": {"claims": [{"name": "gpu"}, {"name": "nic"}]}}],
                  "resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"},
                                     {"name": "nic", "resourceClaimName": "shared-rdma"}]}}
        """);

    PodResourceClaims claims = only(read(folder), PodResourceClaims.class);

    assertThat(claims.podKey()).isEqualTo("ml/vllm-dra-0");
    assertThat(claims.claims()).containsExactly("gpu=template:single-gpu", "nic=shared-rdma");
    assertThat(claims.evidence().pointer()).isEqualTo("/spec/resourceClaims");
  }

  @Test
  void aPodWithoutClaimsHasNone() {
    write(folder, "pod.json", """
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "vllm-0", "namespace": "ml"},
         "spec": {"containers": [{"name": "server", "image": "vllm/vllm-openai:v0.11.0"}]}}
        """);

    assertThat(facts(read(folder), PodResourceClaims.class)).isEmpty();
  }
}
