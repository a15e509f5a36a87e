package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class KubeTreeTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static KubeTree tree(String json) throws NotReadable {
    JsonNode node = JSON.readTree(json);
    return KubeTree.of(node, "/items/4", new StringPool());
  }

  @Test
  void scalarsCoerceAsTheApiMappingDoes() throws NotReadable {
    KubeTree t = tree("""
        {"status": {"restartCount": "3", "ready": "true", "allocatable": {"nvidia.com/gpu": 1, "memory": "16Gi"}},
         "metadata": {"labels": {"agentpool": "gpunp", "kubernetes.azure.com/accelerator": "nvidia", "n": 2}}}
        """);
    assertThat(t.object("status").integer("restartCount")).isEqualTo(3);
    assertThat(t.object("status").bool("ready")).isTrue();
    assertThat(t.object("status").stringMap("allocatable"))
        .containsExactly(entry("nvidia.com/gpu", "1"), entry("memory", "16Gi"));
    assertThat(t.object("metadata").stringMap("labels")).containsEntry("n", "2");
  }

  @Test
  void absentAndNullFieldsAreAbsentAtAnyDepth() throws NotReadable {
    KubeTree t = tree("{\"spec\": null, \"status\": {\"containerStatuses\": [null, {\"name\": \"vllm\"}]}}");
    assertThat(t.object("spec").object("affinity").string("x")).isNull();
    assertThat(t.object("spec").objects("containers")).isEmpty();
    assertThat(t.object("status").objects("containerStatuses")).extracting(KubeTree::pointer)
        .containsExactly("/items/4/status/containerStatuses/1");
  }

  @Test
  void wronglyTypedListItemNamesItsPointer() throws NotReadable {
    KubeTree spec = tree("{\"spec\": {\"containers\": [{\"name\": \"a\"}, \"vllm\"]}}").object("spec");
    assertThatThrownBy(() -> spec.objects("containers"))
        .isInstanceOf(NotReadable.class)
        .hasMessage("wrong type at /items/4/spec/containers/1: expected an object, found a string");
  }

  @Test
  void nonNumericCountIsAWrongType() throws NotReadable {
    KubeTree t = tree("{\"count\": \"many\", \"metadata\": {\"labels\": {\"a/b\": {\"x\": 1}}}}");
    assertThatThrownBy(() -> t.integer("count"))
        .hasMessage("wrong type at /items/4/count: expected a whole number, found a string");
    assertThatThrownBy(() -> t.object("metadata").stringMap("labels"))
        .hasMessage("wrong type at /items/4/metadata/labels/a~1b: expected a string, found an object");
  }

  private static java.util.Map.Entry<String, String> entry(String k, String v) {
    return java.util.Map.entry(k, v);
  }
}
