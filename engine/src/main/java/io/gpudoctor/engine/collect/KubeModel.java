package io.gpudoctor.engine.collect;

import java.time.Instant;

/** The metadata every Kubernetes object reader needs. */
final class KubeModel {
  private KubeModel() {}

  static KubeTree metadata(KubeTree object) throws NotReadable {
    return object.object("metadata");
  }

  static String requireName(KubeTree meta, String kind) throws NotReadable {
    String name = meta.string("name");
    if (name == null || name.isBlank()) throw new NotReadable(kind + " without metadata.name");
    return name;
  }

  static Instant created(KubeTree meta) throws NotReadable {
    return Times.parse(meta.string("creationTimestamp"));
  }
}
