package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceFolderReader;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.FindingStatus;
import io.gpudoctor.facts.ProposedAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What every finding of every fixture carries: DESIGN 5's fields, filled with care. */
class FindingContentTest {
  private static final String ON_NODE = "   # as root on node ";
  /**
   * What only a shell on the node can read (the driver, its kernel messages, the licence daemon, the PCI devices) is
   * named as that shell's read-only commands, with where to run them: no reset, no persistence or MIG mode, no restart.
   */
  private static final String NODE_SHELL_READ = "^(nvidia-smi( -q| -L)?|lspci|dmesg -T|systemctl status [\\w.-]+|lsmod)"
      + "( \\| grep [^;|#]+)?(; (nvidia-smi( -q| -L)?|lspci|dmesg -T|systemctl status [\\w.-]+|lsmod)( \\| grep [^;|#]+)?)*"
      + ON_NODE + "([\\w.-]+|<node>) \\(ssh, or a privileged node shell: kubectl debug node/([\\w.-]+|<node>) "
      + "--profile=sysadmin, then chroot /host\\)$";

  private static final Set<String> OWNERS = Set.of("workload-owner", "cluster-operator", "aks", "azure-support",
      "quota-owner", "kaito-operator", "gpu-stack-owner", "unknown", "-");

  private record Found(String fixture, ReportedFinding finding) {}

  private static final List<Found> ALL = new ArrayList<>();

  @BeforeAll
  static void diagnoseEveryFixture() throws Exception {
    Diagnoser diagnoser = new Diagnoser(ModuleRules.ruleBase());
    for (Path fixture : ModuleRules.fixtureFolders()) {
      Diagnosis d = diagnoser.diagnose(new EvidenceFolderReader().read(fixture));
      for (ReportedFinding f : d.findings()) ALL.add(new Found(ModuleRules.name(fixture), f));
    }
    assertThat(ALL).isNotEmpty();
  }

  @Test
  void everyFindingHasASummaryAnOwnerAHandoffAndQuotedEvidence() {
    assertThat(ALL).allSatisfy(x -> {
      ReportedFinding f = x.finding();
      String where = x.fixture() + ": " + f.id() + " " + f.subject();
      assertThat(f.summary()).as(where).isNotBlank();
      assertThat(f.owner()).as(where).isIn(OWNERS);
      assertThat(f.handoff()).as(where).isNotBlank().doesNotStartWith("For ");
      assertThat(f.evidence()).as(where).isNotEmpty()
          .allSatisfy(e -> assertThat(e.quote()).as(where).isNotBlank());
      assertThat(f.confidence()).as(where).isBetween(0.0, 1.0);
    });
  }

  @Test
  void evidenceFromTheClusterNamesTheFileItCameFrom() {
    // Every quote names a file of the fixture (JSON objects, container logs, DCGM scrapes), never a made-up source.
    assertThat(ALL).filteredOn(x -> !x.finding().id().equals("TargetUnbound")).allSatisfy(x ->
        assertThat(x.finding().evidence()).as(x.fixture() + ": " + x.finding().id())
            .allSatisfy(e -> assertThat(ModuleRules.fixturesDir().resolve(x.fixture()).resolve(e.source()))
                .as(e.source()).isRegularFile()));
  }

  @Test
  void statusAndConfidenceAgree() {
    assertThat(ALL).allSatisfy(x -> {
      ReportedFinding f = x.finding();
      String where = x.fixture() + ": " + f.id() + " " + f.status().label() + " " + f.confidence();
      if (f.status() == FindingStatus.CONFIRMED) assertThat(f.confidence()).as(where).isGreaterThanOrEqualTo(0.8);
      if (f.status() == FindingStatus.UNCONFIRMED) assertThat(f.confidence()).as(where).isLessThan(0.5);
    });
  }

  @Test
  void lessThanConfirmedNamesTheEvidenceThatWouldSettleIt() {
    assertThat(ALL).filteredOn(x -> x.finding().status() != FindingStatus.CONFIRMED
            && !x.finding().id().equals("GpuNotAdvertised") && !x.finding().id().equals("ContradictoryEvidence"))
        .allSatisfy(x -> assertThat(x.finding().missingEvidence())
            .as(x.fixture() + ": " + x.finding().id() + " " + x.finding().status().label()).isNotEmpty());
    assertThat(ALL).filteredOn(x -> x.finding().status() == FindingStatus.UNCONFIRMED)
        .allSatisfy(x -> assertThat(x.finding().missingEvidence()).as(x.fixture() + ": " + x.finding().id()).isNotEmpty());
  }

