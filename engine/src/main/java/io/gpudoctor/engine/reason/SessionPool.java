package io.gpudoctor.engine.reason;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.drools.kiesession.session.StatefulKnowledgeSessionImpl;
import org.kie.api.KieBase;
import org.kie.api.runtime.KieSession;

/**
 * Reuses rule sessions between the diagnoses of one rule base. A profile of a replay showed a
 * third of the rule time in building each new session's node and segment memories; a session
 * reset (what Drools' own session pool does) keeps them. A session is reset when it is taken,
 * not when it is given back, so a single diagnosis pays nothing. A session whose diagnosis
 * failed is disposed, never reused; at most {@code idleLimit} sessions wait.
 */
final class SessionPool {
  private final KieBase kieBase;
  private final int idleLimit;
  private final ConcurrentLinkedQueue<KieSession> idle = new ConcurrentLinkedQueue<>();
  private final AtomicInteger idleCount = new AtomicInteger();

  SessionPool(KieBase kieBase, int idleLimit) {
    this.kieBase = kieBase;
    this.idleLimit = idleLimit;
  }

  /** A session with no facts, no listeners and no globals, as a new one has. */
  KieSession take() {
    KieSession session = idle.poll();
    if (session == null) return kieBase.newKieSession();
    idleCount.decrementAndGet();
    try {
      ((StatefulKnowledgeSessionImpl) session).reset();
      return session;
    } catch (RuntimeException e) {
      session.dispose();
      return kieBase.newKieSession();
    }
  }

  /** Gives back a session after a diagnosis that completed; the facts stay until it is taken again. */
  void giveBack(KieSession session) {
    if (!(session instanceof StatefulKnowledgeSessionImpl) || idleCount.incrementAndGet() > idleLimit) {
      if (session instanceof StatefulKnowledgeSessionImpl) idleCount.decrementAndGet();
      session.dispose();
      return;
    }
    idle.add(session);
  }
}
