package io.gpudoctor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class PlanCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return GpuDoctor.run(new PrintWriter(out), new PrintWriter(err), args);
  }

  @Test
  void printsTheReadsBoundToTheContextAndTheAzureCluster() {
    assertThat(run("plan", "--context", "aks-prod", "-n", "ml", "--workspace", "phi-3",
        "--subscription", "sub-1", "-g", "rg-1", "--cluster", "aks-prod")).isZero();
    assertThat(out.toString())
        .startsWith("#!/usr/bin/env bash\n")
        .contains("kubectl --context aks-prod get pods -A -o json > pods.json")
        .contains("kubectl --context aks-prod get workspaces.kaito.sh -n ml -o json > workspaces.json")
        .contains("az aks nodepool list --subscription sub-1 -g rg-1 --cluster-name aks-prod -o json > nodepools.json")
        .contains("echo 'resource: workspace/phi-3'");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void withoutAzureTheScriptHasNoAzCall() {
    assertThat(run("plan", "--context", "aks-prod", "-n", "ml", "--pool", "gpua100")).isZero();
    assertThat(out.toString()).doesNotContainPattern("(?m)^\\s*(if )?az ").contains("echo 'pool: gpua100'");
  }

  @Test
  void anAffectedResourceIsNeeded() {
    assertThat(run("plan", "--context", "aks-prod", "-n", "ml")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).isEqualTo("gpu-doctor: one of --pod, --workspace, --node or --pool is needed\n");
  }

  @Test
  void partOfTheAzureClusterIsAUsageError() {
    assertThat(run("plan", "--context", "c", "-n", "ml", "--pod", "p", "--subscription", "s")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("gpu-doctor: Azure reads need all of --subscription, -g and --cluster");
  }

  @Test
  void aNameThatIsNotAKubernetesOrAzureNameIsRefused() {
    assertThat(run("plan", "--context", "c", "-n", "ml", "--pod", "p; rm -rf /")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("gpu-doctor: not a valid name: 'p; rm -rf /'");
  }
}
