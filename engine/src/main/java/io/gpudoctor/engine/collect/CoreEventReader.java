package io.gpudoctor.engine.collect;

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
    KubeTree e = KubeTree.of(object, at.pointer(), out.strings());
    KubeTree about = e.object("involvedObject");
    KubeTree series = e.object("series");
    Instant eventTime = Times.parse(e.string("eventTime"));
    Instant seriesLast = Times.parse(series.string("lastObservedTime"));
    Instant first = firstNonNull(Times.parse(e.string("firstTimestamp")), eventTime, seriesLast);
    Instant last = firstNonNull(Times.parse(e.string("lastTimestamp")), seriesLast, eventTime, first);
    Integer count = firstNonNull(e.integer("count"), series.integer("count"));
    String component = firstNonNull(e.object("source").string("component"), e.string("reportingComponent"));
    out.observed(last);
    out.fact(new KubeEvent(
        firstNonNull(about.string("namespace"), KubeModel.metadata(e).string("namespace")),
        about.string("kind"),
        about.string("name"),
        e.string("type"), e.string("reason"), e.string("message"), component,
        count == null || count < 1 ? 1 : count,
        first, last, at));
  }

  @SafeVarargs
  static <T> T firstNonNull(T... values) {
    for (T v : values) if (v != null) return v;
    return null;
  }
}
