package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SkuSelectionTest {
  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String SKUS = """
      [
        {"resourceType": "virtualMachines", "name": "Standard_NC24ads_A100_v4", "family": "standardNCADSA100v4Family",
         "locations": ["eastus"], "restrictions": []},
        {"resourceType": "virtualMachines", "name": "Standard_NV36ads_A10_v5", "family": "standardNVADSA10v5Family",
         "locations": ["eastus"], "restrictions": []},
        {"resourceType": "virtualMachines", "name": "Standard_D4s_v5", "family": "standardDSv5Family",
         "locations": ["eastus"], "restrictions": []}
      ]
      """;

  @Test
  void onlyThePoolsAndTheWorkspacesSizesAreKept() {
    JsonNode pools = JSON.readTree("[{\"name\": \"gpunp\", \"vmSize\": \"Standard_NC24ads_A100_v4\"}]");
    JsonNode workspaces = JSON.readTree("{\"items\": [{\"resource\": {\"instanceType\": \"Standard_NV36ads_A10_v5\"}}]}");
    byte[] kept = SkuSelection.keep(SKUS.getBytes(StandardCharsets.UTF_8), SkuSelection.wanted(pools, workspaces, null));
    assertThat(JSON.readTree(kept).findValuesAsString("name"))
        .containsExactly("Standard_NC24ads_A100_v4", "Standard_NV36ads_A10_v5");
  }

  @Test
  void withoutThePoolsTheWholeListIsKept() {
    byte[] body = SKUS.getBytes(StandardCharsets.UTF_8);
    assertThat(SkuSelection.keep(body, SkuSelection.wanted(null, null, null))).isSameAs(body);
  }
}
