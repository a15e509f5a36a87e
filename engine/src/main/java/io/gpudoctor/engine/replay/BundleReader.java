package io.gpudoctor.engine.replay;

import io.gpudoctor.engine.collect.EvidenceBundle;
import io.gpudoctor.engine.collect.EvidenceException;
import java.nio.file.Path;

/** Reads the evidence of one incident folder (or archive); the replay's seam to the collectors. */
@FunctionalInterface
public interface BundleReader {
  EvidenceBundle read(Path folder) throws EvidenceException;
}
