package io.gpudoctor.engine.collect;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.events.v1.Event;
import io.gpudoctor.facts.KubeEvent;
import io.gpudoctor.facts.Provenance;
import io.gpudoctor.facts.Topics;
import java.time.Instant;
import tools.jackson.databind.JsonNode;

/** {@code events.k8s.io/v1} (and v1beta1) Event: {@code regarding}, {@code note}, {@code deprecated*}. */
final class EventsApiEventReader implements KubeObjectReader {

  @Override
  public boolean handles(String group, String kind) {
    return group.equals("events.k8s.io") && kind.equals("Event");
  }

  @Override
  public String topic() {
    return Topics.EVENTS;
  }

  @Override
  public void read(JsonNode object, Provenance at, BundleBuilder out) throws NotReadable {
    Event e = KubeModel.convert(object, Event.class, at);
    ObjectReference about = e.getRegarding();
    Instant eventTime = CoreEventReader.time(e.getEventTime());
    Instant seriesLast = e.getSeries() == null ? null : CoreEventReader.time(e.getSeries().getLastObservedTime());
    Instant first = CoreEventReader.firstNonNull(Times.parse(e.getDeprecatedFirstTimestamp()), eventTime, seriesLast);
    Instant last = CoreEventReader.firstNonNull(
        Times.parse(e.getDeprecatedLastTimestamp()), seriesLast, eventTime, first);
    Integer count = e.getSeries() != null && e.getSeries().getCount() != null
        ? e.getSeries().getCount() : e.getDeprecatedCount();
    String component = e.getReportingController() != null ? e.getReportingController()
        : e.getDeprecatedSource() == null ? null : e.getDeprecatedSource().getComponent();
    out.observed(last);
    out.fact(new KubeEvent(
        about != null && about.getNamespace() != null ? about.getNamespace() : KubeModel.namespace(e.getMetadata()),
        about == null ? null : about.getKind(),
        about == null ? null : about.getName(),
        e.getType(), e.getReason(), e.getNote(), component,
        count == null || count < 1 ? 1 : count,
        first, last, at));
  }
}
