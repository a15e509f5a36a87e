package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Provenance;

/** What an {@code az} output says about which cluster it came from; null fields are unknown. */
record ClusterBinding(
    String subscription, String resourceGroup, String cluster, String region, Provenance provenance) {}
