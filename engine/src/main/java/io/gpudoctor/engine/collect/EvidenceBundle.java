package io.gpudoctor.engine.collect;

import io.gpudoctor.facts.Read;
import io.gpudoctor.facts.Target;
import java.util.List;

/**
 * Everything read from one evidence folder: the bound target (with {@code capturedAt} set), the
 * facts for the rule session, a {@link Read} for every file used (and every read recorded as not
 * run), and every file that could not be used.
 *
 * @param facts observed facts in a deterministic order (by file path, then position in file)
 */
public record EvidenceBundle(
    Target target,
    List<Object> facts,
    List<Read> reads,
    List<UnreadableFile> unreadable,
    List<String> warnings) {

  public EvidenceBundle {
    facts = List.copyOf(facts);
    reads = List.copyOf(reads);
    unreadable = List.copyOf(unreadable);
    warnings = List.copyOf(warnings);
  }
}