  @Test
  void missingReadsAreReadOnlyCommandsBoundToTheTarget() {
    assertThat(ALL).allSatisfy(x -> assertThat(x.finding().missingEvidence()).allSatisfy(m -> {
      String where = x.fixture() + ": " + x.finding().id() + ": " + m.read();
      assertThat(m.why()).as(where).isNotBlank();
      if (m.read().contains(ON_NODE)) {
        assertThat(m.read()).as(where).matches(NODE_SHELL_READ);
        return;
      }
      assertThat(m.read()).as(where).matches("^(kubectl|az) .*");
      assertThat(m.read()).as(where).matches("^(kubectl( --context \\S+)? (get|describe|logs|config current-context|config view --minify)|az (aks (show|nodepool (show|list)|operation show-latest)|account show|vm (list-usage|list-skus)|monitor activity-log list|rest --method get )).*");
    }));
  }

  @Test
  void proposedChangesAreMutationsNeedingAuthorisationAndNeverStopTheCluster() {
    assertThat(ALL).allSatisfy(x -> assertThat(x.finding().proposedActions()).allSatisfy(a -> {
      String where = x.fixture() + ": " + x.finding().id() + ": " + a.command();
      assertThat(a.requiresAuthorization()).as(where).isTrue();
      assertThat(a.command()).as(where).doesNotContain("az aks stop").doesNotContain("az aks start");
      if (isChange(a)) assertThat(a.mutation()).as(where).isTrue();
    }));
  }

  @Test
  void commandsAndHandoffsNeverPrintAnUnknownValueAsNull() {
    java.util.regex.Pattern nullWord = java.util.regex.Pattern.compile("\\bnull\\b");
    assertThat(ALL).allSatisfy(x -> {
      String where = x.fixture() + ": " + x.finding().id();
      assertThat(x.finding().handoff()).as(where).doesNotContainPattern(nullWord);
      assertThat(x.finding().missingEvidence()).allSatisfy(m -> assertThat(m.read()).as(where).doesNotContainPattern(nullWord));
      assertThat(x.finding().proposedActions()).allSatisfy(a -> assertThat(a.command()).as(where).doesNotContainPattern(nullWord));
    });
  }

  @Test
  void unknownProfilesPrescribeNoStackRepair() {
    assertThat(ALL).filteredOn(x -> "unknown".equals(x.finding().owner()))
        .allSatisfy(x -> assertThat(x.finding().proposedActions()).as(x.fixture() + ": " + x.finding().id())
            .noneMatch(a -> a.command().contains("device-plugin") || a.command().contains("nodepool upgrade")));
  }

  @Test
  void mismatchesQuoteBothSides() {
    assertThat(ALL).filteredOn(x -> x.finding().id().equals("UntoleratedGpuTaint")).isNotEmpty().allSatisfy(x -> {
      assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).contains(" tolerations: "));
      if (x.finding().status() == FindingStatus.CONFIRMED) {
        assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).contains(" taint "));
      }
    });
    assertThat(ALL).filteredOn(x -> x.finding().id().equals("NodeSelectorMismatch")).isNotEmpty().allSatisfy(x -> {
      assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).containsAnyOf("nodeSelector", "node affinity"));
      assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).contains(" labels: "));
    });
    assertThat(ALL).filteredOn(x -> x.finding().id().equals("DevicePluginNotRunning")
            && x.finding().status() == FindingStatus.CONFIRMED).isNotEmpty().allSatisfy(x -> {
      assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).contains(" taint "));
      assertThat(x.finding().evidence()).anySatisfy(e -> assertThat(e.quote()).contains("desiredNumberScheduled"));
    });
  }

  private static boolean isChange(ProposedAction a) {
    String c = a.command();
    return c.contains(" edit ") || c.contains(" apply ") || c.contains(" scale ") || c.contains(" delete ")
        || c.contains(" cordon ") || c.contains(" upgrade ") || c.contains(" patch ");
  }
}
