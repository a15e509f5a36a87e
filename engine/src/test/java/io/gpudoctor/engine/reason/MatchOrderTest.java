package io.gpudoctor.engine.reason;

import static org.assertj.core.api.Assertions.assertThat;

import io.gpudoctor.facts.Finding;
import io.gpudoctor.facts.FindingStatus;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which match of a rule Drools fires first changes with how its network shares nodes: neither a
 * finding's summary nor the trace may follow it.
 */
class MatchOrderTest {
  private static final Catalogue CATALOGUE = Catalogue.parse("""
      findings:
        - {id: Alpha, route: scheduling, kind: diagnosis, title: Alpha, severity: warning, reference: references/findings.md#alpha}
      """, "catalogue.yaml", new ArrayList<>());

  private static FindingAssembler.Conclusion perNode(String node, int sequence) {
    return new FindingAssembler.Conclusion(Finding.of("Alpha", "gpunp").status(FindingStatus.LIKELY).confidence(0.7)
        .summary("GPU node " + node + " of pool gpunp advertises no GPU"), "per silent node", sequence);
  }

  @Test
  void equalConclusionsOfOneRuleLeadWithTheSameSummaryWhicheverFiredFirst() {
    FindingAssembler assembler = new FindingAssembler(CATALOGUE);
    ReportedFinding oneOrder = assembler.assemble(new ArrayList<>(List.of(perNode("vmss000001", 1), perNode("vmss000000", 2)))).get(0);
    ReportedFinding otherOrder = assembler.assemble(new ArrayList<>(List.of(perNode("vmss000000", 1), perNode("vmss000001", 2)))).get(0);
    assertThat(oneOrder).isEqualTo(otherOrder);
    assertThat(oneOrder.summary()).contains("vmss000000");
  }

  @Test
  void aRuleFiringSeveralTimesInARowIsListedByItsFactsNotByItsMatchOrder() {
    LazyTrace trace = new LazyTrace(List.of(
        new LazyTrace.Firing("silent node", "signal", new Object[] {"node-b"}),
        new LazyTrace.Firing("silent node", "signal", new Object[] {"node-a"}),
        new LazyTrace.Firing("finding", "Alpha", new Object[] {"node-z"}),
        new LazyTrace.Firing("silent node", "signal", new Object[] {"node-c"})));
    assertThat(trace).extracting(t -> t.rule() + " " + t.facts())
        .containsExactly("silent node [node-a]", "silent node [node-b]", "finding [node-z]", "silent node [node-c]");
  }
}
