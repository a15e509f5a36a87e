package io.gpudoctor.facts;

import java.time.Instant;

/** What the kubelet reports about one container: current state and the last termination. */
public record ContainerStatusFacts(
    String name,
    boolean ready,
    int restartCount,
    String waitingReason,
    String waitingMessage,
    String terminatedReason,
    Integer terminatedExitCode,
    Instant terminatedFinishedAt,
    String lastTerminatedReason,
    Integer lastTerminatedExitCode,
    Instant lastTerminatedFinishedAt,
    Provenance provenance) {}
