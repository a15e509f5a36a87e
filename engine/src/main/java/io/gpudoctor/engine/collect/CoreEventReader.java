package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.MicroTime;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** {@code v1} Event, as {@code kubectl get events -o json} prints it. */
final class CoreEventReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.isEmpty() && kind.equals("Event");
  }

  @Override
  public String topic() {
    return Topics.EVENTS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    Event e = KubeModel.convert(object, Event.class, at);
    ObjectReference about = e.getInvolvedObject();
    Instant eventTime = time(e.getEventTime());
    Instant seriesLast = e.getSeries() == null ? null : time(e.getSeries().getLastObservedTime());
    Instant first = firstNonNull(Times.parse(e.getFirstTimestamp()), eventTime, seriesLast);
    Instant last = firstNonNull(Times.parse(e.getLastTimestamp()), seriesLast, eventTime, first);
    Integer count = e.getCount() != null ? e.getCount() : e.getSeries() == null ? null : e.getSeries().getCount();
    String component = e.getSource() != null && e.getSource().getComponent() != null
        ? e.getSource().getComponent() : e.getReportingComponent();
    out.observed(last);
    out.fact(new KubeEvent(
        about != null && about.getNamespace() != null ? about.getNamespace() : KubeModel.namespace(e.getMetadata()),
        about == null ? null : about.getKind(),
        about == null ? null : about.getName(),
        e.getType(), e.getReason(), e.getMessage(), component,
        count == null || count < 1 ? 1 : count,
        first, last, at));
  }

  static Instant time(MicroTime t) {
    return t == null ? null : Times.parse(t.getTime());
  }

  @SafeVarargs
  static <T> T firstNonNull(T... values) {
    for (T v : values) if (v != null) return v;
    return null;
  }
}
