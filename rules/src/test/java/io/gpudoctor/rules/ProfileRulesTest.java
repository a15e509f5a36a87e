package io.gpudoctor.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.reason.Diagnoser;
import io.gpudoctor.engine.reason.Diagnosis;
import io.gpudoctor.engine.reason.ReportedFinding;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.InstallProfile;
import io.gpudoctor.facts.NodeFacts;
import io.gpudoctor.facts.NodePool;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * profile.drl derives exactly one GpuProfile per GPU pool, for every combination of the observed
 * gpuProfile, the legacy tag and the dcgm-exporter node label (DESIGN 4, domain 2.2/2.3/7).
 */
class ProfileRulesTest {
  private static final Target TARGET = new Target("sub", "rg", "aks", "ctx", "eastus", "gpunp", "ml", null, null,
      null, null, Instant.parse("2026-03-01T10:05:00Z"), Provenance.of("target.yaml", ""));

  private static NodePool pool(String name, String vmSize, boolean present, String driver, boolean nvidia,
      String mode, boolean legacyTag) {
    return new NodePool(name, vmSize, 1, false, null, null, "User", "Succeeded", "Running", null, null,
        present, present ? driver : null, present ? "" : null, nvidia, nvidia ? mode : null, null,
        List.of("sku=gpu:NoSchedule"), Map.of(),
        legacyTag ? Map.of("EnableManagedGPUExperience", "true") : Map.of(),
        Provenance.of("nodepool.json", ""));
  }

  private static NodeFacts node(String name, String pool, boolean dcgm) {
    Map<String, String> labels = new HashMap<>();
    labels.put(NodeFacts.POOL_LABEL, pool);
    labels.put(NodeFacts.ACCELERATOR_LABEL, "nvidia");
    labels.put(NodeFacts.INSTANCE_TYPE_LABEL, "Standard_NC6s_v3");
    if (dcgm) labels.put(NodeFacts.DCGM_LABEL, "enabled");
    return new NodeFacts(name, labels, List.of(), Map.of("nvidia.com/gpu", "1"), Map.of("nvidia.com/gpu", "1"),
        List.of(), false, null, Provenance.of("nodes.json", "/items/0"));
  }

  private static Diagnosis diagnose(List<Object> facts) {
    List<Read> reads = List.of(Read.supplied("nodes", "nodes.json"), Read.supplied("nodepools", "nodepool.json"));
    return new Diagnoser(ModuleRules.ruleBase()).diagnose(new EvidenceBundle(TARGET, facts, reads, List.of(), List.of()));
  }

  /** The DESIGN 4 table, written independently of the DRL. */
  private static InstallProfile oracle(boolean present, String driver, boolean nvidia, String mode, boolean tag, boolean dcgm) {
    if (!present) return InstallProfile.UNKNOWN;
    boolean install = "install".equalsIgnoreCase(driver);
    boolean none = "none".equalsIgnoreCase(driver);
    boolean managed = nvidia && "managed".equalsIgnoreCase(mode);
    boolean unmanaged = nvidia && "unmanaged".equalsIgnoreCase(mode);
    if (install && managed) return InstallProfile.MANAGED_INSTALL;
    if (install && !nvidia && tag && dcgm) return InstallProfile.MANAGED_INSTALL;
    if (install && (!nvidia || unmanaged) && !tag && !dcgm) return InstallProfile.DRIVER_ONLY;
    if (none && !managed && !dcgm) return InstallProfile.BYO;
    return InstallProfile.UNKNOWN;
  }

  @Test
  void exactlyOneProfilePerPoolForEveryObservedShape() {
    List<String> wrong = new ArrayList<>();
    int cases = 0;
    for (boolean present : new boolean[] {true, false}) {
      for (String driver : new String[] {"Install", "install", "None", null, "Something"}) {
        for (boolean nvidia : new boolean[] {true, false}) {
          for (String mode : new String[] {"Managed", "Unmanaged", null}) {
            if (!nvidia && mode != null) continue;
            for (boolean tag : new boolean[] {true, false}) {
              for (boolean dcgm : new boolean[] {true, false}) {
                cases++;
                List<Object> facts = List.of(pool("gpunp", "Standard_NC6s_v3", present, driver, nvidia, mode, tag),
                    node("aks-gpunp-1-vmss000000", "gpunp", dcgm), node("aks-gpunp-1-vmss000001", "gpunp", dcgm));
                Diagnosis d = diagnose(facts);
                InstallProfile expected = oracle(present, driver, nvidia, mode, tag, dcgm);
                List<InstallProfile> got = d.profiles().stream().filter(p -> p.pool().equals("gpunp"))
                    .map(GpuProfile::profile).toList();
                long unknownNotes = d.findings().stream().filter(f -> f.id().equals("UnknownGpuProfile")).count();
                String shape = "present=" + present + " driver=" + driver + " nvidia=" + nvidia + " mode=" + mode
                    + " tag=" + tag + " dcgm=" + dcgm;
                if (!got.equals(List.of(expected))) wrong.add(shape + ": got " + got + ", expected " + expected);
                if (unknownNotes != (expected == InstallProfile.UNKNOWN ? 1 : 0)) {
                  wrong.add(shape + ": " + unknownNotes + " UnknownGpuProfile notes");
                }
              }
            }
          }
        }
      }
    }
    assertThat(cases).isGreaterThan(100);
    assertThat(wrong).isEmpty();
  }

  @Test
  void gpuNodesOfAPoolThatWasNotReadGiveOneUnknownProfile() {
    Diagnosis d = diagnose(List.of(node("aks-gpunp-1-vmss000002", "gpunp", false),
        node("aks-gpunp-1-vmss000000", "gpunp", false), node("aks-gpunp-1-vmss000001", "gpunp", true)));
    assertThat(d.profiles()).hasSize(1);
    assertThat(d.profiles().get(0).profile()).isEqualTo(InstallProfile.UNKNOWN);
    assertThat(d.profiles().get(0).basis()).contains("aks-gpunp-1-vmss000000");
    ReportedFinding note = d.findings().stream().filter(f -> f.id().equals("UnknownGpuProfile")).findFirst().orElseThrow();
    assertThat(note.subject()).isEqualTo("gpunp");
    assertThat(note.missingEvidence()).anySatisfy(m -> assertThat(m.read())
        .isEqualTo("az aks nodepool show --subscription sub -g rg --cluster-name aks -n gpunp -o json"));
    assertThat(note.evidence()).isNotEmpty();
  }

  @Test
  void aNonGpuPoolGetsNoProfile() {
    Diagnosis d = diagnose(List.of(pool("nodepool1", "Standard_D4ds_v5", false, null, false, null, false)));
    assertThat(d.profiles()).isEmpty();
  }

  @Test
  void eachPoolGetsItsOwnProfile() {
    Diagnosis d = diagnose(List.of(
        pool("managed", "Standard_NC24ads_A100_v4", true, "Install", true, "Managed", false),
        pool("driveronly", "Standard_NC6s_v3", true, "Install", false, null, false),
        pool("byo", "Standard_ND96asr_v4", true, "None", false, null, false),
        node("aks-managed-1-vmss000000", "managed", true), node("aks-driveronly-1-vmss000000", "driveronly", false)));
    assertThat(d.profiles()).extracting(p -> p.pool() + "=" + p.profile())
        .containsExactly("byo=BYO", "driveronly=DRIVER_ONLY", "managed=MANAGED_INSTALL");
    assertThat(d.profiles()).allSatisfy(p -> assertThat(p.evidence()).isNotEmpty());
  }
}
