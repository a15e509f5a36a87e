package io.gpudoctor.engine.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.KernelOomKill;
import io.gpudoctor.facts.KernelXid;
import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Topics;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The kernel OOM killer's lines: one kill per process, whose memory ran out, and the node they were logged on. */
class KernelOomLinesTest {
  private static final String NODE = "aks-gpunp-41829376-vmss000001";
  private static final String TARGET = """
      subscription: 7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f
      resourceGroup: rg-llm-serving
      cluster: aks-llm-weu
      kubeContext: aks-llm-weu
      pool: gpunp
      namespace: inference
      capturedAt: "2026-07-14T10:24:00Z"
      """;

  @TempDir Path dir;

  @Test
  void theSummaryAndTheKilledProcessLineOfOneGlobalKillAreOneHostKill() {
    write("journalctl-k.txt", """
        Jul 14 10:12:07 %1$s kernel: pt_main_thread invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=999
        Jul 14 10:12:07 %1$s kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/kubepods.slice/x.scope,task=pt_main_thread,pid=318842,uid=0
        Jul 14 10:12:07 %1$s kernel: Out of memory: Killed process 318842 (pt_main_thread) total-vm:61883212kB, anon-rss:27340816kB, file-rss:71424kB, shmem-rss:8kB, UID:0 pgtables:55320kB oom_score_adj:999
        """.formatted(NODE));
    write("target.yaml", TARGET);
    EvidenceBundle bundle = Bundles.read(dir);
    KernelOomKill k = Bundles.only(bundle, KernelOomKill.class);
    assertThat(k.scope()).isEqualTo(KernelOomKill.Scope.HOST);
    assertThat(k.processName()).isEqualTo("pt_main_thread");
    assertThat(k.pid()).isEqualTo("318842");
    assertThat(k.node()).isEqualTo(NODE);
    assertThat(k.nodeFrom()).isEqualTo(KernelXid.NodeFrom.LOG_LINE);
    assertThat(k.at()).isEqualTo(Instant.parse("2026-07-14T10:12:07Z"));
    assertThat(k.line()).startsWith("Jul 14 10:12:07 " + NODE + " kernel: Out of memory: Killed process 318842");
    assertThat(k.provenance().pointer()).isEqualTo("line 3");
    assertThat(bundle.reads()).contains(Read.supplied(Topics.KERNEL_LOG, "journalctl-k.txt"));
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theMemcgConstraintMakesACgroupKillAndNamesTheCgroupAtItsLimit() {
    write("dmesg.txt", """
        [ 9127.448203] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=c.scope,mems_allowed=0,oom_memcg=/kubepods.slice/kubepods-burstable.slice/pod-a.slice,task_memcg=/kubepods.slice/kubepods-burstable.slice/pod-a.slice/c.scope,task=python3,pid=77120,uid=1000
        [ 9127.448391] Memory cgroup out of memory: Killed process 77120 (python3) total-vm:24198812kB, anon-rss:16512044kB, file-rss:60112kB, shmem-rss:0kB, UID:1000 pgtables:33180kB oom_score_adj:939
        """);
    KernelOomKill k = Bundles.only(Bundles.read(dir), KernelOomKill.class);
    assertThat(k.scope()).isEqualTo(KernelOomKill.Scope.CGROUP);
    assertThat(k.cgroup()).isEqualTo("/kubepods.slice/kubepods-burstable.slice/pod-a.slice");
    assertThat(k.at()).as("dmesg's seconds since boot are no time").isNull();
    assertThat(k.nodeKnown()).isFalse();
  }

  @Test
  void olderKernelsKillAndSacrificeChildAndNameTheCgroupInATaskInLine() {
    write("dmesg-T.txt", """
        root@%s:/# dmesg -T | grep -i oom
        [Tue Jul 14 09:58:31 2026] Task in /kubepods/burstable/pod3a2b/0b7c killed as a result of limit of /kubepods/burstable/pod3a2b/0b7c
        [Tue Jul 14 09:58:31 2026] Memory cgroup out of memory: Kill process 40218 (text-generation) score 1994 or sacrifice child
        [Tue Jul 14 09:58:31 2026] Killed process 40218 (text-generation) total-vm:19922944kB, anon-rss:12410276kB, file-rss:40964kB, shmem-rss:0kB
        [Tue Jul 14 10:02:11 2026] Out of memory: Kill process 41007 (python3) score 871 or sacrifice child
        """.formatted(NODE));
    var kills = Bundles.facts(Bundles.read(dir), KernelOomKill.class);
    assertThat(kills).extracting(KernelOomKill::pid, KernelOomKill::scope, KernelOomKill::cgroup).containsExactly(
        org.assertj.core.groups.Tuple.tuple("40218", KernelOomKill.Scope.CGROUP, "/kubepods/burstable/pod3a2b/0b7c"),
        org.assertj.core.groups.Tuple.tuple("41007", KernelOomKill.Scope.HOST, null));
    assertThat(kills).allSatisfy(k -> {
      assertThat(k.node()).isEqualTo(NODE);
      assertThat(k.nodeFrom()).isEqualTo(KernelXid.NodeFrom.PROMPT);
    });
    assertThat(kills.get(0).at()).isEqualTo(Instant.parse("2026-07-14T09:58:31Z"));
  }

  @Test
  void anOomKillerLinePastedInAnIssueIsReadAndTheShellsKilledIsNot() {
    write("issue.md", """
        # model load dies

        ```
        Loading checkpoint shards:  75%|███████ | 3/4 [00:08<00:02,  2.83s/it]Killed

        $ sudo dmesg | tail -n 2
        [26002.108918] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=user.slice,mems_allowed=0,global_oom,task_memcg=/user.slice,task=python,pid=5764,uid=1000
        [26002.109061] Out of memory: Killed process 5764 (python) total-vm:78521468kB, anon-rss:54398260kB, file-rss:2628kB, shmem-rss:0kB, UID:1000 pgtables:119448kB oom_score_adj:0
        ```
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    KernelOomKill k = Bundles.only(bundle, KernelOomKill.class);
    assertThat(k.scope()).isEqualTo(KernelOomKill.Scope.HOST);
    assertThat(k.process()).isEqualTo("python (pid 5764)");
    assertThat(bundle.unreadable()).isEmpty();
  }

  @Test
  void theInvokedOomKillerLineAloneAndOtherMemoryWordsAreNoKill() {
    write("dmesg.txt", """
        [ 9127.448101] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=939
        [ 9127.448166] memory: usage 16777216kB, limit 16777216kB, failcnt 1183
        [ 9130.001002] oom_reaper: reaped process 77120 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB
        """);
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.facts(bundle, KernelOomKill.class)).isEmpty();
    assertThat(bundle.reads()).contains(Read.supplied(Topics.KERNEL_LOG, "dmesg.txt"));
  }

  @Test
  void aNodeProblemDetectorEventRowThatQuotesTheLineIsLeftToTheEventReaders() {
    write("events.txt", """
        LAST SEEN   TYPE      REASON       OBJECT                               MESSAGE
        3m          Warning   OOMKilling   node/%s   Out of memory: Killed process 318842 (pt_main_thread) total-vm:61883212kB, anon-rss:27340816kB, file-rss:71424kB, shmem-rss:8kB, UID:0 pgtables:55320kB oom_score_adj:999
        """.formatted(NODE));
    EvidenceBundle bundle = Bundles.read(dir);
    assertThat(Bundles.facts(bundle, KernelOomKill.class)).isEmpty();
    assertThat(Bundles.facts(bundle, io.gpudoctor.facts.KubeEvent.class)).extracting(io.gpudoctor.facts.KubeEvent::reason)
        .containsExactly("OOMKilling");
  }

  private void write(String name, String content) {
    Bundles.write(dir, name, content);
  }
}
