package io.gpudoctor.engine.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.live.PlannedRead.KubeGet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

class ReaderClusterRoleTest {
  static final Path ROLE = Path.of("..", "references", "rbac", "gpu-doctor-reader.yaml");
  static final Set<String> READ_VERBS = Set.of("get", "list", "watch");

  record Rule(List<String> groups, List<String> resources, List<String> names, List<String> verbs) {
    boolean allows(String group, String resource, String verb, String name) {
      return groups.contains(group) && resources.contains(resource) && verbs.contains(verb)
          && (names.isEmpty() || name != null && names.contains(name));
    }
  }

  @Test
  void theRoleCoversEveryKubernetesReadOfTheCatalogue() throws Exception {
    List<Rule> rules = rules();
    for (LiveTarget.Kind kind : LiveTarget.Kind.values()) {
      LiveTarget t = new LiveTarget("ctx", "ml", kind, "x", "sub", "rg", "aks");
      for (PlannedRead r : ReadCatalogue.forTarget(t)) {
        if (!(r.source() instanceof KubeGet g)) continue;
        assertThat(rules).as("a rule for %s", r.command()).anyMatch(rule -> rule.allows(g.group(), g.resource(), g.verb(), g.name()));
        if (g.crd() != null) {
          assertThat(rules).as("the CRD check of %s", r.command())
              .anyMatch(rule -> rule.allows("apiextensions.k8s.io", "customresourcedefinitions", "get", g.crd()));
        }
      }
    }
  }

  @Test
  void theRolesCoverEveryFollowUpReadOfLogsAndExporterScrapes() throws Exception {
    List<Rule> rules = rules();
    for (String subresource : FollowUpReads.SUBRESOURCES) {
      assertThat(rules).as("a rule for %s", subresource).anyMatch(rule -> rule.allows("", subresource, "get", null));
    }
  }

  @Test
  void theRoleGrantsOnlyReadVerbsNoSecretsAndNoWildcards() throws Exception {
    List<Rule> rules = rules();
    assertThat(rules).isNotEmpty().allSatisfy(rule -> {
      assertThat(rule.verbs()).isNotEmpty().isSubsetOf(READ_VERBS);
      assertThat(rule.resources()).doesNotContain("secrets", "*")
          .allSatisfy(r -> assertThat(!r.contains("/") || FollowUpReads.SUBRESOURCES.contains(r)).as(r).isTrue());
      assertThat(rule.groups()).doesNotContain("*");
      // exec, attach, port-forward and the like are subresources too: only the ones read are granted, and only get.
      if (rule.resources().stream().anyMatch(r -> r.contains("/"))) assertThat(rule.verbs()).containsExactly("get");
    });
  }

  @Test
  void everyRuleIsUsedByTheCatalogue() throws Exception {
    List<String> read = new ArrayList<>(List.of("apiextensions.k8s.io/customresourcedefinitions"));
    for (String subresource : FollowUpReads.SUBRESOURCES) read.add("/" + subresource);
    for (LiveTarget.Kind kind : LiveTarget.Kind.values()) {
      for (PlannedRead r : ReadCatalogue.forTarget(new LiveTarget("ctx", "ml", kind, "x", "sub", "rg", "aks"))) {
        if (r.source() instanceof KubeGet g) read.add(g.group() + "/" + g.resource());
      }
    }
    for (Rule rule : rules()) {
      for (String g : rule.groups()) {
        for (String res : rule.resources()) assertThat(read).as("granted but never read").contains(g + "/" + res);
      }
    }
  }

  private static List<Rule> rules() throws Exception {
    YAMLMapper yaml = YAMLMapper.builder().build();
    List<Rule> rules = new ArrayList<>();
    int roles = 0;
    for (String doc : Files.readString(ROLE).split("(?m)^---$")) {
      JsonNode node = yaml.readTree(doc);
      if (node == null || !"ClusterRole".equals(node.path("kind").asString())) continue;
      roles++;
      for (JsonNode r : node.path("rules")) {
        rules.add(new Rule(strings(r.path("apiGroups")), strings(r.path("resources")), strings(r.path("resourceNames")),
            strings(r.path("verbs"))));
      }
    }
    assertThat(roles).isEqualTo(2);
    return rules;
  }

  private static List<String> strings(JsonNode list) {
    List<String> out = new ArrayList<>();
    for (JsonNode n : list) out.add(n.asString());
    return out;
  }
}
