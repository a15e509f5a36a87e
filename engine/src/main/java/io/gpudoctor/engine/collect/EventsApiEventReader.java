package io.gpudoctor.engine.collect;

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
    KubeTree e = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree about = e.object("regarding");
    KubeTree series = e.object("series");
    Instant eventTime = Times.parse(e.string("eventTime"));
    Instant seriesLast = Times.parse(series.string("lastObservedTime"));
    Instant first = CoreEventReader.firstNonNull(Times.parse(e.string("deprecatedFirstTimestamp")), eventTime, seriesLast);
    Instant last = CoreEventReader.firstNonNull(
        Times.parse(e.string("deprecatedLastTimestamp")), seriesLast, eventTime, first);
    Integer count = CoreEventReader.firstNonNull(series.integer("count"), e.integer("deprecatedCount"));
    String component = CoreEventReader.firstNonNull(
        e.string("reportingController"), e.object("deprecatedSource").string("component"));
    out.observed(last);
    out.fact(new KubeEvent(
        CoreEventReader.firstNonNull(about.string("namespace"), KubeModel.metadata(e).string("namespace")),
        about.string("kind"),
        about.string("name"),
        e.string("type"), e.string("reason"), e.string("note"), component,
        count == null || count < 1 ? 1 : count,
        first, last, at));
  }
}
