package io.gpudoctor.engine.reason;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.facts.Finding;
import io.gpudoctor.facts.GpuProfile;
import io.gpudoctor.facts.IncidentWindow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.kie.api.definition.rule.Rule;
import org.kie.api.event.rule.AfterMatchFiredEvent;
import org.kie.api.event.rule.DefaultAgendaEventListener;
import org.kie.api.event.rule.DefaultRuleRuntimeEventListener;
import org.kie.api.event.rule.ObjectInsertedEvent;
import org.kie.api.runtime.KieSession;

/** Runs one rule session over one evidence bundle and assembles the findings. */
public final class Diagnoser {
  /** Far above any real diagnosis; reaching it means a rule keeps re-firing on its own output. */
  static final int FIRING_LIMIT = 200_000;

  private final RuleBase ruleBase;
  private final SessionPool sessions;

  public Diagnoser(RuleBase ruleBase) {
    this.ruleBase = ruleBase;
    // One idle session per thread that may diagnose at once (replay --jobs), a few spare.
    this.sessions = new SessionPool(ruleBase.kieBase(), Math.max(4, Runtime.getRuntime().availableProcessors() * 2));
  }

  public RuleBase ruleBase() {
    return ruleBase;
  }

  public Diagnosis diagnose(EvidenceBundle bundle) {
    KieSession session = sessions.take();
    boolean completed = false;
    try {
      List<LazyTrace.Firing> trace = new ArrayList<>();
      Map<Finding, FindingAssembler.Conclusion> insertedBy = new IdentityHashMap<>();
      List<String> contractBreaks = new ArrayList<>();
      session.addEventListener(new DefaultAgendaEventListener() {
        @Override
        public void afterMatchFired(AfterMatchFiredEvent event) {
          Rule rule = event.getMatch().getRule();
          RuleInfo info = ruleBase.rule(rule.getName());
          String concludes = info == null ? "" : info.findingId() != null ? info.findingId() : "signal " + info.signal();
          // Labels are made when the trace is read: a declared signal type prints all its fields
          // (whole PodFacts), which at 100k facts cost more than the rules themselves.
          trace.add(new LazyTrace.Firing(rule.getName(), concludes, event.getMatch().getObjects().toArray()));
        }
      });
      session.addEventListener(new DefaultRuleRuntimeEventListener() {
        @Override
        public void objectInserted(ObjectInsertedEvent event) {
          if (event.getObject() instanceof Finding f && event.getRule() != null) {
            String rule = event.getRule().getName();
            insertedBy.put(f, new FindingAssembler.Conclusion(f, rule, insertedBy.size()));
            RuleInfo info = ruleBase.rule(rule);
            if (info != null && !f.getId().equals(info.findingId())) {
              contractBreaks.add(info.file() + ":" + info.line() + ": rule \"" + rule + "\" inserted finding "
                  + f.getId() + " but declares @id(" + info.findingId() + ")");
            }
          }
        }
      });
      session.insert(bundle.target());
      bundle.reads().forEach(session::insert);
      bundle.facts().forEach(session::insert);
      int fired = session.fireAllRules(FIRING_LIMIT);

      List<String> warnings = new ArrayList<>(bundle.warnings());
      if (fired >= FIRING_LIMIT) warnings.add("rule firing limit of " + FIRING_LIMIT + " reached: a rule may loop");
      if (!contractBreaks.isEmpty()) throw new RuleContractException(contractBreaks);

      List<FindingAssembler.Conclusion> conclusions = new ArrayList<>();
      List<GpuProfile> profiles = new ArrayList<>();
      List<IncidentWindow> windows = new ArrayList<>();
      for (Object o : session.getObjects()) {
        if (o instanceof Finding f) {
          conclusions.add(insertedBy.getOrDefault(f, new FindingAssembler.Conclusion(f, "?", Integer.MAX_VALUE)));
        }
        if (o instanceof GpuProfile p) profiles.add(p);
        if (o instanceof IncidentWindow w) windows.add(w);
      }
      conclusions.sort(Comparator.comparingInt(FindingAssembler.Conclusion::sequence));
      profiles.sort(Comparator.comparing(GpuProfile::pool).thenComparing(GpuProfile::profile));
      windows.sort(Comparator.comparing(IncidentWindow::podKey, Comparator.nullsFirst(Comparator.naturalOrder()))
          .thenComparing(IncidentWindow::start).thenComparing(IncidentWindow::end).thenComparing(IncidentWindow::basis));
      List<ReportedFinding> findings = new FindingAssembler(ruleBase.catalogue()).assemble(conclusions);
      Diagnosis diagnosis = new Diagnosis(bundle, List.copyOf(profiles), findings, new LazyTrace(trace),
          List.copyOf(warnings), ruleBase.digest(), fired, windows);
      completed = true;
      return diagnosis;
    } finally {
      if (completed) sessions.giveBack(session);
      else session.dispose();
    }
  }
}
